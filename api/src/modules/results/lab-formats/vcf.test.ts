import { gzipSync } from 'node:zlib';
import { LabFileFormat, noCallGenotype } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { demoMarkers } from './demo-markers.js';
import {
  accepted,
  bgzip,
  demoSamples,
  genotypesOf,
  multiMemberGzip,
  problemsOf,
  read,
  refusal,
  testMarkers,
  vcf,
} from './test-files.js';

/** GRCh37 positions of the demo markers used below. */
const mcm6 = { chromosome: '2', position: 136608646 }; // rs4988235 G>A, catalogue C/T
const mthfr677 = 11856378; // chr1 rs1801133 G>A, catalogue C/T
const mthfr1298 = 11854476; // chr1 rs1801131 T>G, catalogue A/C
const cftr = 117199644; // chr7 rs113993960 ATCT>A, catalogue I/D

function file(rows: string[], samples = ['GD00000001'], meta = ['##contig=<ID=1,length=249250621>']) {
  return [
    '##fileformat=VCFv4.2',
    ...meta,
    ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...samples].join('\t'),
    ...rows,
    '',
  ].join('\n');
}
const row = (...fields: (string | number)[]) => fields.join('\t');
const mcm6Row = (ref: string, alt: string, ...calls: string[]) =>
  row(mcm6.chromosome, mcm6.position, 'rs4988235', ref, alt, 50, 'PASS', '.', 'GT', ...calls);

