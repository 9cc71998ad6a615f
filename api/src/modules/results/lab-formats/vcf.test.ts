import { constants, gunzipSync, gzipSync } from 'node:zlib';
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
  reasonsOf,
  refusal,
  refusals,
  testMarkers,
  vcf,
} from './test-files.js';

/** GRCh37 positions of the demo markers used below (genotypes in the notation: plus strand, reference first). */
const mcm6 = { chromosome: '2', position: 136608646 }; // rs4988235 G>A (c.…C>T on the gene's strand)
const mthfr677 = 11856378; // chr1 rs1801133 G>A
const mthfr1298 = 11854476; // chr1 rs1801131 T>G
const cftr = 117199644; // chr7 rs113993960 ATCT>A, I/D

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
    expect(genotypesOf(result).GD00000001?.rs4988235).toBe('G/A');
    expect(genotypesOf(result).GD00000001?.rs762551).toBe(noCallGenotype);
    expect(result.counts[0]).toMatchObject({
      found: 1,
      noCalls: testMarkers.length - 1,
      referenceMismatches: 0,
    });
    expect(problemsOf(result).GD00000001?.rs762551).toBe('absent');
    expect(reasonsOf(result).GD00000001).toMatchObject({ rs4988235: null, rs762551: 'absent' });
  });

  it('reads many samples, each sample column a barcode (trimmed and upper-cased as the CSV does)', async () => {
    const text = file([mcm6Row('G', 'A', '0/0', '0/1', '1/1')], ['gd00000001', 'GD00000002', ' GD00000003']);
    const result = accepted(await read(text));
    expect(result.barcodes.map((entry) => entry.barcode)).toEqual(['GD00000001', 'GD00000002', 'GD00000003']);
    expect(result.barcodes.map((entry) => entry.line)).toEqual([3, 3, 3]);
    expect(Object.values(genotypesOf(result)).map((genes) => genes.rs4988235)).toEqual(['G/G', 'G/A', 'A/A']);
  });

  it('takes chr1 and 1, chrM and MT alike; haploid calls on MT and Y give one allele', async () => {
    const rows = (prefix: boolean) => [
      row(prefix ? 'chr1' : '1', mthfr677, 'rs1801133', 'G', 'A', 50, 'PASS', '.', 'GT', '1/1'),
      row(prefix ? 'chrM' : 'MT', 3243, 'rs199474657', 'A', 'G', 50, 'PASS', '.', 'GT', '1'),
      row(prefix ? 'chrY' : 'Y', 2887824, 'rs9999001', 'G', 'A', 50, 'PASS', '.', 'GT', '0'),
    ];
    for (const prefix of [true, false]) {
      const genes = genotypesOf(accepted(await read(file(rows(prefix))))).GD00000001;
      expect(genes).toMatchObject({ rs1801133: 'A/A', 'MT-TL1': 'G', ytest: 'G' });
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
      expect(genotypesOf(result).GD00000001?.rs1801133).toBe('G/A');
    });

    it('is taken from the upload when the file does not name it', async () => {
      const result = accepted(await read(file(grch38Rows, undefined, []), { genomeBuild: 38 }));
      expect(result.genomeBuild).toBe(38);
      expect(genotypesOf(result).GD00000001?.rs1801133).toBe('G/A');
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

  it('refuses a truncated gzip, naming the last line read and the compressed bytes reached', async () => {
    const text = vcf(demoSamples(50), { build: 37, noise: 30 });
    const zipped = gzipSync(text);
    for (const share of [0.3, 0.5, 0.95])
      for (const chunkSize of [100, 1000, 64 * 1024]) {
        const cut = zipped.subarray(0, Math.floor(zipped.length * share));
        // What the cut file holds: its lines, the last one begun.
        const held = gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
        const lines = held.split('\n').length - (held.endsWith('\n') ? 1 : 0);
        expect(await read(cut, {}, testMarkers, chunkSize)).toEqual({
          ok: false,
          errors: [{ key: 'labFileGzipTruncated', params: { line: lines, offset: cut.length } }],
          more: 0,
        });
      }
  });

  it('names the real line of a small truncated file (read before its format was decided)', async () => {
    const text = vcf(demoSamples(3), { build: 37, noise: 2 });
    expect(text.length).toBeLessThan(64 * 1024);
    const zipped = gzipSync(text);
    const cut = zipped.subarray(0, zipped.length - 30);
    const held = gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
    const failure = refusal(await read(cut, {}, testMarkers, 50));
    expect(failure?.key).toBe('labFileGzipTruncated');
    expect(failure?.params.line).toBe(held.split('\n').length - (held.endsWith('\n') ? 1 : 0));
    expect(Number(failure?.params.line)).toBeGreaterThan(20);
  });

  it('refuses a bgzip file without its end-of-file block, and a damaged gzip, with the bytes reached', async () => {
    const text = vcf(demoSamples(50), { build: 37, noise: 30 });
    const unended = bgzip(text, { eof: false });
    expect(refusal(await read(unended))).toEqual({
      key: 'labFileGzipTruncated',
      params: { line: text.split('\n').length - 1, offset: unended.length },
    });
    const zipped = gzipSync(text);
    // A damaged check sum: the damage found at the end (the text of the piece holding it is not read).
    const badSum = Buffer.from(zipped);
    badSum[badSum.length - 6] = (badSum[badSum.length - 6] as number) ^ 0xff;
    const atEnd = refusal(await read(badSum, {}, testMarkers, 4096));
    expect(atEnd?.key).toBe('labFileGzipCorrupt');
    const lines = text.split('\n').length - 1;
    expect(Number(atEnd?.params.line)).toBeLessThanOrEqual(lines);
    expect(Number(atEnd?.params.line)).toBeGreaterThan(lines * 0.8);
    expect(Number(atEnd?.params.offset)).toBeLessThanOrEqual(zipped.length);
    expect(Number(atEnd?.params.offset)).toBeGreaterThan(zipped.length - 20 * 1024);
    // Damage early in the stream: named within the bytes zlib had consumed before it.
    const damaged = Buffer.from(zipped);
    for (let i = 100; i < 200; i++) damaged[i] = (damaged[i] as number) ^ 0x5a;
    const early = refusal(await read(damaged));
    expect(early?.key).toBe('labFileGzipCorrupt');
    expect(Number(early?.params.offset)).toBeLessThanOrEqual(200);
  });

  it('names the bad lines read before a gzip turned out cut short', async () => {
    const text = file([
      mcm6Row('G', 'A', '0/1'),
      mcm6Row('G', 'A', 'banana'),
      ...Array.from({ length: 5000 }, (_, i) =>
        row('1', 5000 + i, '.', 'A', 'G', 50, 'PASS', '.', 'GT', '0/1'),
      ),
    ]);
    const zipped = gzipSync(text);
    const cut = zipped.subarray(0, zipped.length - 100);
    const result = await read(cut, {}, testMarkers, 1000);
    if (result.ok) throw new Error('accepted');
    expect(result.errors[0]).toEqual({
      key: 'labFileVcfInvalidGenotype',
      params: { line: 5, sample: 'GD00000001', genotype: 'banana' },
    });
    expect(result.errors[1]).toMatchObject({ key: 'labFileGzipTruncated', params: { offset: cut.length } });
    expect(result.errors).toHaveLength(2);
  });

  describe('several alleles and rows at one position', () => {
    it('reads a multi-allelic ALT; a sample called for another ALT has no call of the marker, saying why', async () => {
      const result = accepted(
        await read(file([mcm6Row('G', 'T,A', '0/2', '2/1', '1/1')], ['S1', 'S2', 'S3'])),
      );
      expect(genotypesOf(result).S1?.rs4988235).toBe('G/A');
      expect(genotypesOf(result).S2?.rs4988235).toBe(noCallGenotype);
      expect(problemsOf(result).S2?.rs4988235).toBe('alleleNotInMap');
      expect(problemsOf(result).S3?.rs4988235).toBe('alleleNotInMap');
    });

    it('a haploid GT of a marker on an autosome is no call, saying why', async () => {
      const result = accepted(await read(file([mcm6Row('G', 'A', '1')])));
      expect(genotypesOf(result).GD00000001?.rs4988235).toBe(noCallGenotype);
      expect(problemsOf(result).GD00000001?.rs4988235).toBe('oneAllele');
    });

    it('two rows calling one marker differently leave it a no-call (conflicting calls); the same call twice is the call', async () => {
      const result = accepted(
        await read(file([mcm6Row('G', 'A', '0/0', '0/1'), mcm6Row('G', 'A', '1/1', '0/1')], ['S1', 'S2'])),
      );
      expect(problemsOf(result).S1?.rs4988235).toBe('conflictingCalls');
      expect(genotypesOf(result).S1?.rs4988235).toBe(noCallGenotype);
      expect(genotypesOf(result).S2?.rs4988235).toBe('G/A');
      // A no-call beside a call of the same rank is the call, whichever comes first.
      const partly = accepted(await read(file([mcm6Row('G', 'A', './.'), mcm6Row('G', 'A', '0/1')])));
      expect(genotypesOf(partly).GD00000001?.rs4988235).toBe('G/A');
    });

    it('prefers, of several rows at one position, the one with the map alternative (split multi-allelics)', async () => {
      for (const rows of [
        [mcm6Row('G', 'T', '0/0'), mcm6Row('G', 'A', '0/1')],
        [mcm6Row('G', 'A', '0/1'), mcm6Row('G', 'T', '0/0')],
      ])
        expect(genotypesOf(await read(file(rows))).GD00000001?.rs4988235).toBe('G/A');
      // Only another ALT at the position: the sample is called there, reference.
      expect(genotypesOf(await read(file([mcm6Row('G', 'T', '0/0')]))).GD00000001?.rs4988235).toBe('G/G');
    });

    it('reads a row whose REF a longer allele extends (GTT > G,ATT for G>A)', async () => {
      expect(genotypesOf(await read(file([mcm6Row('GTT', 'G,ATT', '2/0')]))).GD00000001?.rs4988235).toBe(
        'G/A',
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

  it('writes the reference allele first, whatever the order of a phased (|) or unphased (/) call', async () => {
    const genes = genotypesOf(await read(file([mcm6Row('G', 'A', '1|0', '0/1', '1/0')], ['S1', 'S2', 'S3'])));
    expect([genes.S1?.rs4988235, genes.S2?.rs4988235, genes.S3?.rs4988235]).toEqual(['G/A', 'G/A', 'G/A']);
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
    expect(genotypesOf(await read(text)).GD00000001?.rs4988235).toBe('A/A');
  });

  it('matches on position whatever the ID holds (`;`-joined IDs, dots)', async () => {
    const text = file([
      row(mcm6.chromosome, mcm6.position, 'rs4988235;rs182549;COSV1', 'G', 'A', 50, 'PASS', '.', 'GT', '0/1'),
      row('1', mthfr677, '.', 'G', 'A', 50, 'PASS', '.', 'GT', '1/1'),
    ]);
    expect(genotypesOf(await read(text)).GD00000001).toMatchObject({ rs4988235: 'G/A', rs1801133: 'A/A' });
  });

  it('accepts POS 0 (a telomere) without matching it', async () => {
    const text = file([
      row('1', 0, '.', 'N', '<DEL>', '.', 'PASS', '.', 'GT', '0/1'),
      mcm6Row('G', 'A', '1/1'),
    ]);
    expect(genotypesOf(await read(text)).GD00000001?.rs4988235).toBe('A/A');
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
      expect(genotypesOf(result).S1).toMatchObject({ rs1801131: 'T/T', rs1801133: 'G/G', rs4988235: 'G/A' });
      expect(genotypesOf(result).S2).toMatchObject({ rs4988235: 'A/A' });
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
      expect(genes).toMatchObject({ rs1801133: 'G/G', rs113993960: 'I/I', 'MT-TL1': 'A', rs1801131: 'T/T' });
    });
  });

  describe('FILTER', () => {
    const filtered = (filter: string, ...calls: string[]) =>
      row(mcm6.chromosome, mcm6.position, 'rs4988235', 'G', 'A', 50, filter, '.', 'GT', ...calls);

    it('PASS and . are read; any other FILTER makes the row a no-call for its markers (failedQc)', async () => {
      for (const filter of ['PASS', '.'])
        expect(genotypesOf(await read(file([filtered(filter, '0/1')]))).GD00000001?.rs4988235).toBe('G/A');
      for (const filter of ['LowQual', 'q10;s50', 'FAIL']) {
        const result = accepted(
          await read(
            file(
              [
                filtered(filter, '0/1', '1/1'),
                row('1', mthfr677, '.', 'G', 'A', 50, 'PASS', '.', 'GT', '0/1', '0/0'),
              ],
              ['S1', 'S2'],
            ),
          ),
        );
        for (const sample of ['S1', 'S2']) {
          expect(genotypesOf(result)[sample]?.rs4988235).toBe(noCallGenotype);
          expect(reasonsOf(result)[sample]?.rs4988235).toBe('failedQc');
        }
        expect(genotypesOf(result).S1?.rs1801133).toBe('G/A');
        expect(result.counts[0]).toMatchObject({ found: 1 });
        expect(result.counts[0]?.problems).toContainEqual({ geneCode: 'rs4988235', reason: 'failedQc' });
      }
    });

    it('a gVCF block that failed makes its mapped positions no-calls', async () => {
      const text = file([
        row('1', mthfr677 - 10, '.', 'A', '<NON_REF>', '.', 'LowGQ', `END=${mthfr677 + 10}`, 'GT', '0/0'),
      ]);
      expect(reasonsOf(await read(text)).GD00000001?.rs1801133).toBe('failedQc');
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
    expect(genotypesOf(result).S2?.rs1801133).toBe('G/G');
  });

  it('takes an absent position as a no-call, or as reference when the file lists every position of its chromosomes', async () => {
    const text = file([row('1', mthfr677, 'rs1801133', 'G', 'A', 50, 'PASS', '.', 'GT', '0/1')]);
    expect(problemsOf(await read(text)).GD00000001?.rs1801131).toBe('absent');
    const all = accepted(await read(text, { allPositions: true }, demoMarkers));
    // Chromosome 1's other markers are reference; of a chromosome without a row the file says nothing.
    expect(genotypesOf(all).GD00000001).toMatchObject({ rs1801133: 'G/A', rs1801131: 'T/T', rs6025: 'C/C' });
    expect(problemsOf(all).GD00000001).toMatchObject({ rs4988235: 'absent', rs113993960: 'absent' });
    const onChromosome1 = demoMarkers.filter((marker) => marker.chromosome === '1').length;
    expect(all.counts[0]).toMatchObject({
      found: onChromosome1,
      noCalls: demoMarkers.length - onChromosome1,
    });
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

    it('malformed rows at unmapped positions too: a missing or an extra sample column, a GT that does not read', async () => {
      const unmapped = (...fields: (string | number)[]) =>
        row('1', 5000, '.', 'A', 'G', 50, 'PASS', '.', ...fields);
      const text = file(
        [
          mcm6Row('G', 'A', '0/1', '0/0'),
          unmapped('GT', '0/1'),
          unmapped('GT', '0/1', '0/1', '0/1'),
          unmapped('GT', '0/1', 'banana'),
          unmapped('GT:DP', 'X/Y:3', '0/1:3'),
          unmapped('GT', '0/2', '0/1'),
          unmapped('GT', '0/1', ''),
          unmapped('GT', '0//1', '0/1'),
          unmapped('GT', './.', '0|.'),
          unmapped('GT', '.', '|1'),
          unmapped('DP', 'whatever', 'x'),
          unmapped('GT:DP', '0/1', '1/1:4'),
        ],
        ['S1', 'S2'],
      );
      expect(await read(text)).toEqual({
        ok: false,
        errors: [
          { key: 'resultsFileWrongFieldCount', params: { line: 5, expected: 11, found: 10 } },
          { key: 'resultsFileWrongFieldCount', params: { line: 6, expected: 11, found: 12 } },
          { key: 'labFileVcfInvalidGenotype', params: { line: 7, sample: 'S2', genotype: 'banana' } },
          { key: 'labFileVcfInvalidGenotype', params: { line: 8, sample: 'S1', genotype: 'X/Y' } },
          { key: 'labFileVcfAlleleIndex', params: { line: 9, sample: 'S1', genotype: '0/2', alleles: 2 } },
          { key: 'labFileVcfInvalidGenotype', params: { line: 10, sample: 'S2', genotype: '' } },
          { key: 'labFileVcfInvalidGenotype', params: { line: 11, sample: 'S1', genotype: '0//1' } },
        ],
        more: 0,
      });
    });

    it('a GT that does not read, or names an allele the row lacks, at a mapped position', async () => {
      const result = await read(
        file([
          mcm6Row('G', 'A', 'X/Y'),
          mcm6Row('G', '.', '0/1'),
          mcm6Row('G', 'A,T', '3/0'),
          mcm6Row('G', 'A', '0/1'),
        ]),
      );
      expect(result).toEqual({
        ok: false,
        errors: [
          { key: 'labFileVcfInvalidGenotype', params: { line: 4, sample: 'GD00000001', genotype: 'X/Y' } },
          {
            key: 'labFileVcfAlleleIndex',
            params: { line: 5, sample: 'GD00000001', genotype: '0/1', alleles: 1 },
          },
          {
            key: 'labFileVcfAlleleIndex',
            params: { line: 6, sample: 'GD00000001', genotype: '3/0', alleles: 3 },
          },
        ],
        more: 0,
      });
    });

    it('a data row of a file cut short of its sample column', async () => {
      const text = `${file([mcm6Row('G', 'A', '0/1')])}1\t5000\t.\tA\tG\t50\tPASS\t.\tGT`;
      expect(refusals(await read(text))).toEqual([
        { key: 'resultsFileWrongFieldCount', params: { line: 5, expected: 10, found: 9 } },
      ]);
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
