import {
  type ClinicalWeight,
  clinicalWeightLabels,
  compareFindings,
  displayGenotype,
  type Locale,
  type NoCallReason,
  noCallGenotype,
  noCallReasonLabels,
  noCallReasons,
  reportNumberOf,
  zygosityLabels,
} from '@genodesk/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import QRCode from 'qrcode';
import type { ReportCompany } from '../../../config.js';
import type { Executor } from '../../../db/client.js';
import {
  barcodes,
  customerGenotypes,
  customers,
  products,
  productTypes,
  type ReportContent,
  resultUploads,
  samples,
  users,
} from '../../../db/schema/index.js';
import { notFound } from '../../../http/errors.js';
import { loadMarkerNotations, type MarkerNotations } from '../../templates/marker-notation.js';
import { contentCodes, readContent, summaryFindings } from '../report-view.js';
import {
  defaultReportMethod,
  type ReportLabels,
  type RiskKey,
  reportLabels,
  reportLanguageOf,
  riskKeys,
  riskWords,
  sampleTypeLabels,
  sexLabels,
} from './labels.js';
import { type RichBlock, richTextAst } from './rich-text-ast.js';

type Risked = { risk: RiskKey; riskWord: string };

export type ReportGeneRow = {
  gene: string | null;
  code: string;
  /** HGVS c. on the transcript (the marker map's, else the lab file's). */
  hgvsC: string | null;
  protein: string | null;
  /**
   * The genotype as the clinician reads it (issue 34): the zygosity in words for a marker of the map,
   * "not determined (no call)" for a no-call, the alleles as given for a gene the map does not know.
   */
  genotype: string;
  /** Under it: the plus-strand alleles ("plus strand C/T"), or a no-call's cause. */
  detail: string | null;
  /** The alleles on the gene's strand (issue 35's results table; the plus strand's for an unmapped gene). */
  geneGenotype: string | null;
};

/** A row of the results table (issue 35): a reported phenotype's marker with the phenotype's result. */
export type ReportResultRow = {
  gene: string;
  hgvsC: string | null;
  protein: string | null;
  genotype: string | null;
  zygosity: string;
  interpretation: string;
};

/** A marker the laboratory tested, for the appendix: its call status only (never the genotype). */
export type ReportMarkerRow = { code: string; gene: string | null; hgvsC: string | null; status: string };

/**
 * Everything the report PDF prints, already in the report's language and formatted (dates, risk
 * words): `report.typ` reads it as JSON and places it as text.
 */