describe('VCF', () => {
  it('reads one sample; every mapped marker appears once, absent ones as no-calls', async () => {
    const result = accepted(await read(file([mcm6Row('G', 'A', '0/1')])));
    expect(result.format).toBe(LabFileFormat.Vcf);
    expect(result.genomeBuild).toBe(37);
    expect(result.barcodes).toHaveLength(1);
    expect(result.barcodes[0]?.genes).toHaveLength(testMarkers.length);
    expect(genotypesOf(result).GD00000001?.rs4988235).toBe('C/T');
    expect(genotypesOf(result).GD00000001?.rs762551).toBe(noCallGenotype);
    expect(result.counts[0]).toMatchObject({
      found: 1,
      noCalls: testMarkers.length - 1,
      referenceMismatches: 0,
    });
    expect(problemsOf(result).GD00000001?.rs762551).toBe('absent');
  });

  it('reads many samples, each sample column a barcode (trimmed and upper-cased as the CSV does)', async () => {
    const text = file([mcm6Row('G', 'A', '0/0', '0/1', '1/1')], ['gd00000001', 'GD00000002', ' GD00000003']);
    const result = accepted(await read(text));
    expect(result.barcodes.map((entry) => entry.barcode)).toEqual(['GD00000001', 'GD00000002', 'GD00000003']);
    expect(result.barcodes.map((entry) => entry.line)).toEqual([3, 3, 3]);
    expect(Object.values(genotypesOf(result)).map((genes) => genes.rs4988235)).toEqual(['C/C', 'C/T', 'T/T']);
  });

  it('takes chr1 and 1, chrM and MT alike; haploid calls on MT and Y give one allele', async () => {
    const rows = (prefix: boolean) => [
      row(prefix ? 'chr1' : '1', mthfr677, 'rs1801133', 'G', 'A', 50, 'PASS', '.', 'GT', '1/1'),
      row(prefix ? 'chrM' : 'MT', 3243, 'rs199474657', 'A', 'G', 50, 'PASS', '.', 'GT', '1'),
      row(prefix ? 'chrY' : 'Y', 2887824, 'rs9999001', 'G', 'A', 50, 'PASS', '.', 'GT', '0'),
    ];
    for (const prefix of [true, false]) {
      const genes = genotypesOf(accepted(await read(file(rows(prefix))))).GD00000001;
      expect(genes).toMatchObject({ rs1801133: 'T/T', 'MT-TL1': 'G', ytest: 'G' });
    }
  });

  describe('genome build', () => {
    const rows = [row('1', mthfr677, '.', 'G', 'A', 50, 'PASS', '.', 'GT', '0/1')];
    const grch38Rows = [row('1', 11796321, '.', 'G', 'A', 50, 'PASS', '.', 'GT', '0/1')];

    it.each([
      ['##contig length of GRCh37', ['##contig=<ID=chr1,length=249250621>'], rows, 37],
      ['##contig length of GRCh38', ['##contig=<ID=chr1,length=248956422>'], grch38Rows, 38],
      ['##contig assembly=', ['##contig=<ID=1,assembly=GRCh38>'], grch38Rows, 38],
      ['##reference= b37 file', ['##reference=file:///ref/human_g1k_v37.fasta'], rows, 37],
      ['##reference= hg38', ['##reference=hg38'], grch38Rows, 38],
    ] as const)('is read from %s', async (_, meta, body, build) => {
      const result = accepted(await read(file([...body], undefined, [...meta])));
      expect(result.genomeBuild).toBe(build);
      expect(genotypesOf(result).GD00000001?.rs1801133).toBe('C/T');
    });

    it('is taken from the upload when the file does not name it', async () => {
      const result = accepted(await read(file(grch38Rows, undefined, []), { genomeBuild: 38 }));
      expect(result.genomeBuild).toBe(38);
      expect(genotypesOf(result).GD00000001?.rs1801133).toBe('C/T');
    });

    it('refuses a file naming no build when none was chosen', async () => {
      expect(refusal(await read(file(rows, undefined, [])))).toEqual({
        key: 'labFileMissingBuild',
        params: { line: 2 },
      });
    });

    it('refuses a file whose build is not the chosen one, and an NCBI36 file', async () => {
      expect(refusal(await read(file(rows), { genomeBuild: 38 }))).toEqual({
        key: 'labFileBuildConflict',
        params: { line: 3, file: 'GRCh37', chosen: 'GRCh38' },
      });
      expect(refusal(await read(file(rows, undefined, ['##reference=NCBI36'])))).toMatchObject({
        key: 'labFileUnsupportedBuild',
      });
    });
  });

  it('reads plain, multi-member gzip and bgzip alike', async () => {
    const samples = demoSamples(4);
    const text = vcf(samples, { build: 38, chr: true });
    const plain = genotypesOf(await read(text));
    expect(genotypesOf(await read(gzipSync(text), {}, testMarkers, 100))).toEqual(plain);
    expect(genotypesOf(await read(multiMemberGzip(text, 5), {}, testMarkers, 77))).toEqual(plain);
    expect(genotypesOf(await read(bgzip(text, { blockBytes: 500 }), {}, testMarkers, 333))).toEqual(plain);
  });

  it('refuses a truncated or damaged gzip, naming the line reached', async () => {
    const text = vcf(demoSamples(50), { build: 37, noise: 30 });
    const zipped = gzipSync(text);
    const cut = await read(zipped.subarray(0, Math.floor(zipped.length / 2)), {}, testMarkers, 1000);
    expect(refusal(cut)?.key).toBe('labFileGzipTruncated');
    expect(Number(refusal(cut)?.params.line)).toBeGreaterThan(5);
    // A bgzip file cut at a block boundary is valid gzip: its missing end-of-file block tells.
    expect(refusal(await read(bgzip(text, { eof: false })))?.key).toBe('labFileGzipTruncated');
    const damaged = Buffer.from(zipped);
    for (let i = 100; i < 200; i++) damaged[i] = (damaged[i] as number) ^ 0x5a;
    expect(refusal(await read(damaged))?.key).toBe('labFileGzipCorrupt');
  });

  describe('several alleles and rows at one position', () => {
    it('reads a multi-allelic ALT; a call of an allele the map does not have is unexpected', async () => {
      const result = accepted(
        await read(file([mcm6Row('G', 'T,A', '0/2', '2/1', '1/1')], ['S1', 'S2', 'S3'])),
      );
      expect(genotypesOf(result).S1?.rs4988235).toBe('C/T');
      expect(genotypesOf(result).S2?.rs4988235).toBe(noCallGenotype);
      expect(problemsOf(result).S2?.rs4988235).toBe('unexpectedAllele');
      expect(problemsOf(result).S3?.rs4988235).toBe('unexpectedAllele');
    });

    it('prefers, of several rows at one position, the one with the map alternative (split multi-allelics)', async () => {
      for (const rows of [
        [mcm6Row('G', 'T', '0/0'), mcm6Row('G', 'A', '0/1')],
        [mcm6Row('G', 'A', '0/1'), mcm6Row('G', 'T', '0/0')],
      ])
        expect(genotypesOf(await read(file(rows))).GD00000001?.rs4988235).toBe('C/T');
      // Only another ALT at the position: the sample is called there, reference.
      expect(genotypesOf(await read(file([mcm6Row('G', 'T', '0/0')]))).GD00000001?.rs4988235).toBe('C/C');
    });

    it('reads a row whose REF a longer allele extends (GTT > G,ATT for G>A)', async () => {
      expect(genotypesOf(await read(file([mcm6Row('GTT', 'G,ATT', '2/0')]))).GD00000001?.rs4988235).toBe(
        'T/C',
      );
    });

    it('tells the CFTR deletion from a SNP row at the same position', async () => {
      const snp = row('7', cftr, 'rs1234', 'A', 'G', 50, 'PASS', '.', 'GT', '0/1');
      const deletion = row('7', cftr, 'rs113993960', 'ATCT', 'A', 50, 'PASS', '.', 'GT', '0/1');
      expect(problemsOf(await read(file([snp, mcm6Row('G', 'A', '0/1')]))).GD00000001?.rs113993960).toBe(
        'absent',
      );
      expect(genotypesOf(await read(file([snp, deletion]))).GD00000001?.rs113993960).toBe('I/D');
      expect(genotypesOf(await read(file([deletion, snp]))).GD00000001?.rs113993960).toBe('I/D');
    });
  });

  it('keeps the allele order of phased (|) and unphased (/) calls', async () => {
    const genes = genotypesOf(await read(file([mcm6Row('G', 'A', '1|0', '0/1')], ['S1', 'S2'])));
    expect([genes.S1?.rs4988235, genes.S2?.rs4988235]).toEqual(['T/C', 'C/T']);
  });

  it('takes half-calls, ./., . and a missing GT as no-calls', async () => {
    const samples = ['S1', 'S2', 'S3', 'S4', 'S5'];
    const result = accepted(await read(file([mcm6Row('G', 'A', './1', '0/.', './.', '.', '.|.')], samples)));
    for (const sample of samples) {
      expect(genotypesOf(result)[sample]?.rs4988235).toBe(noCallGenotype);
      expect(problemsOf(result)[sample]?.rs4988235).toBe('noCall');
    }
    const noGt = row(mcm6.chromosome, mcm6.position, '.', 'G', 'A', 50, 'PASS', '.', 'DP', '12');
    expect(problemsOf(await read(file([noGt]))).GD00000001?.rs4988235).toBe('noCall');
  });

  it('reads GT among other FORMAT fields, wherever it is', async () => {
    const text = file([
      row(mcm6.chromosome, mcm6.position, '.', 'G', 'A', 50, 'PASS', 'DP=9', 'DP:GQ:GT', '9:40:1/1'),
    ]);
    expect(genotypesOf(await read(text)).GD00000001?.rs4988235).toBe('T/T');
  });

  it('matches on position whatever the ID holds (`;`-joined IDs, dots)', async () => {
    const text = file([
      row(mcm6.chromosome, mcm6.position, 'rs4988235;rs182549;COSV1', 'G', 'A', 50, 'PASS', '.', 'GT', '0/1'),
      row('1', mthfr677, '.', 'G', 'A', 50, 'PASS', '.', 'GT', '1/1'),
    ]);
    expect(genotypesOf(await read(text)).GD00000001).toMatchObject({ rs4988235: 'C/T', rs1801133: 'T/T' });
  });

  it('accepts POS 0 (a telomere) without matching it', async () => {
    const text = file([
      row('1', 0, '.', 'N', '<DEL>', '.', 'PASS', '.', 'GT', '0/1'),
      mcm6Row('G', 'A', '1/1'),
    ]);
    expect(genotypesOf(await read(text)).GD00000001?.rs4988235).toBe('T/T');
  });

  describe('gVCF', () => {
    it('a mapped position inside a <NON_REF> block (GATK) is homozygous reference; ./. in a block is a no-call', async () => {
      const text = file(
        [
          row(
            '1',
            mthfr1298 - 100,
            '.',
            'C',
            '<NON_REF>',
            '.',
            '.',
            `END=${mthfr677 + 5}`,
            'GT:DP:GQ',
            '0/0:30:99',
            './.:0:0',
          ),
          row(
            '2',
            mcm6.position,
            'rs4988235',
            'G',
            'A,<NON_REF>',
            80,
            '.',
            'DP=30',
            'GT:DP',
            '0/1:30',
            '1/1:20',
          ),
          row(
            '2',
            mcm6.position + 1,
            '.',
            'T',
            '<NON_REF>',
            '.',
            '.',
            `END=${mcm6.position + 900}`,
            'GT',
            '0/0',
            '0/0',
          ),
        ],
        ['S1', 'S2'],
      );
      const result = accepted(await read(text));
      expect(genotypesOf(result).S1).toMatchObject({ rs1801131: 'A/A', rs1801133: 'C/C', rs4988235: 'C/T' });
      expect(genotypesOf(result).S2).toMatchObject({ rs4988235: 'T/T' });
      expect(problemsOf(result).S2).toMatchObject({ rs1801131: 'noCall', rs1801133: 'noCall' });
    });

    it('reads bcftools <*> blocks, a block starting at the mapped position, and haploid blocks', async () => {
      const text = file([
        row('1', mthfr677, '.', 'G', '<*>', 0, '.', `END=${mthfr677 + 10}`, 'GT', '0/0'),
        row('7', cftr, '.', 'A', '<*>', 0, '.', `END=${cftr + 10}`, 'GT', '0/0'),
        row('MT', 3000, '.', 'A', '<*>', 0, '.', 'END=4000', 'GT', '0'),
        row('1', mthfr1298, '.', 'T', '<*>', 0, '.', 'MinDP=3', 'GT', '0/0'),
      ]);
      const genes = genotypesOf(await read(text)).GD00000001;
      expect(genes).toMatchObject({ rs1801133: 'C/C', rs113993960: 'I/I', 'MT-TL1': 'A', rs1801131: 'A/A' });
    });
  });

  it('rejects a marker whose REF disagrees with the map for every sample, with the reason', async () => {
    const result = accepted(
      await read(
        file(
          [
            mcm6Row('C', 'A', '0/1', '1/1'),
            row('1', mthfr677, '.', 'G', 'A', 50, 'PASS', '.', 'GT', '0/1', '0/0'),
          ],
          ['S1', 'S2'],
        ),
      ),
    );
    for (const sample of ['S1', 'S2']) {
      expect(genotypesOf(result)[sample]?.rs4988235).toBe(noCallGenotype);
      expect(problemsOf(result)[sample]?.rs4988235).toBe('referenceMismatch');
    }
    expect(result.counts[0]).toMatchObject({ found: 1, referenceMismatches: 1 });
    expect(genotypesOf(result).S2?.rs1801133).toBe('C/C');
  });

  it('takes an absent position as a no-call, or as reference when the file lists every position', async () => {
    const text = file([mcm6Row('G', 'A', '0/1')]);
    expect(problemsOf(await read(text)).GD00000001?.rs1801133).toBe('absent');
    const all = accepted(await read(text, { allPositions: true }, demoMarkers));
    expect(genotypesOf(all).GD00000001).toMatchObject({
      rs4988235: 'C/T',
      rs1801133: 'C/C',
      rs113993960: 'I/I',
    });
    expect(all.counts[0]).toMatchObject({ found: demoMarkers.length, noCalls: 0 });
  });

  it('reads CRLF lines and lines split across any chunk boundary', async () => {
    const samples = demoSamples(3);
    const text = vcf(samples, { build: 37 });
    const expected = genotypesOf(await read(text));
    expect(genotypesOf(await read(text.replaceAll('\n', '\r\n'), {}, testMarkers, 1))).toEqual(expected);
    expect(genotypesOf(await read(text, {}, testMarkers, 7))).toEqual(expected);
  });

  describe('bad files are refused whole, naming the line', () => {
    it('a row with too few columns, and a bad POS (all bad lines named)', async () => {
      const text = file([
        mcm6Row('G', 'A', '0/1'),
        row('1', 12345, '.', 'A', 'G', 50),
        row('1', 'x12', '.', 'A', 'G', 50, 'PASS', '.', 'GT', '0/1'),
        row('1', mthfr677, '.', 'G', 'A', 50, 'PASS', '.', 'GT'),
      ]);
      const result = await read(text);
      expect(result).toEqual({
        ok: false,
        errors: [
          { key: 'resultsFileWrongFieldCount', params: { line: 5, expected: 10, found: 6 } },
          { key: 'labFileBadPosition', params: { line: 6, position: 'x12' } },
          { key: 'resultsFileWrongFieldCount', params: { line: 7, expected: 10, found: 9 } },
        ],
        more: 0,
      });
    });

    it('stops reading at the 100th bad line', async () => {
      const bad = Array.from({ length: 250 }, (_, i) => `1 ${1000 + i} . A G 50 PASS . GT 0/1`);
      const result = await read(file([mcm6Row('G', 'A', '0/1'), ...bad]));
      if (result.ok) throw new Error('accepted');
      expect(result.errors).toHaveLength(100);
      expect(result.errors[99]).toEqual({
        key: 'resultsFileWrongFieldCount',
        params: { line: 104, expected: 10, found: 1 },
      });
    });

    it('data before the #CHROM line, no sample column, twice the same sample', async () => {
      expect(refusal(await read('##fileformat=VCFv4.2\n1\t100\t.\tA\tG\t.\t.\t.\tGT\t0/1\n'))).toEqual({
        key: 'labFileVcfNoHeader',
        params: { line: 2 },
      });
      expect(
        refusal(await read('##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n')),
      ).toEqual({
        key: 'labFileVcfNoSamples',
        params: { line: 2 },
      });
      expect(refusal(await read(file([], ['GD1', 'gd1'])))).toEqual({
        key: 'labFileDuplicateSample',
        params: { line: 3, barcode: 'GD1' },
      });
      expect(refusal(await read('##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\n'))).toMatchObject({
        key: 'resultsFileMissingColumn',
        params: { column: 'ALT' },
      });
    });

    it('a file without any mapped marker', async () => {
      const text = file([row('1', 1000, '.', 'A', 'G', 50, 'PASS', '.', 'GT', '0/1')]);
      expect(refusal(await read(text))).toEqual({ key: 'labFileNoMappedMarker', params: { line: 4 } });
    });
  });
});
