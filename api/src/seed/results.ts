import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  isReleasedStatus,
  ProductSection,
  ProductStatus,
  type PublicationOpenPoint,
  SampleStatus,
} from '@genodesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Config, ReportCompany } from '../config.js';
import type { Tx } from '../db/client.js';
import {
  auditLog,
  customers,
  orders,
  payments,
  products,
  productTypes,
  type ReportContent,
  type ReportPhenotype,
  resultUploadFiles,
  resultUploads,
  samples,
  users,
} from '../db/schema/index.js';
import { createOrder, finalizeOrder, payInCash } from '../modules/finances/orders.service.js';
import { openPointsOf } from '../modules/products/products.service.js';
import {
  newVerificationCode,
  renderIssue,
  storeIssue,
} from '../modules/products/report-pdf/documents.service.js';
import { mapPhenotypes } from '../modules/products/report-phenotype.js';
import { callStatistics, sampleMarkersSql } from '../modules/products/technical-validation.js';
import { reportContent } from '../modules/results/generation.js';
import { demoMarkers } from '../modules/results/lab-formats/demo-markers.js';
import { processResultsUploadWith } from '../modules/results/processing.js';
import { prng, type SeededSample } from './customers.js';

/**
 * The demo lab results: `data/demo-results.csv` pairs every seeded sample meant to have results and is
 * processed at seed time through the results job's own code; `data/demo-results-fresh.csv` holds
 * samples still awaiting results and two unknown barcodes, for a person (and Playwright) to upload.
 * Both files are committed; `demoResultsFiles` writes them again from the seeded samples
 * (`tsx src/seed/write-demo-results.ts`).
 */

export const demoResultsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');
export const demoResultsFile = 'demo-results.csv';
export const freshResultsFile = 'demo-results-fresh.csv';
/** Three more samples awaiting results in a bgzipped VCF (issue 23), for a person (and Playwright). */
export const freshVcfFile = 'demo-results-fresh.vcf.gz';
/** Barcodes of the fresh file that no sample has. */
export const unknownDemoBarcodes = ['GD09999901', 'GD09999902'];

type Gene = {
  code: string;
  name: string;
  hgvsC: string;
  protein: string;
  transcript: string;
  genotypes: string[];
};