export type ReportDocument = {
  lang: Locale;
  labels: ReportLabels;
  /** The laboratory's header (`COMPANY_*` settings); `idLabel` is "IČO" / "Company ID". */
  company: ReportCompany & { idLabel: string };
  /** The accreditation line (`REPORT_ACCREDITATION`), none by default. */
  accreditation: string | null;
  customer: { name: string; dateOfBirth: string | null; sex: string | null; barcode: string | null };
  sample: {
    type: string | null;
    collectedAt: string | null;
    receivedAt: string | null;
  };
  /** The requesting physician and the indication, when the report has them. */
  request: { physician: string | null; indication: string | null };
  report: { number: string; version: number; date: string; productType: string | null };
  /** "Final report", "Preliminary report" or "Amended report (version 2)" (ISO 15189 §7.4.1.6). */
  status: string;
  /** The method (platform and assay), the genome build and the number of markers tested. */
  method: { text: string; genomeBuild: string; markers: number; called: number };
  /** The results table: every reported phenotype's markers with the phenotype's result. */
  results: ReportResultRow[];
  /** The appendix: every marker tested, with its call status. */
  markers: ReportMarkerRow[];
  /** Phenotypes the physician withheld (issue 35): "Not reported: <phenotype> – <reason>", nothing else. */
  withheld: { phenotype: string; category: string; reason: string }[];
  /** Technical validation (issue 35): who and when, and what they reviewed, in words. */
  validation: { by: string | null; date: string | null; detail: string | null } | null;
  /**
   * An amended report: the version it replaces, that version's issue date and verification code, and
   * why ("Amended report. Version 2 – replaces version 1 of 24 Nov 2026 (verification code …): …").
   */
  replaces: { version: number; date: string; code: string; reason: string } | null;
  intro: RichBlock[];
  reproductiveIntro: RichBlock[] | null;
  /**
   * The phenotypes with a high or medium risk and every fired combination, by `compareFindings`: the
   * graver clinical weight (`weight`, in words) first, then the graver risk.
   */
  summary: (Risked & { phenotype: string; category: string; weight: string; combination: boolean })[];
  combinations: (Risked & { name: string; text: RichBlock[] })[];
  categories: {
    name: string;
    subcategories: {
      name: string;
      phenotypes: (Risked & {
        name: string;
        text: RichBlock[];
        genes: ReportGeneRow[];
        /** Withheld by the physician: only "Not reported: … – reason" is printed (no text, risk, genes). */
        withheld: string | null;
      })[];
    }[];
  }[];
  /**
   * Phenotypes not determined (issue 34): a gene they need was not called (the content says so), each
   * gene with its cause, as the report screen lists them. The section advises a retest. A marker a file
   * does not name is an 'absent' no-call of the phenotypes the files tested in part; a phenotype none of
   * whose markers they name was not tested and is not in the report (generation.ts).
   */
  notDetermined: { phenotype: string; category: string; genes: { code: string; cause: string }[] }[];
  /** The catalogue's texts as paragraphs of lines (a blank line starts a paragraph). */
  limitations: string[][];
  disclaimer: string[][];
  /** The physician who approved it, with their licence number (issue 35), and when. */
  approval: { doctor: string | null; licence: string | null; date: string | null };
  verification: { code: string; url: string; qrSvg: string };
  preliminary: boolean;
  preview: boolean;
};

/** What the document is made of, as read from the database (or made up by a benchmark). */
export type ReportSource = {
  productId: number;
  status: number;
  content: ReportContent;
  customerName: string;
  dateOfBirth: string | null;
  /** `customers.gender`: 1 male, 2 female (contract `CustomerGender`). */
  customerGender?: number | null;
  barcode: string | null;
  sampleType?: string | null;
  sampleCollectedAt?: Date | null;
  sampleReceivedAt: Date | null;
  requestingPhysician?: string | null;
  indication?: string | null;
  /** Technical validation: when, by whom, what was reviewed (none: not validated). */
  technicallyValidatedAt?: Date | null;
  technicalValidatorName?: string | null;
  technicalValidation?: { callRate: number; noCalls: number; controlsPassed: boolean; note: string } | null;
  /** The genome builds of the uploads the customer's genotypes came from (37, 38). */
  genomeBuilds?: number[];
  /** Every marker the laboratory tested for the customer: its code, gene, HGVS c. and no-call reason. */
  testedMarkers?: { code: string; name: string | null; hgvsC: string | null; noCallReason: string | null }[];
  productTypeName: string | null;
  productTypeNameEn: string | null;
  doctorIntro: string;
  doctorIntroReproductiveGenetics: string;
  doctorIntroReproductiveGeneticsEnabled: boolean;
  doctorName: string | null;
  /** The approving physician's licence number (none: not printed). */
  doctorLicence: string | null;
  publishedAt: Date | null;
  /** The customer's stored genotypes of the report's genes, by lower-cased code. */
  genes: Map<string, { name: string | null; hgvsC: string | null; protein: string | null }>;
  /** The marker map's notation of the report's genes (none: every genotype printed as given). */
  notations?: MarkerNotations;
};

export type ReportOptions = {
  locale: Locale;
  preview: boolean;
  /** The stored version's number (1 for a preview). */
  version?: number;
  /** The version this one replaces (its issue time and code), and why. */
  replaces?: { version: number; issuedAt: Date; code: string; reason: string; preliminary?: boolean } | null;
  /** When the report is dated (now for a preview). */
  date?: Date;
  verification: { code: string; url: string };
  /** The laboratory printed in the header (`config.reportCompany`). */
  company: ReportCompany;
  /** The catalogue's limitations and disclaimer in the report's language (report-texts.service.ts). */
  texts: { limitations: string; disclaimer: string };
};

