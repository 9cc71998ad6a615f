import { createHash } from 'node:crypto';
import { type Locale, noCallGenotype, reportNumberOf, type Zygosity } from '@genodesk/contract';
import type { ReportCompany } from '../../config.js';
import type { ReportDocument, ReportGeneRow, ReportSource } from '../products/report-pdf/document.js';
import { type RiskKey, riskKeys, riskWords } from '../products/report-pdf/labels.js';
import { type RichBlock, richTextAst } from '../products/report-pdf/rich-text-ast.js';
import { readContent } from '../products/report-view.js';
import {
  chromosomeAccessions,
  labSystems,
  loinc,
  loincAnswers,
  profiles,
  systems,
  translationExtension,
} from './codes.js';

// A released report version as an HL7 FHIR R4 Bundle on the Genomics Reporting IG (issue 40). It is
// built from the very documents the PDF of that version prints (both languages, `reportDocumentFrom`)
// and from the content they were read from, so every text is the PDF's text and every genotype reads
// as the PDF reads it (issue 34's reading, not derived again here).

/* biome-ignore lint/suspicious/noExplicitAny: FHIR JSON is open-ended; the validator test checks it. */
type Json = Record<string, any>;

/** A marker of the map as the bundle names it: dbSNP id, transcript, position, VCF alleles. */
export type MapMarkerDetails = {
  rsid: string;
  transcript: string;
  chromosome: string;
  positionGrch37: number | null;
  positionGrch38: number | null;
  reference: string;
  alternative: string;
};

export type BundleInput = {
  /** The lab's public address: the systems of its identifiers and codes live under it. */
  origin: string;
  productId: number;
  customerId: number;
  version: number;
  issuedAt: Date;
  preliminary: boolean;
  replaces: { version: number; issuedAt: Date; code: string; reason: string } | null;
  verificationCode: string;
  /** What the version was made of (the edit's values on top), and its documents in both languages. */
  source: ReportSource;
  language: Locale;
  documents: Record<Locale, ReportDocument>;
  /** The marker map's entries of the report's genes, by lower-cased gene code. */
  markers: Map<string, MapMarkerDetails>;
  pdf: { sha256: string; sha1Base64: string; size: number; filename: string };
  company: ReportCompany;
};

const otherLocale = (locale: Locale): Locale => (locale === 'cs' ? 'en' : 'cs');

