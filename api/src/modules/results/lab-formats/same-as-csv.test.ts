import { gzipSync } from 'node:zlib';
import { noCallGenotype } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import type { ResultsFileBarcode } from '../results-file.js';
import { parseResultsFile } from './csv.js';
import { demoMarkers } from './demo-markers.js';
import { type LabFileResult, readLabFile } from './index.js';
import { MarkerIndex } from './marker-index.js';
import {
  ancestryDna,
  bgzip,
  chunks,
  demoSamples,
  finalReport,
  resultsCsv,
  type TestSample,
  twentyThreeAndMe,
  vcf,
} from './test-files.js';

/**
 * Issue 34, "one genotype, one answer": the same person's genotypes written as the project's CSV (plus
 * strand, or the gene's strand declared), a VCF, an Illumina Final Report and a 23andMe or AncestryDNA
 * file are stored byte for byte alike: the genotype in the notation and, for a no-call, its reason.
 */

/** barcode → gene code → what is stored of the gene (all of it: names, HGVS, genotype, no-call reason). */
function stored(barcodes: ResultsFileBarcode[], skip: string[] = []) {
  return Object.fromEntries(
    barcodes.map((entry) => [
      entry.barcode,
      Object.fromEntries(
        entry.genes
          .filter((gene) => !skip.includes(gene.geneCode))
          .map((gene) => [gene.geneCode, { ...gene, noCallReason: gene.noCallReason ?? null }]),
      ),
    ]),
  );
}

function ok(result: LabFileResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result;
}

const index = new MarkerIndex(demoMarkers);

/** What the CSV on the plus strand stores. */
function csvStored(samples: TestSample[]) {
  const csv = parseResultsFile(Buffer.from(resultsCsv(samples)), index);
  if (!csv.ok) throw new Error(`the CSV does not parse: ${JSON.stringify(csv.errors)}`);
  return stored(csv.barcodes);
}

describe('every format stores the genotypes the CSV of the same data stores, byte for byte', () => {
  // Every genotype of every demo marker, no-calls among them.
  const samples = demoSamples(12, 2323, 0.1);
  const expected = csvStored(samples);
  const ambiguous = demoMarkers.filter((marker) => marker.strandAmbiguous).map((marker) => marker.geneCode);

  it('the samples hold wild types, heterozygotes, homozygotes and no-calls of every marker', () => {
    for (const marker of demoMarkers) {
      const genotypes = new Set(samples.map((sample) => sample.genotypes[marker.geneCode] ?? noCallGenotype));
      expect(genotypes.size, marker.geneCode).toBeGreaterThanOrEqual(3);
    }
    expect(samples.some((sample) => Object.values(sample.genotypes).includes(null))).toBe(true);
    // Stored as the notation writes them: the reference allele first, a no-call with its reason.
    expect(expected.GD00000001?.rs4988235?.genotype).toMatch(/^(G\/G|G\/A|A\/A|--)$/);
  });

  const multiSample: [string, string | Buffer, { genomeBuild?: 37 | 38 }, string[]][] = [
    [
      'CSV on the gene strand, declared by a line',
      resultsCsv(samples, demoMarkers, { strand: 'gene' }),
      {},
      [],
    ],
    [
      'CSV on the gene strand, declared by a column',
      resultsCsv(samples, demoMarkers, { strand: 'gene', declare: 'column' }),
      {},
      [],
    ],
    ['CSV on the plus strand, gzipped', gzipSync(resultsCsv(samples)), {}, []],
    ['VCF GRCh37, contig lengths, unphased', vcf(samples, { build: 37 }), {}, []],
    ['VCF GRCh38, chr-prefixed, phased', vcf(samples, { build: 38, chr: true, phased: true }), {}, []],
    [
      'VCF GRCh38, bgzipped',
      bgzip(vcf(samples, { build: 38, header: 'reference' }), { blockBytes: 4000 }),
      {},
      [],
    ],
    [
      'VCF GRCh37 gzipped, build chosen at upload',
      gzipSync(vcf(samples, { build: 37, header: 'none' })),
      { genomeBuild: 37 },
      [],
    ],
    ['Final Report, Plus alleles, tab', finalReport(samples), {}, []],
    ['Final Report, Plus alleles, comma', finalReport(samples, { separator: ',' }), {}, []],
    [
      'Final Report, Forward alleles (ambiguous markers skipped)',
      finalReport(samples, { strand: 'forward' }),
      {},
      ambiguous,
    ],
    [
      'Final Report, Top alleles (ambiguous markers skipped)',
      finalReport(samples, { strand: 'top' }),
      {},
      ambiguous,
    ],
    [
      'Final Report matched by position (GRCh38 inferred)',
      finalReport(samples, { names: 'none', positions: 38 }),
      {},
      [],
    ],
  ];

  it.each(multiSample)('%s', async (_, content, options, skipped) => {
    const result = ok(await readLabFile(chunks(content, 1000), demoMarkers, options));
    expect(result.barcodes.map((entry) => entry.barcode)).toEqual(samples.map((sample) => sample.barcode));
    expect(stored(result.barcodes, skipped)).toEqual(
      Object.fromEntries(
        Object.entries(expected).map(([barcode, genes]) => [
          barcode,
          Object.fromEntries(Object.entries(genes).filter(([code]) => !skipped.includes(code))),
        ]),
      ),
    );
    for (const entry of result.barcodes)
      for (const gene of entry.genes)
        if (skipped.includes(gene.geneCode))
          expect([gene.genotype, gene.noCallReason]).toEqual(
            samples.find((sample) => sample.barcode === entry.barcode)?.genotypes[gene.geneCode] === null
              ? [noCallGenotype, 'noCall']
              : [noCallGenotype, 'strandAmbiguous'],
          );
    for (const counts of result.counts) {
      const sample = samples.find((s) => s.barcode === counts.barcode) as TestSample;
      const noCalls = demoMarkers.filter((marker) => sample.genotypes[marker.geneCode] === null).length;
      const skippedCalls = skipped.filter((code) => sample.genotypes[code] !== null).length;
      expect(counts.found).toBe(demoMarkers.length - noCalls - skippedCalls);
      expect(counts.ambiguousSkipped).toBe(skippedCalls);
    }
  });

  const onePerson: [string, (sample: TestSample) => string, 37 | 38 | null][] = [
    ['23andMe build 37', (sample) => twentyThreeAndMe(sample, 37), 37],
    [
      '23andMe build 38 matched by position (internal ids)',
      (sample) => twentyThreeAndMe(sample, 38, demoMarkers, false),
      38,
    ],
    ['AncestryDNA build 37', (sample) => ancestryDna(sample, 37), 37],
  ];

  it.each(onePerson)('%s', async (_, write, build) => {
    for (const sample of samples.slice(0, 4)) {
      const result = ok(
        await readLabFile(chunks(write(sample), 333), demoMarkers, { barcode: sample.barcode }),
      );
      expect(result.genomeBuild).toBe(build);
      expect(stored(result.barcodes)).toEqual({ [sample.barcode]: expected[sample.barcode] });
    }
  });

  it('gives gene name, HGVS c., protein, transcript, genotype and no-call reason as the CSV, in its order', async () => {
    const result = ok(await readLabFile(chunks(vcf(samples, { build: 37 })), demoMarkers, {}));
    const csv = parseResultsFile(Buffer.from(resultsCsv(samples)), index);
    if (!csv.ok) throw new Error('the CSV does not parse');
    expect(
      result.barcodes.map((entry) =>
        entry.genes.map((gene) => ({ ...gene, noCallReason: gene.noCallReason ?? null })),
      ),
    ).toEqual(
      csv.barcodes.map((entry) =>
        entry.genes.map((gene) => ({ ...gene, noCallReason: gene.noCallReason ?? null })),
      ),
    );
  });
});

