import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProductSection, ProductStatus, SampleStatus } from '@genodesk/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { products, resultUploadFiles, resultUploads, samples, users } from '../db/schema/index.js';
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
    genotypes: ['C/C', 'C/T', 'T/T'],
  },
  {
    code: 'rs762551',
    name: 'CYP1A2',
    hgvsC: 'NM_000761.5:c.-9-154C>A',
    protein: '',
    transcript: 'NM_000761.5',
    genotypes: ['A/A', 'A/C', 'C/C'],
  },
  {
    code: 'rs1801133',
    name: 'MTHFR',
    hgvsC: 'NM_005957.5:c.665C>T',
    protein: 'p.Ala222Val',
    transcript: 'NM_005957.5',
    genotypes: ['C/C', 'C/T', 'T/T'],
  },
  {
    code: 'rs1801131',
    name: 'MTHFR',
    hgvsC: 'NM_005957.5:c.1286A>C',
    protein: 'p.Glu429Ala',
    transcript: 'NM_005957.5',
    genotypes: ['A/A', 'A/C', 'C/C'],
  },
  {
    code: 'rs6025',
    name: 'F5',
    hgvsC: 'NM_000130.5:c.1601G>A',
    protein: 'p.Arg534Gln',
    transcript: 'NM_000130.5',
    genotypes: ['C/C', 'C/C', 'C/T'],
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
    genotypes: ['T/T', 'T/T', 'C/T'],
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
    genotypes: ['T/T', 'A/T', 'A/A'],
  },
  {
    code: 'rs1042713',
    name: 'ADRB2',
    hgvsC: 'NM_000024.6:c.46A>G',
    protein: 'p.Gly16Arg',
    transcript: 'NM_000024.6',
    genotypes: ['A/A', 'A/G', 'G/G'],
  },
];

