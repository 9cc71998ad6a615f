import { gzipSync } from 'node:zlib';
import { noCallGenotype, normaliseGenotype } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { parseResultsFile, type ResultsFileBarcode } from '../results-file.js';
import { demoMarkers } from './demo-markers.js';
import { type LabFileResult, readLabFile } from './index.js';
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

/** barcode → gene code → the stored gene information with its genotype normalised (DOMAIN §2). */
function normalised(barcodes: ResultsFileBarcode[], skip: string[] = []) {
  return Object.fromEntries(
    barcodes.map((entry) => [
      entry.barcode,
      Object.fromEntries(
        entry.genes
          .filter((gene) => !skip.includes(gene.geneCode))
          .map((gene) => [gene.geneCode, { ...gene, genotype: normaliseGenotype(gene.genotype) }]),
      ),
    ]),
  );
}

function ok(result: LabFileResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result;
}

describe('every format gives the genotypes the CSV of the same data gives', () => {
  const samples = demoSamples(12, 2323);
  const csv = parseResultsFile(Buffer.from(resultsCsv(samples)));
  if (!csv.ok) throw new Error('the CSV does not parse');
  const expected = normalised(csv.barcodes);
  const ambiguous = demoMarkers.filter((marker) => marker.strandAmbiguous).map((marker) => marker.geneCode);

  const multiSample: [string, string | Buffer, { genomeBuild?: 37 | 38 }, string[]][] = [
    ['the CSV itself', resultsCsv(samples), {}, []],
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
    expect(normalised(result.barcodes, skipped)).toEqual(
      Object.fromEntries(
        Object.entries(expected).map(([barcode, genes]) => [
          barcode,
          Object.fromEntries(Object.entries(genes).filter(([code]) => !skipped.includes(code))),
        ]),
      ),
    );
    for (const entry of result.barcodes)
      for (const gene of entry.genes)
        if (skipped.includes(gene.geneCode)) expect(gene.genotype).toBe(noCallGenotype);
    for (const counts of result.counts) {
      expect(counts.found).toBe(demoMarkers.length - skipped.length);
      expect(counts.ambiguousSkipped).toBe(skipped.length);
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
    for (const sample of samples.slice(0, 3)) {
      const result = ok(
        await readLabFile(chunks(write(sample), 333), demoMarkers, { barcode: sample.barcode }),
      );
      expect(result.genomeBuild).toBe(build);
      expect(normalised(result.barcodes)).toEqual({ [sample.barcode]: expected[sample.barcode] });
    }
  });

  it('gives gene name, HGVS c., protein, transcript and the genotype in the file’s allele order, as the CSV', async () => {
    const result = ok(await readLabFile(chunks(vcf(samples, { build: 37 })), demoMarkers, {}));
    expect(result.barcodes.map((entry) => entry.genes)).toEqual(csv.barcodes.map((entry) => entry.genes));
  });
});