describe('the demo catalogue’s minus-strand markers (MCM6, MTHFR ×2, F5) in every format', () => {
  const minus = demoMarkers.filter((marker) => marker.geneStrand === '-');

  it('are four, and homozygous Factor V Leiden is stored as T/T however it is written', async () => {
    expect(minus.map((marker) => marker.geneCode)).toEqual(['rs4988235', 'rs1801133', 'rs1801131', 'rs6025']);
    // c.1601G>A homozygous: A/A on the gene's strand, T/T on the plus strand, 1/1 in a VCF.
    const leiden: TestSample = { barcode: 'GD00000077', genotypes: { rs6025: 'T/T' } };
    const gene = resultsCsv([leiden], demoMarkers, { strand: 'gene' });
    expect(gene).toContain(';A/A');
    const files: [string | Buffer, { barcode?: string }][] = [
      [resultsCsv([leiden]), {}],
      [gene, {}],
      [vcf([leiden], { build: 37 }), {}],
      [finalReport([leiden], { strand: 'forward' }), {}],
      [twentyThreeAndMe(leiden, 37), { barcode: leiden.barcode }],
    ];
    for (const [content, options] of files) {
      const result = ok(await readLabFile(chunks(content), demoMarkers, options));
      const rs6025 = result.barcodes[0]?.genes.find((g) => g.geneCode === 'rs6025');
      expect(rs6025?.genotype).toBe('T/T');
    }
  });

  it.each(minus.map((marker) => [marker.geneCode, marker] as const))(
    '%s: wild type, heterozygous and homozygous alike from the CSV (plus and gene strand), VCF, Final Report (Plus, Forward, Top) and 23andMe',
    async (code, marker) => {
      const r = marker.reference;
      const a = marker.alternative;
      const samples: TestSample[] = [`${r}/${r}`, `${r}/${a}`, `${a}/${a}`, null].map((genotype, k) => ({
        barcode: `GD0000010${k}`,
        genotypes: { [code]: genotype },
      }));
      const want = samples.map((sample) => [
        sample.genotypes[code] ?? noCallGenotype,
        sample.genotypes[code] ? null : 'noCall',
      ]);
      const files: (string | Buffer)[] = [
        resultsCsv(samples, [marker]),
        resultsCsv(samples, [marker], { strand: 'gene' }),
        resultsCsv(samples, [marker], { strand: 'gene', declare: 'column' }),
        vcf(samples, { build: 37 }, [marker]),
        vcf(samples, { build: 38, phased: true }, [marker]),
        finalReport(samples, {}, [marker]),
        finalReport(samples, { strand: 'forward' }, [marker]),
        finalReport(samples, { strand: 'top' }, [marker]),
      ];
      for (const content of files) {
        const result = ok(await readLabFile(chunks(content), [marker], {}));
        expect(
          result.barcodes.map((entry) => {
            const gene = entry.genes.find((g) => g.geneCode === code);
            return [gene?.genotype, gene?.noCallReason ?? null];
          }),
        ).toEqual(want);
      }
      for (const [k, sample] of samples.entries()) {
        const result = ok(
          await readLabFile(chunks(twentyThreeAndMe(sample, 37, [marker])), [marker], {
            barcode: sample.barcode,
          }),
        );
        const gene = result.barcodes[0]?.genes.find((g) => g.geneCode === code);
        expect([gene?.genotype, gene?.noCallReason ?? null]).toEqual(want[k]);
      }
    },
  );
});