/** Plain text as paragraphs (split at blank lines) of lines, blank ones dropped. */
export const textParagraphs = (text: string): string[][] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);

const dateFormats: Record<Locale, Intl.DateTimeFormat> = {
  cs: new Intl.DateTimeFormat('cs-CZ', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'Europe/Prague',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Prague',
  }),
};
/** A calendar day (`YYYY-MM-DD`, taken at noon UTC so no zone moves it) or an instant, in Prague. */
export const formatReportDate = (value: string | Date, locale: Locale) =>
  dateFormats[locale].format(typeof value === 'string' ? new Date(`${value}T12:00:00Z`) : value);

const asNoCallReason = (value: string | null | undefined): NoCallReason =>
  (noCallReasons as readonly string[]).includes(value ?? '') ? (value as NoCallReason) : 'noCall';

/** The templates whose texts a report of this content tells: its phenotypes' that are not withheld. */
export function templatesTold(content: ReportContent): number[] {
  const ids = new Set<number>();
  for (const c of content.categories)
    for (const s of c.subcategories)
      for (const p of s.phenotypes) if (p.templateId !== null && !p.withheld) ids.add(p.templateId);
  return [...ids].sort((a, b) => a - b);
}

/** The document from its source: pure, so a benchmark can build one without a database. */
export async function reportDocumentFrom(
  source: ReportSource,
  options: ReportOptions,
): Promise<ReportDocument> {
  const { locale } = options;
  const en = locale === 'en';
  const pick = (cs: string, english: string | null | undefined) => (en && english ? english : cs);
  const risked = (risk: number | null, notAssessed = false): Risked => {
    const key: RiskKey =
      notAssessed || risk === null ? 'none' : (riskKeys[risk as keyof typeof riskKeys] ?? 'none');
    return { risk: key, riskWord: riskWords[locale][key] };
  };
  const labels = reportLabels[locale];
  const notations = source.notations ?? new Map();
  const content = readContent(source.content, notations);
  const weightWord = (weight: number) =>
    (clinicalWeightLabels[weight as ClinicalWeight] ?? clinicalWeightLabels[2])[locale];
  const cause = (reason: string | null | undefined) => noCallReasonLabels[asNoCallReason(reason)][locale];
  // Withheld by the physician (issue 35): read from the stored content, by gene combination.
  const withheldReasons = new Map<number, string>();
  for (const c of source.content.categories)
    for (const s of c.subcategories)
      for (const p of s.phenotypes)
        if (p.withheld) withheldReasons.set(p.geneCombinationId, p.withheld.reason);
  const geneName = (code: string) => source.genes.get(code.toLowerCase())?.name || null;
  const categories = content.categories.map((c) => ({
    name: pick(c.name, c.nameEn),
    subcategories: c.subcategories.map((s) => ({
      name: pick(s.name, s.nameEn),
      phenotypes: s.phenotypes.map((p) => {
        const name = pick(p.phenotype, p.phenotypeEn);
        const withheld = withheldReasons.get(p.geneCombinationId);
        // Withheld: the statement and the reason only — no text, risk or genotype to read it from.
        if (withheld !== undefined)
          return {
            name,
            text: [],
            risk: 'none' as const,
            riskWord: '',
            genes: [],
            withheld: `${labels.notReported}: ${name} – ${withheld}`,
          };
        return {
          name,
          withheld: null,
          // A phenotype not determined has no text of its own: the report says why and what to do.
          text: p.notDetermined
            ? [
                {
                  t: 'p' as const,
                  c: [{ text: labels.notDeterminedPhenotype, b: false, i: false, u: false }],
                },
              ]
            : richTextAst(pick(p.text, p.textEn)),
          ...(p.notDetermined
            ? { risk: 'undetermined' as const, riskWord: riskWords[locale].undetermined }
            : risked(p.risk, p.notAssessed)),
          genes: p.genes.map((g): ReportGeneRow => {
            const stored = source.genes.get(g.code.toLowerCase());
            const noCall = g.genotype === noCallGenotype;
            const shown = displayGenotype(g.genotype) ?? g.genotype;
            return {
              gene: stored?.name ?? null,
              code: g.code,
              hgvsC: g.hgvsC || stored?.hgvsC || null,
              protein: stored?.protein ?? null,
              genotype: noCall
                ? zygosityLabels.noCall[locale]
                : g.zygosity
                  ? zygosityLabels[g.zygosity][locale]
                  : shown,
              detail: noCall ? cause(g.noCallReason) : g.zygosity ? `${labels.plusStrand} ${shown}` : null,
              geneGenotype: noCall ? null : (g.geneGenotype ?? shown),
            };
          }),
        };
      }),
    })),
  }));
  // A combination built on a withheld phenotype would tell it: it is withheld with it.
  const withheldCombinations = new Set(
    content.combinations
      .filter((c) => c.phenotypes.some((p) => withheldReasons.has(p.geneCombinationId)))
      .map((c) => c.ruleId),
  );
  const summary = summaryFindings(content)
    .filter((finding) =>
      finding.kind === 'phenotype' ? !withheldReasons.has(finding.id) : !withheldCombinations.has(finding.id),
    )
    .map((finding) => ({
      phenotype: pick(finding.name, finding.nameEn),
      category:
        finding.kind === 'combination'
          ? labels.combinationFinding
          : pick(finding.category, finding.categoryEn),
      weight: weightWord(finding.clinicalWeight),
      combination: finding.kind === 'combination',
      ...risked(finding.risk),
    }));
  // Not determined: the content's phenotypes a gene of which was not called (a withheld one is not told).
  const notDetermined = [
    ...content.categories.flatMap((c) =>
      c.subcategories.flatMap((s) =>
        s.phenotypes
          .filter((p) => p.notDetermined && !withheldReasons.has(p.geneCombinationId))
          .map((p) => ({
            phenotype: pick(p.phenotype, p.phenotypeEn),
            category: pick(c.name, c.nameEn),
            genes: p.genes
              .filter((g) => g.genotype === noCallGenotype)
              .map((g) => ({ code: g.code, cause: cause(g.noCallReason) })),
          })),
      ),
    ),
  ];
  const withheld = content.categories.flatMap((c) =>
    c.subcategories.flatMap((s) =>
      s.phenotypes.flatMap((p) => {
        const reason = withheldReasons.get(p.geneCombinationId);
        return reason === undefined
          ? []
          : [{ phenotype: pick(p.phenotype, p.phenotypeEn), category: pick(c.name, c.nameEn), reason }];
      }),
    ),
  );
  // The results table: each reported phenotype's genes, as the phenotype's section prints them.
  const results: ReportResultRow[] = categories.flatMap((c) =>
    c.subcategories.flatMap((s) =>
      s.phenotypes
        .filter((p) => p.withheld === null)
        .flatMap((p) =>
          p.genes.map((g) => ({
            gene: g.gene ? `${g.gene} (${g.code})` : g.code,
            hgvsC: g.hgvsC,
            protein: g.protein,
            genotype: g.geneGenotype,
            zygosity: g.detail && g.geneGenotype === null ? `${g.genotype}: ${g.detail}` : g.genotype,
            interpretation: `${p.name}: ${p.riskWord}`,
          })),
        ),
    ),
  );
  // The appendix: every marker tested (the customer's stored genotypes), or, for a source without
  // them (a benchmark), the report's own markers.
  const tested = source.testedMarkers ?? [
    ...new Map(
      content.categories
        .flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes.flatMap((p) => p.genes)))
        .map((g) => [
          g.code.toLowerCase(),
          {
            code: g.code,
            name: geneName(g.code),
            hgvsC: g.hgvsC || null,
            noCallReason: g.genotype === noCallGenotype ? (g.noCallReason ?? 'noCall') : null,
          },
        ]),
    ).values(),
  ];
  const markers: ReportMarkerRow[] = [...tested]
    .sort((a, b) => a.code.localeCompare(b.code, 'en'))
    .map((m) => ({
      code: m.code,
      gene: m.name || null,
      hgvsC: notations.get(m.code.toLowerCase())?.hgvsC || m.hgvsC || null,
      status: m.noCallReason ? `${labels.noCallStatus}: ${cause(m.noCallReason)}` : labels.calledStatus,
    }));
  const builds = [...new Set(source.genomeBuilds ?? [])].sort().map((build) => `GRCh${build}`);
  const validation = source.technicallyValidatedAt
    ? {
        by: source.technicalValidatorName ?? null,
        date: formatReportDate(source.technicallyValidatedAt, locale),
        detail: source.technicalValidation
          ? [
              // A share (0.929) as the screens show it: 92,9 %.
              `${labels.callRate} ${new Intl.NumberFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(source.technicalValidation.callRate * 100)} %`,
              `${labels.noCalls} ${source.technicalValidation.noCalls}`,
              source.technicalValidation.controlsPassed ? labels.controlsPassed : labels.controlsFailed,
              source.technicalValidation.note.trim(),
            ]
              .filter(Boolean)
              .join(', ')
          : null,
      }
    : null;
  const url = options.verification.url;
  return {
    lang: locale,
    labels,
    // Picked field by field: the configuration's object also holds the signing certificate.
    company: {
      name: options.company.name,
      address: options.company.address,
      contact: options.company.contact,
      id: options.company.id,
      idLabel: labels.companyId,
    },
    accreditation: options.company.accreditation ?? null,
    customer: {
      name: source.customerName,
      dateOfBirth: source.dateOfBirth ? formatReportDate(source.dateOfBirth, locale) : null,
      sex:
        source.customerGender === 1 || source.customerGender === 2
          ? sexLabels[source.customerGender][locale]
          : null,
      barcode: source.barcode,
    },
    sample: {
      type:
        source.sampleType && source.sampleType in sampleTypeLabels
          ? sampleTypeLabels[source.sampleType as keyof typeof sampleTypeLabels][locale]
          : (source.sampleType ?? null),
      collectedAt: source.sampleCollectedAt ? formatReportDate(source.sampleCollectedAt, locale) : null,
      receivedAt: source.sampleReceivedAt ? formatReportDate(source.sampleReceivedAt, locale) : null,
    },
    request: { physician: source.requestingPhysician || null, indication: source.indication || null },
    status:
      source.status === 4
        ? labels.statusPreliminary
        : options.replaces
          ? // The final report after a preliminary one completes it; after a final one it amends it.
            `${options.replaces.preliminary ? labels.statusFinal : labels.statusAmended} (${labels.version} ${options.version ?? 1})`
          : labels.statusFinal,
    method: {
      text: options.company.method?.[locale] || defaultReportMethod[locale],
      genomeBuild: builds.length > 0 ? builds.join(', ') : (options.company.genomeBuild ?? 'GRCh38'),
      markers: markers.length,
      called: markers.filter((m) => m.status === labels.calledStatus).length,
    },
    results,
    markers,
    withheld,
    validation,
    report: {
      number: reportNumberOf(source.productId),
      version: options.version ?? 1,
      date: formatReportDate(options.date ?? new Date(), locale),
      productType: source.productTypeName ? pick(source.productTypeName, source.productTypeNameEn) : null,
    },
    replaces: options.replaces
      ? {
          version: options.replaces.version,
          date: formatReportDate(options.replaces.issuedAt, locale),
          code: options.replaces.code,
          reason: options.replaces.reason,
        }
      : null,
    intro: richTextAst(source.doctorIntro),
    reproductiveIntro: source.doctorIntroReproductiveGeneticsEnabled
      ? richTextAst(source.doctorIntroReproductiveGenetics)
      : null,
    summary,
    combinations: content.combinations
      .filter((c) => !withheldCombinations.has(c.ruleId))
      .sort(compareFindings)
      .map((c) => ({
        name: pick(c.name, c.nameEn),
        text: richTextAst(pick(c.text, c.textEn)),
        ...risked(c.risk),
      })),
    categories,
    notDetermined,
    limitations: textParagraphs(options.texts.limitations),
    disclaimer: textParagraphs(options.texts.disclaimer),
    approval: {
      doctor: source.doctorName,
      licence: source.doctorLicence,
      date: source.publishedAt ? formatReportDate(source.publishedAt, locale) : null,
    },
    verification: {
      code: options.verification.code,
      url,
      qrSvg: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 }),
    },
    preliminary: source.status === 4,
    preview: options.preview,
  };
}