/** DOMAIN §3's variants (the demo catalogue's genes) and two genes no template uses. */
const genes: Gene[] = [
  {
    code: 'rs4988235',
    name: 'MCM6',
    hgvsC: 'NM_005915.6:c.1917+326C>T',
    protein: '',
    transcript: 'NM_005915.6',
    genotypes: ['G/G', 'G/A', 'A/A'],
  },
  {
    code: 'rs762551',
    name: 'CYP1A2',
    hgvsC: 'NM_000761.5:c.-9-154C>A',
    protein: '',
    transcript: 'NM_000761.5',
    genotypes: ['A/A', 'C/A', 'C/C'],
  },
  {
    code: 'rs1801133',
    name: 'MTHFR',
    hgvsC: 'NM_005957.5:c.665C>T',
    protein: 'p.Ala222Val',
    transcript: 'NM_005957.5',
    genotypes: ['G/G', 'G/A', 'A/A'],
  },
  {
    code: 'rs1801131',
    name: 'MTHFR',
    hgvsC: 'NM_005957.5:c.1286A>C',
    protein: 'p.Glu429Ala',
    transcript: 'NM_005957.5',
    genotypes: ['T/T', 'T/G', 'G/G'],
  },
  {
    code: 'rs6025',
    name: 'F5',
    hgvsC: 'NM_000130.5:c.1601G>A',
    protein: 'p.Arg534Gln',
    transcript: 'NM_000130.5',
    genotypes: ['C/C', 'C/C', 'C/C', 'C/T', 'T/T'],
  },
  {
    code: 'rs1799963',
    name: 'F2',
    hgvsC: 'NM_000506.5:c.*97G>A',
    protein: '',
    transcript: 'NM_000506.5',
    genotypes: ['G/G', 'G/G', 'G/A'],
  },
  {
    code: 'rs429358',
    name: 'APOE',
    hgvsC: 'NM_000041.4:c.388T>C',
    protein: 'p.Cys130Arg',
    transcript: 'NM_000041.4',
    genotypes: ['T/T', 'T/T', 'T/C'],
  },
  {
    code: 'rs7412',
    name: 'APOE',
    hgvsC: 'NM_000041.4:c.526C>T',
    protein: 'p.Arg176Cys',
    transcript: 'NM_000041.4',
    genotypes: ['C/C', 'C/C', 'C/T'],
  },
  {
    code: 'rs1800562',
    name: 'HFE',
    hgvsC: 'NM_000410.4:c.845G>A',
    protein: 'p.Cys282Tyr',
    transcript: 'NM_000410.4',
    genotypes: ['G/G', 'G/G', 'G/A'],
  },
  {
    code: 'rs1799945',
    name: 'HFE',
    hgvsC: 'NM_000410.4:c.187C>G',
    protein: 'p.His63Asp',
    transcript: 'NM_000410.4',
    genotypes: ['C/C', 'C/G', 'G/G'],
  },
  {
    code: 'rs1815739',
    name: 'ACTN3',
    hgvsC: 'NM_001104.4:c.1729C>T',
    protein: 'p.Arg577Ter',
    transcript: 'NM_001104.4',
    genotypes: ['C/C', 'C/T', 'T/T'],
  },
  {
    code: 'rs113993960',
    name: 'CFTR',
    hgvsC: 'NM_000492.4:c.1521_1523del',
    protein: 'p.Phe508del',
    transcript: 'NM_000492.4',
    genotypes: ['I/I', 'I/I', 'I/D'],
  },
  {
    code: 'rs9939609',
    name: 'FTO',
    hgvsC: 'NM_001080432.3:c.46-23525T>A',
    protein: '',
    transcript: 'NM_001080432.3',
    genotypes: ['T/T', 'T/A', 'A/A'],
  },
  {
    code: 'rs1042713',
    name: 'ADRB2',
    hgvsC: 'NM_000024.6:c.46G>A',
    protein: 'p.Gly16Arg',
    transcript: 'NM_000024.6',
    genotypes: ['G/G', 'G/A', 'A/A'],
  },
];