/** A deterministic `urn:uuid:` for a resource of a version: the same bundle reads the same every time. */
const uuidOf = (seed: string) => {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Rich text as plain text: paragraphs apart by a blank line, list items on lines of their own. */
export function plainText(blocks: RichBlock[]): string {
  const block = (b: RichBlock): string => {
    if (b.t === 'p' || b.t === 'h') return b.c.map((run) => run.text).join('');
    if (b.t === 'quote') return b.c.map(block).join('\n');
    if (b.t !== 'ul' && b.t !== 'ol') return '';
    return b.items
      .map((item, i) => `${b.t === 'ol' ? `${i + 1}.` : '•'} ${item.map(block).join(' ')}`)
      .join('\n');
  };
  return blocks
    .map(block)
    .map((text) => text.trim())
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A string element with its translation: `{ text, _text }` where the other language's text exists and
 * differs (a report without an English text has nothing to translate). Empty strings are left out:
 * FHIR has no empty string.
 */
function texted(
  key: string,
  primary: string | null | undefined,
  other: string | null | undefined,
  lang: Locale,
) {
  if (!primary) return {};
  const out: Json = { [key]: primary };
  if (other && other !== primary)
    out[`_${key}`] = {
      extension: [
        {
          url: translationExtension,
          extension: [
            { url: 'lang', valueCode: lang },
            { url: 'content', valueString: other },
          ],
        },
      ],
    };
  return out;
}

const allelicStates: Partial<Record<Zygosity, { code: string; display: string }>> = {
  heterozygous: loincAnswers.heterozygous,
  homozygous: loincAnswers.homozygous,
  hemizygous: loincAnswers.hemizygous,
};

const presence: Record<Zygosity, { code: string; display: string } | null> = {
  heterozygous: loincAnswers.present,
  homozygous: loincAnswers.present,
  hemizygous: loincAnswers.present,
  wildType: loincAnswers.absent,
  hemizygousWildType: loincAnswers.absent,
  noCall: null,
};

/** The results table's zygosity cell of a gene row, exactly as `reportDocumentFrom` fills it. */
const zygosityCell = (g: ReportGeneRow) =>
  g.detail && g.geneGenotype === null ? `${g.genotype}: ${g.detail}` : g.genotype;

const loincCoding = (code: string, display?: string) => ({
  system: systems.loinc,
  code,
  ...(display ? { display } : {}),
});

const component = (code: string, value: Json) => ({ code: { coding: [loincCoding(code)] }, ...value });

export function reportBundle(input: BundleInput): Json {
  const { source, language } = input;
  const other = otherLocale(language);
  const doc = input.documents[language];
  const otherDoc = input.documents[other];
  const lab = labSystems(input.origin);
  const number = reportNumberOf(input.productId);
  const versionId = `${number}-v${input.version}`;
  const ref = (key: string) => uuidOf(`${versionId}/${key}`);
  const issued = input.issuedAt.toISOString();
  const status = input.preliminary ? 'preliminary' : input.replaces ? 'amended' : 'final';
  const content = readContent(source.content, source.notations ?? new Map());

  const patientRef = ref('patient');
  const specimenRef = ref('specimen');
  const organizationRef = ref('organization');
  const practitionerRef = ref('practitioner');
  const roleRef = ref('practitioner-role');
  const hasPhysician = Boolean(source.doctorName);
  const hasSpecimen = Boolean(source.barcode || source.sampleType || source.sampleCollectedAt);

  const entries: { fullUrl: string; resource: Json }[] = [];
  const genomicCategories = [
    { coding: [{ system: systems.observationCategory, code: 'laboratory', display: 'Laboratory' }] },
    { coding: [{ system: systems.diagnosticService, code: 'GE', display: 'Genetics' }] },
  ];
  const observationBase = () => ({
    resourceType: 'Observation',
    language,
    status,
    category: genomicCategories,
    subject: { reference: patientRef },
    ...(hasSpecimen ? { specimen: { reference: specimenRef } } : {}),
    issued,
    performer: [{ reference: organizationRef }],
  });

  // The markers the reported phenotypes read (a withheld phenotype's genes are not told), once each.
  const variantRefs = new Map<string, string>();
  const variants: { fullUrl: string; resource: Json }[] = [];
  const variantFor = (
    code: string,
    gene: {
      row: ReportGeneRow;
      otherRow: ReportGeneRow;
      zygosity: Zygosity | null;
      noCallReason: string | null;
    },
  ) => {
    const key = code.toLowerCase();
    const known = variantRefs.get(key);
    if (known) return known;
    const fullUrl = ref(`variant/${key}`);
    variantRefs.set(key, fullUrl);
    const { row, otherRow, zygosity } = gene;
    const marker = input.markers.get(key);
    const rsid = marker?.rsid || (/^rs\d+$/i.test(code) ? code.toLowerCase() : null);
    const build: 37 | 38 | null = marker?.positionGrch38 ? 38 : marker?.positionGrch37 ? 37 : null;
    const position = build === 38 ? marker?.positionGrch38 : build === 37 ? marker?.positionGrch37 : null;
    const components: Json[] = [];
    if (row.gene)
      components.push(
        component(loinc.geneStudied, {
          valueCodeableConcept: { coding: [{ system: systems.hgnc, display: row.gene }], text: row.gene },
        }),
      );
    components.push(
      component(loinc.variationCode, {
        valueCodeableConcept: {
          ...(rsid ? { coding: [{ system: systems.dbSnp, code: rsid }] } : {}),
          text: code,
        },
      }),
    );
    if (row.hgvsC)
      components.push(
        component(loinc.codingHgvs, {
          valueCodeableConcept: { coding: [{ system: systems.hgvs, code: row.hgvsC }], text: row.hgvsC },
        }),
      );
    if (row.protein)
      components.push(
        component(loinc.proteinHgvs, {
          valueCodeableConcept: { coding: [{ system: systems.hgvs, code: row.protein }], text: row.protein },
        }),
      );
    if (marker?.transcript)
      components.push(
        component(loinc.transcriptRefSeq, {
          valueCodeableConcept: { coding: [{ system: systems.refSeq, code: marker.transcript }] },
        }),
      );
    const accession = marker && build ? chromosomeAccessions[build][marker.chromosome] : undefined;
    if (marker && build && position) {
      if (accession)
        components.push(
          component(loinc.genomicRefSeq, {
            valueCodeableConcept: { coding: [{ system: systems.refSeq, code: accession }] },
          }),
        );
      components.push(
        component(loinc.assembly, {
          valueCodeableConcept: {
            coding: [
              loincCoding(build === 38 ? loincAnswers.grch38.code : loincAnswers.grch37.code, `GRCh${build}`),
            ],
          },
        }),
        component(loinc.coordinateSystem, {
          valueCodeableConcept: {
            coding: [loincCoding(loincAnswers.oneBased.code, loincAnswers.oneBased.display)],
          },
        }),
        component(loinc.exactStartEnd, { valueRange: { low: { value: position } } }),
        component(loinc.refAllele, { valueString: marker.reference }),
        component(loinc.altAllele, { valueString: marker.alternative }),
      );
    }
    // The zygosity as the report words it (the LOINC answer where one exists: wild type has none).
    if (zygosity && zygosity !== 'noCall') {
      const state = allelicStates[zygosity];
      components.push(
        component(loinc.allelicState, {
          valueCodeableConcept: {
            ...(state ? { coding: [loincCoding(state.code, state.display)] } : {}),
            ...texted('text', row.genotype, otherRow.genotype, other),
          },
        }),
      );
    }
    const noCall = gene.noCallReason !== null;
    const answer = zygosity ? presence[zygosity] : loincAnswers.indeterminate;
    variants.push({
      fullUrl,
      resource: {
        ...observationBase(),
        id: `variant-${key.replace(/[^A-Za-z0-9.-]/g, '-')}`.slice(0, 64),
        meta: { profile: [profiles.variant] },
        identifier: [{ system: lab.geneCode, value: code }],
        code: { coding: [loincCoding(loinc.variantAssessment, 'Genetic variant assessment')] },
        // The value: is the variant there; its text the genotype on the gene's strand as printed. A
        // no-call has no value, only why (its cause as the report words it).
        ...(noCall
          ? {
              dataAbsentReason: {
                coding: [
                  {
                    system: systems.dataAbsentReason,
                    // Absent from the lab's file: not tested; any other no-call: the test failed there.
                    code: gene.noCallReason === 'absent' ? 'not-performed' : 'error',
                  },
                ],
                ...texted('text', zygosityCell(row), zygosityCell(otherRow), other),
              },
            }
          : {
              valueCodeableConcept: {
                ...(answer ? { coding: [loincCoding(answer.code, answer.display)] } : {}),
                ...texted('text', row.geneGenotype, otherRow.geneGenotype, other),
              },
            }),
        component: components,
      },
    });
    return fullUrl;
  };

  // Per phenotype a diagnostic implication from its markers; withheld ones are not told at all.
  const implications: { fullUrl: string; resource: Json }[] = [];
  doc.categories.forEach((category, ci) => {
    category.subcategories.forEach((subcategory, si) => {
      subcategory.phenotypes.forEach((phenotype, pi) => {
        if (phenotype.withheld !== null) return;
        const otherPhenotype = otherDoc.categories[ci]!.subcategories[si]!.phenotypes[pi]!;
        const read = content.categories[ci]!.subcategories[si]!.phenotypes[pi]!;
        const derivedFrom = phenotype.genes.map((row, gi) => {
          const readGene = read.genes[gi]!;
          return {
            reference: variantFor(row.code, {
              row,
              otherRow: otherPhenotype.genes[gi]!,
              zygosity: readGene.zygosity ?? null,
              noCallReason: readGene.genotype === noCallGenotype ? (readGene.noCallReason ?? 'noCall') : null,
            }),
          };
        });
        implications.push(
          implication({
            key: `phenotype/${read.geneCombinationId}`,
            identifier: { system: lab.geneCombination, value: String(read.geneCombinationId) },
            name: [phenotype.name, otherPhenotype.name],
            text: [plainText(phenotype.text), plainText(otherPhenotype.text)],
            risk: phenotype.risk,
            riskWord: [phenotype.riskWord, otherPhenotype.riskWord],
            derivedFrom,
          }),
        );
      });
    });
  });

  // Per fired combination rule one more, from the markers of its phenotypes.
  const withheldIds = new Set(
    source.content.categories.flatMap((c) =>
      c.subcategories.flatMap((s) => s.phenotypes.filter((p) => p.withheld).map((p) => p.geneCombinationId)),
    ),
  );
  const phenotypeGenes = new Map(
    content.categories.flatMap((c) =>
      c.subcategories.flatMap((s) => s.phenotypes.map((p) => [p.geneCombinationId, p.genes] as const)),
    ),
  );
  const pick = (locale: Locale, cs: string, en: string) => (locale === 'en' && en ? en : cs);
  const riskKey = (risk: number): RiskKey => riskKeys[risk as keyof typeof riskKeys] ?? 'none';
  for (const combination of content.combinations) {
    if (combination.phenotypes.some((p) => withheldIds.has(p.geneCombinationId))) continue;
    const codes = [
      ...new Set(
        combination.phenotypes.flatMap((p) =>
          (phenotypeGenes.get(p.geneCombinationId) ?? []).map((g) => g.code.toLowerCase()),
        ),
      ),
    ];
    const derivedFrom = codes.flatMap((code) => {
      const known = variantRefs.get(code);
      return known ? [{ reference: known }] : [];
    });
    if (derivedFrom.length === 0) continue;
    const both = <T>(of: (locale: Locale) => T): [T, T] => [of(language), of(other)];
    const risk = riskKey(combination.risk);
    implications.push(
      implication({
        key: `combination/${combination.ruleId}`,
        identifier: { system: lab.combinationRule, value: String(combination.ruleId) },
        name: both((l) => pick(l, combination.name, combination.nameEn)),
        text: both((l) => plainText(richTextAst(pick(l, combination.text, combination.textEn)))),
        risk,
        riskWord: both((l) => riskWords[l][risk]),
        derivedFrom,
      }),
    );
  }

  function implication(item: {
    key: string;
    identifier: { system: string; value: string };
    name: [string, string];
    text: [string, string];
    risk: string;
    riskWord: [string, string];
    derivedFrom: { reference: string }[];
  }) {
    const components: Json[] = [
      component(loinc.predictedPhenotype, {
        valueCodeableConcept: texted('text', item.name[0], item.name[1], other),
      }),
    ];
    if (item.text[0])
      components.push({
        code: { coding: [{ system: systems.tbd, code: 'conclusion-string' }] },
        ...texted('valueString', item.text[0], item.text[1], other),
      });
    return {
      fullUrl: ref(item.key),
      resource: {
        ...observationBase(),
        id: item.key.replace('/', '-'),
        meta: { profile: [profiles.diagnosticImplication] },
        identifier: [item.identifier],
        code: { coding: [{ system: systems.tbd, code: 'diagnostic-implication' }] },
        // The risk has no element of its own in the IG: the observation's interpretation, coded in the
        // lab's system, worded as the report words it.
        interpretation: [
          {
            coding: [{ system: lab.risk, code: item.risk }],
            ...texted('text', item.riskWord[0], item.riskWord[1], other),
          },
        ],
        derivedFrom: item.derivedFrom,
        component: components,
      },
    };
  }

  const patient: Json = {
    resourceType: 'Patient',
    id: `customer-${input.customerId}`,
    language,
    identifier: [{ system: lab.customer, value: String(input.customerId) }],
    name: [{ text: source.customerName }],
    gender: source.customerGender === 1 ? 'male' : source.customerGender === 2 ? 'female' : 'unknown',
    ...(source.dateOfBirth ? { birthDate: source.dateOfBirth } : {}),
    communication: [{ language: { coding: [{ system: systems.bcp47, code: language }] }, preferred: true }],
  };
  const organization: Json = {
    resourceType: 'Organization',
    id: 'laboratory',
    ...(input.company.id ? { identifier: [{ system: lab.companyId, value: input.company.id }] } : {}),
    name: input.company.name,
    ...(input.company.address ? { address: [{ text: input.company.address }] } : {}),
  };
  const specimen: Json = {
    resourceType: 'Specimen',
    id: 'specimen',
    ...(source.barcode ? { identifier: [{ system: lab.barcode, value: source.barcode }] } : {}),
    ...(doc.sample.type ? { type: texted('text', doc.sample.type, otherDoc.sample.type, other) } : {}),
    subject: { reference: patientRef },
    ...(source.sampleReceivedAt ? { receivedTime: source.sampleReceivedAt.toISOString() } : {}),
    ...(source.sampleCollectedAt
      ? { collection: { collectedDateTime: source.sampleCollectedAt.toISOString() } }
      : {}),
  };
  const practitioner: Json = {
    resourceType: 'Practitioner',
    id: 'approving-physician',
    ...(source.doctorLicence
      ? { identifier: [{ system: lab.physicianLicence, value: source.doctorLicence }] }
      : {}),
    name: [{ text: source.doctorName }],
  };
  const role: Json = {
    resourceType: 'PractitionerRole',
    id: 'approving-physician-role',
    practitioner: { reference: practitionerRef, display: source.doctorName },
    organization: { reference: organizationRef },
    code: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/practitioner-role',
            code: 'doctor',
            display: 'Doctor',
          },
        ],
      },
    ],
  };

  // The conclusion: the summary's findings, as the PDF's summary lists them.
  const conclusionOf = (d: ReportDocument) =>
    d.summary.map((finding) => `${finding.phenotype} (${finding.category}): ${finding.riskWord}`).join('\n');
  const effective = source.sampleCollectedAt ?? source.sampleReceivedAt ?? input.issuedAt;
  const productType = doc.report.productType;
  const report: Json = {
    resourceType: 'DiagnosticReport',
    id: String(input.productId),
    meta: { versionId: String(input.version), lastUpdated: issued, profile: [profiles.genomicReport] },
    language,
    ...(input.replaces
      ? {
          extension: [
            {
              url: lab.amendment,
              extension: [
                { url: 'replacesVersion', valueInteger: input.replaces.version },
                { url: 'replacesIssued', valueDateTime: input.replaces.issuedAt.toISOString() },
                { url: 'replacesVerificationCode', valueString: input.replaces.code },
                ...(input.replaces.reason ? [{ url: 'reason', valueString: input.replaces.reason }] : []),
              ],
            },
          ],
        }
      : {}),
    identifier: [
      { system: lab.report, value: number },
      { system: lab.reportVersion, value: versionId },
    ],
    status,
    category: [{ coding: [{ system: systems.diagnosticService, code: 'GE', display: 'Genetics' }] }],
    code: {
      coding: [loincCoding(loinc.geneticAnalysisReport, 'Genetic analysis report')],
      ...(productType ? texted('text', productType, otherDoc.report.productType, other) : {}),
    },
    subject: { reference: patientRef },
    effectiveDateTime: effective.toISOString(),
    issued,
    performer: [{ reference: organizationRef }],
    ...(hasPhysician ? { resultsInterpreter: [{ reference: roleRef }] } : {}),
    ...(hasSpecimen ? { specimen: [{ reference: specimenRef }] } : {}),
    result: [...variants, ...implications].map((entry) => ({ reference: entry.fullUrl })),
    ...texted('conclusion', conclusionOf(doc), conclusionOf(otherDoc), other),
    presentedForm: [
      {
        extension: [{ url: lab.pdfSha256, valueString: input.pdf.sha256 }],
        contentType: 'application/pdf',
        language,
        size: input.pdf.size,
        hash: input.pdf.sha1Base64,
        title: input.pdf.filename,
        creation: issued,
      },
    ],
  };

  entries.push(
    { fullUrl: ref('report'), resource: report },
    { fullUrl: patientRef, resource: patient },
    ...(hasSpecimen ? [{ fullUrl: specimenRef, resource: specimen }] : []),
    { fullUrl: organizationRef, resource: organization },
    ...(hasPhysician
      ? [
          { fullUrl: practitionerRef, resource: practitioner },
          { fullUrl: roleRef, resource: role },
        ]
      : []),
    ...variants,
    ...implications,
  );
  return {
    resourceType: 'Bundle',
    id: versionId,
    meta: { lastUpdated: issued },
    identifier: { system: lab.reportVersion, value: versionId },
    type: 'collection',
    timestamp: issued,
    entry: entries,
  };
}

/** The stored bundle with the PDF's bytes in its `presentedForm` (they are stored once, as the PDF). */
export function withPdf(bundle: Json, pdf: Buffer): Json {
  return {
    ...bundle,
    entry: (bundle.entry as Json[]).map((entry) =>
      entry.resource?.resourceType === 'DiagnosticReport'
        ? {
            ...entry,
            resource: {
              ...entry.resource,
              presentedForm: (entry.resource.presentedForm as Json[]).map((form) => ({
                ...form,
                data: pdf.toString('base64'),
              })),
            },
          }
        : entry,
    ),
  };
}