const csvField = (value: string) => (/[";,\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * A results file for the samples (semicolon, CRLF, one row per sample and gene). Genotypes vary per
 * sample; every third sample has a Factor V genotype no template covers (the report falls back to the
 * default and needs inspection), every fifth lacks rs7412 (APOE is left out), and some genotypes are
 * written in other allowed forms (`TC`, `c/t`) to be normalised.
 */
export function demoResultsCsv(fileSamples: { code: string }[], seed: number): string {
  const random = prng(seed);
  const lines = ['barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype'];
  fileSamples.forEach((sample, k) => {
    for (const gene of genes) {
      if (gene.code === 'rs7412' && k % 5 === 4) continue;
      let genotype = gene.genotypes[Math.floor(random() * gene.genotypes.length)] as string;
      if (gene.code === 'rs6025' && k % 3 === 1) genotype = 'A/A';
      const form = random();
      if (form < 0.1) genotype = genotype.replace('/', '').split('').reverse().join('');
      else if (form < 0.15) genotype = genotype.toLowerCase();
      lines.push(
        [sample.code, gene.code, gene.name, gene.hgvsC, gene.protein, gene.transcript, genotype]
          .map(csvField)
          .join(';'),
      );
    }
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** The committed demo files' contents for the seeded samples. */
export function demoResultsFiles(seeded: { withResults: SeededSample[]; awaitingResults: SeededSample[] }) {
  const fresh = [...seeded.awaitingResults.slice(0, 6), ...unknownDemoBarcodes.map((code) => ({ code }))];
  return {
    [demoResultsFile]: demoResultsCsv(seeded.withResults, 5151),
    [freshResultsFile]: demoResultsCsv(fresh, 7373),
  };
}

const day = 86_400_000;

/** What happens to each report after generation: its status and section, by the seeded sample. */
function reportPlan(withResults: SeededSample[]) {
  const counters = new Map<number, number>();
  return withResults.map((sample, j) => {
    const n = counters.get(sample.status) ?? 0;
    counters.set(sample.status, n + 1);
    const status =
      sample.status === SampleStatus.ResultsPublishedOnline
        ? n % 2 === 0
          ? ProductStatus.Published
          : ProductStatus.PreliminarilyPublished
        : sample.status === SampleStatus.ResultsRequireConsultation
          ? ProductStatus.Unpublished
          : n % 3 === 2
            ? ProductStatus.AdditionalPurchase
            : ProductStatus.Generated;
    const section =
      j % 5 === 1
        ? ProductSection.DoctorSection
        : j % 5 === 3
          ? ProductSection.Archive
          : ProductSection.Results;
    return { sample, status, section, j };
  });
}

const intros = [
  '<p>Výsledky jsou celkově příznivé. Doporučujeme pestrou stravu a pravidelný pohyb.</p>',
  '<p>Zjištěná varianta vyžaduje pozornost; doporučujeme konzultaci s praktickým lékařem.</p>',
  '<p>Na konzultaci probereme výsledky podrobně, včetně doporučení pro rodinu.</p>',
];

/**
 * Processes the committed demo results file in the seed's transaction (upload by the lab user, a week
 * ago), then gives the reports every status and section with matching sample statuses and some
 * doctor introductions.
 */
export async function seedDemoResults(tx: Tx, withResults: SeededSample[]): Promise<void> {
  const bytes = readFileSync(path.join(demoResultsFolder, demoResultsFile));
  const [lab] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'lab@genodesk.test'));
  const [doctor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'doctor@genodesk.test'));
  const now = Date.now();
  const [upload] = await tx
    .insert(resultUploads)
    .values({
      fileName: demoResultsFile,
      fileHash: createHash('sha256').update(bytes).digest('hex'),
      fileSize: bytes.length,
      uploadedBy: lab?.id ?? null,
      uploadedAt: new Date(now - 7 * day),
    })
    .returning({ id: resultUploads.id });
  if (!upload) throw new Error('upload insert returned nothing');
  await tx.insert(resultUploadFiles).values({ uploadId: upload.id, content: bytes });
  await processResultsUploadWith((work) => work(tx), upload.id);
  await tx
    .update(resultUploads)
    .set({ finishedAt: new Date(now - 7 * day + 40_000) })
    .where(eq(resultUploads.id, upload.id));

  const reports = await tx
    .select({ id: products.id, sampleId: products.sampleId })
    .from(products)
    .where(
      inArray(
        products.sampleId,
        withResults.map((sample) => sample.sampleId),
      ),
    );
  const productBySample = new Map(reports.map((report) => [report.sampleId, report.id]));
  for (const { sample, status, section, j } of reportPlan(withResults)) {
    const productId = productBySample.get(sample.sampleId);
    if (productId === undefined) continue;
    const reviewed = status !== ProductStatus.Generated && status !== ProductStatus.AdditionalPurchase;
    const withIntro = reviewed || section === ProductSection.DoctorSection;
    await tx
      .update(products)
      .set({
        status,
        generatedAt: new Date(now - 7 * day + 30_000),
        isInDoctorSection: section !== ProductSection.Results,
        isArchived: section === ProductSection.Archive,
        doctorIntro: withIntro ? (intros[j % intros.length] as string) : '',
        doctorsIntroLastChange: withIntro ? new Date(now - 3 * day) : null,
        doctorId: withIntro ? (doctor?.id ?? null) : null,
        publishedAt:
          status === ProductStatus.Published || status === ProductStatus.PreliminarilyPublished
            ? new Date(now - 2 * day)
            : null,
        legalGuardianName: status === ProductStatus.Unpublished && sample.underage ? 'Jana Zákonná' : null,
        legalGuardianEmail:
          status === ProductStatus.Unpublished && sample.underage ? 'zakonny.zastupce@example.cz' : null,
      })
      .where(eq(products.id, productId));
    if (sample.status !== SampleStatus.LabAnalysisFinished)
      await tx.update(samples).set({ status: sample.status }).where(eq(samples.id, sample.sampleId));
  }
}