/**
 * The report's source in four queries: the report with its customer, sample, barcode, type, doctor and
 * technical validator; every genotype stored for the customer (the appendix lists each marker tested,
 * the gene rows read the report's); the genome builds of the uploads they came from; the marker map's
 * notation of them. 404 when there is no such report.
 */
export async function readReportSource(db: Executor, productId: number) {
  const validator = alias(users, 'validator');
  const [row] = await db
    .select({
      productId: products.id,
      status: products.status,
      content: products.content,
      customerId: customers.id,
      customerFirstName: customers.name,
      customerSurname: customers.surname,
      customerGender: customers.gender,
      language: customers.language,
      dateOfBirth: customers.dateOfBirth,
      barcode: barcodes.code,
      sampleType: samples.sampleType,
      sampleCollectedAt: samples.collectedAt,
      sampleReceivedAt: samples.receivedAt,
      productTypeName: productTypes.name,
      productTypeNameEn: productTypes.nameEn,
      doctorIntro: products.doctorIntro,
      doctorIntroReproductiveGenetics: products.doctorIntroReproductiveGenetics,
      doctorIntroReproductiveGeneticsEnabled: products.doctorIntroReproductiveGeneticsEnabled,
      doctorName: users.userName,
      doctorLicence: users.licenceNumber,
      publishedAt: products.publishedAt,
      requestingPhysician: products.requestingPhysician,
      indication: products.indication,
      technicallyValidatedAt: products.technicallyValidatedAt,
      technicalValidation: products.technicalValidation,
      technicalValidatorName: validator.userName,
    })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .leftJoin(samples, eq(samples.id, products.sampleId))
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .leftJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .leftJoin(users, eq(users.id, products.doctorId))
    .leftJoin(validator, eq(validator.id, products.technicallyValidatedBy))
    .where(eq(products.id, productId));
  if (!row) throw notFound();

  const geneRows = await db
    .select({
      code: customerGenotypes.geneCode,
      name: customerGenotypes.geneName,
      hgvsC: customerGenotypes.hgvsC,
      protein: customerGenotypes.protein,
      noCallReason: customerGenotypes.noCallReason,
      uploadId: customerGenotypes.uploadId,
    })
    .from(customerGenotypes)
    .where(eq(customerGenotypes.customerId, row.customerId))
    .orderBy(asc(customerGenotypes.id));
  const uploadIds = [...new Set(geneRows.flatMap((gene) => (gene.uploadId === null ? [] : [gene.uploadId])))];
  const [builds, notations] = await Promise.all([
    uploadIds.length === 0
      ? []
      : db
          .selectDistinct({ build: resultUploads.genomeBuild })
          .from(resultUploads)
          .where(inArray(resultUploads.id, uploadIds))
          .then((rows) => rows.filter((r) => r.build !== null)),
    loadMarkerNotations(db, [...contentCodes(row.content), ...geneRows.map((gene) => gene.code)]),
  ]);
  const genes: ReportSource['genes'] = new Map();
  for (const gene of geneRows) genes.set(gene.code.toLowerCase(), gene);

  const source: ReportSource = {
    ...row,
    customerName: `${row.customerFirstName} ${row.customerSurname}`,
    genes,
    notations,
    genomeBuilds: builds.map((b) => b.build as number),
    testedMarkers: geneRows.map((gene) => ({
      code: gene.code,
      name: gene.name || null,
      hgvsC: gene.hgvsC || null,
      noCallReason: gene.noCallReason,
    })),
  };
  return { source, language: reportLanguageOf(row.language), customerId: row.customerId };
}