const csvField = (value: string) => (/[";,\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * A results file for the samples (semicolon, CRLF, one row per sample and gene), declared on the plus
 * strand (`##strand=plus`, issue 34). Genotypes vary per sample; every fourth sample is homozygous for
 * CFTR F508del, which the carrier catalogue leaves to the doctor (no template: "not assessed"), every
 * seventh has no call for ACTN3 (its phenotype "not determined"), and a sample both seventh and fifth
 * (the 25th) lacks rs7412 as well (APOE not determined, the marker absent from the file) and is
 * homozygous for F508del too, the third is APOE ε4/ε4 (a consultation before release), and some
 * genotypes are written in other allowed forms (`TC`, `c/t`) to be normalised.
 */
export function demoResultsCsv(fileSamples: { code: string }[], seed: number): string {
  const random = prng(seed);
  const lines = ['##strand=plus', 'barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype'];
  fileSamples.forEach((sample, k) => {
    const row = (gene: (typeof genes)[number], genotype: string) =>
      [sample.code, gene.code, gene.name, gene.hgvsC, gene.protein, gene.transcript, genotype]
        .map(csvField)
        .join(';');
    for (const gene of genes) {
      // Every fifth sample's rs7412 is drawn from no random number, so the files' other genotypes stay
      // as they were written: absent where the sample also has the ACTN3 no-call (its APOE not
      // determined, the marker missing from the file), else C/C (ε3 beside its rs429358).
      if (gene.code === 'rs7412' && k % 5 === 4) {
        if (k % 7 !== 3) lines.push(row(gene, 'C/C'));
        continue;
      }
      let genotype = gene.genotypes[Math.floor(random() * gene.genotypes.length)] as string;
      // The sample without rs7412 is a carrier too: a report with every kind of open point.
      if (gene.code === 'rs113993960' && (k % 4 === 1 || (k % 5 === 4 && k % 7 === 3))) genotype = 'D/D';
      if (gene.code === 'rs1815739' && k % 7 === 3) genotype = '--';
      // The third sample carries APOE ε4/ε4, whose template asks for a consultation before release.
      if (k === 2 && (gene.code === 'rs429358' || gene.code === 'rs7412')) genotype = 'C/C';
      const form = random();
      if (genotype !== '--' && form < 0.1) genotype = genotype.replace('/', '').split('').reverse().join('');
      else if (form < 0.15) genotype = genotype.toLowerCase();
      lines.push(row(gene, genotype));
    }
  });
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A bgzipped VCF (GRCh38, `chr` names, one column per sample) of the demo marker map for the samples,
 * as a sequencing lab would send it: every mapped position listed, calls varied per sample, and one
 * `./.` no-call (the first sample's rs1801133) so the upload shows a marker not determined.
 */
export function demoResultsVcf(fileSamples: { code: string }[], seed: number): Buffer {
  const random = prng(seed);
  const calls = ['0/0', '0/1', '1/1', '0|1'];
  const markers = [...demoMarkers].sort(
    (a, b) =>
      chromosomeOrder(a.chromosome) - chromosomeOrder(b.chromosome) ||
      (a.positionGrch38 ?? 0) - (b.positionGrch38 ?? 0),
  );
  const lines = [
    '##fileformat=VCFv4.2',
    '##reference=GRCh38',
    ...[...new Set(markers.map((marker) => marker.chromosome))].map(
      (chromosome) => `##contig=<ID=chr${chromosome},assembly=GRCh38>`,
    ),
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    [
      '#CHROM',
      'POS',
      'ID',
      'REF',
      'ALT',
      'QUAL',
      'FILTER',
      'INFO',
      'FORMAT',
      ...fileSamples.map((s) => s.code),
    ].join('\t'),
    ...markers.map((marker) =>
      [
        `chr${marker.chromosome}`,
        marker.positionGrch38,
        marker.rsid,
        marker.reference,
        marker.alternative,
        '60',
        'PASS',
        '.',
        'GT',
        ...fileSamples.map((_, k) =>
          k === 0 && marker.geneCode === 'rs1801133' ? './.' : calls[Math.floor(random() * calls.length)],
        ),
      ].join('\t'),
    ),
  ];
  // bgzip writes blocks of at most 64 kB, each a gzip member; a few members show the reader joins them.
  const text = Buffer.from(`${lines.join('\n')}\n`);
  const half = Math.ceil(text.length / 2);
  return Buffer.concat([gzipSync(text.subarray(0, half)), gzipSync(text.subarray(half))]);
}

const chromosomeOrder = (chromosome: string) => ({ X: 23, Y: 24, MT: 25 })[chromosome] ?? Number(chromosome);

/** The committed demo files' contents for the seeded samples. */
export function demoResultsFiles(seeded: { withResults: SeededSample[]; awaitingResults: SeededSample[] }) {
  const fresh = [...seeded.awaitingResults.slice(0, 6), ...unknownDemoBarcodes.map((code) => ({ code }))];
  return {
    [demoResultsFile]: demoResultsCsv(seeded.withResults, 5151),
    [freshResultsFile]: demoResultsCsv(fresh, 7373),
    [freshVcfFile]: demoResultsVcf(seeded.awaitingResults.slice(6, 9), 9191),
  };
}

const day = 86_400_000;
const hour = 3_600_000;

/**
 * What happens to each report after generation: its status and section, by the seeded sample. Every
 * third customer whose results were published later buys another product type (an additional purchase).
 */
function reportPlan(withResults: SeededSample[]) {
  const counters = new Map<number, number>();
  return withResults.map((sample, j) => {
    const n = counters.get(sample.status) ?? 0;
    counters.set(sample.status, n + 1);
    const published = sample.status === SampleStatus.ResultsPublishedOnline;
    const status: ProductStatus = published
      ? n % 2 === 0
        ? ProductStatus.Published
        : ProductStatus.PreliminarilyPublished
      : sample.status === SampleStatus.ResultsRequireConsultation
        ? ProductStatus.Unpublished
        : ProductStatus.Generated;
    const section =
      j % 5 === 1
        ? ProductSection.DoctorSection
        : j % 5 === 3
          ? ProductSection.Archive
          : ProductSection.Results;
    return { sample, status, section, j, additionalPurchase: published && n % 3 === 2 };
  });
}

const intros = [
  '<p>Výsledky jsou celkově příznivé. Doporučujeme pestrou stravu a pravidelný pohyb.</p>',
  '<p>Zjištěná varianta vyžaduje pozornost; doporučujeme konzultaci s praktickým lékařem.</p>',
  '<p>Na konzultaci probereme výsledky podrobně, včetně doporučení pro rodinu.</p>',
];

/** The introduction the doctor wrote: every report reviewed beyond generation, or in the doctor section. */
function doctorIntroOf({ status, section, j }: ReturnType<typeof reportPlan>[number]) {
  const withIntro = status !== ProductStatus.Generated || section === ProductSection.DoctorSection;
  return withIntro ? (intros[j % intros.length] as string) : '';
}

const guardian = { name: 'Jana Zákonná', email: 'zakonny.zastupce@example.cz' };

type Change = { field: string; oldValue: string | null; newValue: string | null };

/** What the demo's released reports are issued with: the laboratory in their header, where their links point. */
export type DemoIssuing = { company: ReportCompany; origin: string };

export const demoIssuing = (config: Pick<Config, 'reportCompany' | 'publicUrl' | 'port'>): DemoIssuing => ({
  company: config.reportCompany,
  origin: config.publicUrl ?? `http://localhost:${config.port}`,
});

const withholdingReasons = {
  cs: 'Výsledek vyžaduje nový odběr nebo posouzení lékařem; sdělíme jej zvlášť.',
  en: 'This result needs a new sample or a physician’s assessment; we will tell you separately.',
};

/** The phenotypes a final report may not release unfinished: not assessed or not determined, not withheld. */
function unfinishedPhenotypes(content: ReportContent): ReportPhenotype[] {
  return reportContent(content)
    .categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes))
    .filter((p) => !p.withheld && (p.notAssessed || p.notDetermined));
}

/** The content with these phenotypes withheld by the physician (the report prints "not reported"). */
function withholding(
  content: ReportContent,
  phenotypes: ReportPhenotype[],
  withheld: NonNullable<ReportPhenotype['withheld']>,
): ReportContent {
  const ids = new Set(phenotypes.map((p) => p.geneCombinationId));
  return mapPhenotypes(content, (p) => (ids.has(p.geneCombinationId) ? { ...p, withheld } : p));
}

/** `work` for every item, `size` at a time, the answers in the items' order. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  for (let i = 0; i < items.length; i += size)
    answers.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return answers;
}

const pdfVersionOne: Change = { field: 'pdfVersion', oldValue: null, newValue: '1' };

/**
 * What the physician's release of a report adds to its history: the phenotypes withheld before it
 * (their change log rows), the open points confirmed with the status, and whether a PDF is issued.
 */
type ReleaseRecords = { withheld: Change[]; confirmed: PublicationOpenPoint[]; issues: boolean };

/**
 * The doctor's work on one report after its generation, as the real code paths write it: the move to
 * the doctor section ('move-product'), the introduction and the status (the editor, fields in its
 * order; every other report saves both at once), the move to the archive. Answers the steps in time
 * order and the report's fields those steps leave behind.
 */
function reviewHistory(
  plan: ReturnType<typeof reportPlan>[number],
  generatedAt: number,
  release: ReleaseRecords,
) {
  const { sample, status, section, j } = plan;
  const intro = doctorIntroOf(plan);
  const withIntro = intro !== '';
  const withGuardian = status === ProductStatus.Unpublished && sample.underage;
  const statusChanges: Change[] =
    status === ProductStatus.Generated
      ? []
      : [
          ...release.confirmed.map((point) => ({ field: 'confirmed', oldValue: null, newValue: point })),
          { field: 'status', oldValue: String(ProductStatus.Generated), newValue: String(status) },
          ...(withGuardian
            ? [
                { field: 'legalGuardianName', oldValue: null, newValue: guardian.name },
                { field: 'legalGuardianEmail', oldValue: null, newValue: guardian.email },
              ]
            : []),
        ];
  const introChange: Change = { field: 'doctorIntro', oldValue: '', newValue: intro };

  const steps: { at: number; changes: Change[] }[] = [];
  let at = generatedAt + day + (j % 6) * 3 * hour + 8 * hour;
  if (section !== ProductSection.Results) {
    steps.push({ at, changes: [{ field: 'section', oldValue: 'results', newValue: 'doctorSection' }] });
    at += 2 * hour;
  }
  let withheldAt: number | null = null;
  if (release.withheld.length > 0) {
    withheldAt = at;
    steps.push({ at, changes: release.withheld });
    at += hour;
  }
  // A released report's status change issues its first PDF version (the editor's change log says so).
  const issued: Change[] = statusChanges.length > 0 && release.issues ? [pdfVersionOne] : [];
  let introAt: number | null = null;
  let statusAt: number | null = null;
  if (withIntro) {
    introAt = at;
    if (statusChanges.length > 0 && j % 2 === 0) {
      statusAt = at;
      const confirmations = statusChanges.slice(0, release.confirmed.length);
      const [statusChange, ...guardianChanges] = statusChanges.slice(release.confirmed.length) as [
        Change,
        ...Change[],
      ];
      steps.push({
        at,
        changes: [...confirmations, statusChange, introChange, ...guardianChanges, ...issued],
      });
    } else steps.push({ at, changes: [introChange] });
    at += 3 * hour + (j % 4) * hour;
  }
  if (statusChanges.length > 0 && statusAt === null) {
    statusAt = at;
    steps.push({ at, changes: [...statusChanges, ...issued] });
    at += day;
  }
  if (section === ProductSection.Archive)
    steps.push({ at, changes: [{ field: 'section', oldValue: 'doctorSection', newValue: 'archive' }] });

  const published = status === ProductStatus.Published || status === ProductStatus.PreliminarilyPublished;
  const lastChangeAt = steps.at(-1)?.at ?? null;
  return {
    steps,
    statusAt,
    withheldAt,
    fields: {
      status,
      generatedAt: new Date(generatedAt),
      isInDoctorSection: section !== ProductSection.Results,
      isArchived: section === ProductSection.Archive,
      doctorIntro: withIntro ? intro : '',
      doctorsIntroLastChange: introAt === null ? null : new Date(introAt),
      publishedAt: published && statusAt !== null ? new Date(statusAt) : null,
      legalGuardianName: withGuardian ? guardian.name : null,
      legalGuardianEmail: withGuardian ? guardian.email : null,
      lastChangeAt: lastChangeAt === null ? null : new Date(lastChangeAt),
      updatedAt: new Date(lastChangeAt ?? generatedAt),
    },
  };
}

/**
 * Processes the committed demo results file in the seed's transaction (upload by the lab user, a week
 * ago), then writes the doctor's work of the following days: reports in every status and section with
 * matching sample statuses, their change logs (one insert), and additional purchases (status 5) made
 * through the orders' own code, a few days after the first report was published.
 */
export async function seedDemoResults(
  tx: Tx,
  withResults: SeededSample[],
  issuing: DemoIssuing,
): Promise<void> {
  const bytes = readFileSync(path.join(demoResultsFolder, demoResultsFile));
  const [lab] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'lab@genodesk.test'));
  const [doctor] = await tx
    .select({ id: users.id, userName: users.userName, licenceNumber: users.licenceNumber })
    .from(users)
    .where(eq(users.email, 'doctor@genodesk.test'));
  const doctorId = doctor?.id ?? null;
  const now = Date.now();
  const uploadedAt = now - 7 * day;
  const generatedAt = uploadedAt + 30_000;
  const [upload] = await tx
    .insert(resultUploads)
    .values({
      fileName: demoResultsFile,
      fileHash: createHash('sha256').update(bytes).digest('hex'),
      fileSize: bytes.length,
      uploadedBy: lab?.id ?? null,
      uploadedAt: new Date(uploadedAt),
    })
    .returning({ id: resultUploads.id });
  if (!upload) throw new Error('upload insert returned nothing');
  await tx.insert(resultUploadFiles).values({ uploadId: upload.id, content: bytes });
  await processResultsUploadWith((work) => work(tx), upload.id);
  await tx
    .update(resultUploads)
    .set({ finishedAt: new Date(uploadedAt + 40_000) })
    .where(eq(resultUploads.id, upload.id));

  const sampleIds = withResults.map((sample) => sample.sampleId);
  // The samples' lab analysis finished [6] with the upload.
  await tx
    .update(auditLog)
    .set({ changedAt: new Date(generatedAt) })
    .where(
      and(
        eq(auditLog.entity, 'sample'),
        inArray(auditLog.entityId, sampleIds),
        eq(auditLog.field, 'status'),
        eq(auditLog.newValue, String(SampleStatus.LabAnalysisFinished)),
      ),
    );
  await tx
    .update(samples)
    .set({ updatedAt: new Date(generatedAt) })
    .where(inArray(samples.id, sampleIds));

  const reports = await tx
    .select({
      id: products.id,
      sampleId: products.sampleId,
      productTypeId: products.productTypeId,
      content: products.content,
      requiresInspection: products.requiresInspection,
      language: customers.language,
      sampleMarkers: sampleMarkersSql(products.customerId),
    })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .where(inArray(products.sampleId, sampleIds));
  const reportBySample = new Map(reports.map((report) => [report.sampleId, report]));
  const types = (
    await tx.select({ id: productTypes.id }).from(productTypes).orderBy(asc(productTypes.id))
  ).map((type) => type.id);

  const log: (typeof auditLog.$inferInsert)[] = [];
  const issues: { productId: number; status: ProductStatus; intro: string; at: Date }[] = [];
  const purchases: { customerId: number; productTypeId: number; at: number }[] = [];
  for (const plan of reportPlan(withResults)) {
    const report = reportBySample.get(plan.sample.sampleId);
    if (!report) continue;
    // A final report releases nothing unfinished: the physician withholds what is not assessed or not
    // determined (a preliminary report carries it, confirmed). The open points left are confirmed at
    // the release, as the editor asks.
    const released = isReleasedStatus(plan.status);
    const unfinished = plan.status === ProductStatus.Published ? unfinishedPhenotypes(report.content) : [];
    const reason = withholdingReasons[report.language === 'en' ? 'en' : 'cs'];
    const release: ReleaseRecords = {
      withheld: unfinished.map((p) => ({
        field: `withheld: ${p.phenotype}`,
        oldValue: null,
        newValue: reason,
      })),
      confirmed: [],
      issues: released,
    };
    const withheldContent = (at: number) =>
      withholding(report.content, unfinished, {
        by: { id: doctor?.id ?? 0, userName: doctor?.userName ?? '' },
        at: new Date(at).toISOString(),
        reason,
      });
    if (released)
      release.confirmed = openPointsOf({
        requiresInspection: report.requiresInspection,
        content: withheldContent(0),
        doctorIntro: doctorIntroOf(plan),
      });
    const { steps, statusAt, withheldAt, fields } = reviewHistory(plan, generatedAt, release);
    // Every report a doctor released or invited to was technically validated by the lab's specialist
    // first (issue 35), a few hours after the upload: the markers it reviewed are the sample's.
    const validated = plan.status !== ProductStatus.Generated;
    const { callRate, noCalls } = callStatistics(report.sampleMarkers);
    await tx
      .update(products)
      .set({
        ...fields,
        ...(withheldAt !== null ? { content: withheldContent(withheldAt) } : {}),
        // Only the doctor's confirmation at the release clears the inspection flag.
        ...(released ? { requiresInspection: false } : {}),
        doctorId: fields.doctorIntro ? doctorId : null,
        ...(validated
          ? {
              technicallyValidatedAt: new Date(generatedAt + 4 * hour),
              technicallyValidatedBy: lab?.id ?? null,
              technicalValidation: { callRate, noCalls, controlsPassed: true, note: '' },
            }
          : {}),
      })
      .where(eq(products.id, report.id));
    for (const step of steps)
      for (const change of step.changes)
        log.push({
          entity: 'product',
          entityId: report.id,
          ...change,
          changedBy: doctorId,
          changedAt: new Date(step.at),
        });
    if (plan.sample.status !== SampleStatus.LabAnalysisFinished && statusAt !== null) {
      // The editor moves the sample with the report ([8] published, [9] consultation).
      await tx
        .update(samples)
        .set({ status: plan.sample.status, updatedAt: new Date(statusAt) })
        .where(eq(samples.id, plan.sample.sampleId));
      log.push({
        entity: 'sample',
        entityId: plan.sample.sampleId,
        field: 'status',
        oldValue: String(SampleStatus.LabAnalysisFinished),
        newValue: String(plan.sample.status),
        changedBy: doctorId,
        changedAt: new Date(statusAt),
      });
    }
    if (released && fields.publishedAt)
      issues.push({
        productId: report.id,
        status: plan.status,
        intro: fields.doctorIntro,
        at: fields.publishedAt,
      });
    if (plan.additionalPurchase && fields.publishedAt && report.productTypeId !== null) {
      const next = types[(types.indexOf(report.productTypeId) + 1) % types.length] as number;
      purchases.push({
        customerId: plan.sample.customerId,
        productTypeId: next,
        at: fields.publishedAt.getTime() + 2 * day + (plan.j % 5) * hour,
      });
    }
  }
  log.sort((a, b) => (a.changedAt as Date).getTime() - (b.changedAt as Date).getTime());
  if (log.length > 0) await tx.insert(auditLog).values(log);

  // Each released report as its physician issued it: rendered, signed and stored as version 1 at its
  // publication, through the publication's own code. Rendered two at a time (the pool's processes),
  // stored in order.
  const rendered = await inBatches(issues, 2, (issue) =>
    renderIssue(tx, {
      productId: issue.productId,
      version: 1,
      replaces: null,
      code: newVerificationCode(),
      origin: issuing.origin,
      company: issuing.company,
      overrides: {
        status: issue.status,
        doctorIntro: issue.intro,
        doctorIntroReproductiveGenetics: '',
        doctorIntroReproductiveGeneticsEnabled: false,
        doctorName: doctor?.userName ?? '',
        doctorLicence: doctor?.licenceNumber || null,
        publishedAt: issue.at,
      },
    }),
  );
  for (const issue of rendered)
    if ((await storeIssue(tx, { id: doctorId ?? 0 }, issue)) === null)
      throw new Error(`the demo report ${issue.plan.productId} did not store its first version`);

  // Additional purchases: a second order paid in cash at the reception and finalized, its report
  // generated from the stored genotypes in status 5, no sample; dated after the first report's publication.
  for (const purchase of purchases) {
    const order = await createOrder(tx, purchase.customerId, purchase.productTypeId);
    await payInCash(tx, null, null, order.id);
    const { productId } = await finalizeOrder(tx, order.id);
    const orderedAt = new Date(purchase.at);
    const paidAt = new Date(purchase.at + 15 * 60_000);
    await tx
      .update(orders)
      .set({ createdAt: orderedAt, dateOrderPaid: paidAt })
      .where(eq(orders.id, order.id));
    await tx
      .update(payments)
      .set({ createdAt: paidAt, completedAt: paidAt })
      .where(eq(payments.orderId, order.id));
    if (productId !== null)
      await tx
        .update(products)
        .set({ generatedAt: paidAt, createdAt: paidAt, updatedAt: paidAt })
        .where(eq(products.id, productId));
  }
}
