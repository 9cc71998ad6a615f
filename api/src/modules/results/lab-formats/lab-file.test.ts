import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { LabFileFormat, maxSamplesPerFile } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { parseResultsFile } from './csv.js';
import { demoMarkers } from './demo-markers.js';
import { readLabFile } from './index.js';
import { maxLineBytes } from './lines.js';
import { MarkerIndex } from './marker-index.js';
import {
  accepted,
  ancestryDna,
  demoSamples,
  finalReport,
  genotypesOf,
  read,
  refusal,
  resultsCsv,
  testMarkers,
  twentyThreeAndMe,
  vcf,
} from './test-files.js';

describe('readLabFile', () => {
  const samples = demoSamples(3, 9);

  it('detects the format from the content, not the name, gzipped or not', async () => {
    const files: [string | Buffer, LabFileFormat][] = [
      [resultsCsv(samples), LabFileFormat.Csv],
      [vcf(samples, { build: 37 }), LabFileFormat.Vcf],
      [finalReport(samples), LabFileFormat.FinalReport],
      [twentyThreeAndMe(samples[0]!, 37), LabFileFormat.TwentyThreeAndMe],
      [ancestryDna(samples[0]!, 37), LabFileFormat.AncestryDna],
    ];
    for (const [content, format] of files) {
      for (const bytes of [content, gzipSync(content)]) {
        const result = accepted(await read(bytes, { barcode: 'GD1' }));
        expect(result.format).toBe(format);
      }
    }
  });

  it('detects 23andMe and AncestryDNA by their column header when the comments do not name them', async () => {
    const twentyThree = '# raw data\n# rsid\tchromosome\tposition\tgenotype\nrs1801133\t1\t11856378\tAG\n';
    expect(accepted(await read(twentyThree, { barcode: 'GD1' })).format).toBe(LabFileFormat.TwentyThreeAndMe);
    const ancestry = 'rsid\tchromosome\tposition\tallele1\tallele2\nrs1801133\t1\t11856378\tA\tG\n';
    expect(accepted(await read(ancestry, { barcode: 'GD1' })).format).toBe(LabFileFormat.AncestryDna);
  });

  it('gives for the CSV what parseResultsFile gives (with the marker map), with counts []', async () => {
    const csv = resultsCsv(samples, testMarkers);
    const parsed = parseResultsFile(Buffer.from(csv), new MarkerIndex(testMarkers));
    if (!parsed.ok) throw new Error('bad CSV');
    const result = accepted(await read(`\ufeff${csv}`, {}, undefined, 10));
    expect(result).toEqual({ ...parsed, format: 'csv', genomeBuild: null, counts: [] });
  });

  it('passes the CSV parser’s refusal through', async () => {
    const result = await read('barcode;gene_code;genotype\nGD1;rs1;C/T\n');
    expect(result).toEqual(
      parseResultsFile(
        Buffer.from('barcode;gene_code;genotype\nGD1;rs1;C/T\n'),
        new MarkerIndex(testMarkers),
      ),
    );
    expect(refusal(result)?.key).toBe('resultsFileMissingColumn');
  });

  it('reads a UTF-8 byte order mark and UTF-8 sample names', async () => {
    const text = vcf([{ barcode: 'GDžluť1', genotypes: samples[0]!.genotypes }], { build: 37 });
    const result = accepted(await read(`\ufeff${text}`));
    expect(result.barcodes[0]?.barcode).toBe('GDŽLUŤ1');
  });

  it('accepts Uint8Array chunks and any chunk size', async () => {
    const text = finalReport(samples);
    const expected = genotypesOf(await read(text));
    for (const size of [1, 2, 3, 5, 64, 4096])
      expect(genotypesOf(await read(text, {}, undefined, size))).toEqual(expected);
  });

  it('streams a file far larger than its chunks with the same result', async () => {
    async function* many() {
      yield Buffer.from(vcf(samples, { build: 37, noise: 0 }));
      const row = Buffer.from('1\t12345\t.\tA\tG\t50\tPASS\tDP=20\tGT:GQ\t0/1:50\t0/1:50\t0/1:50\n');
      const block = Buffer.alloc(row.length * 2000);
      for (let i = 0; i < 2000; i++) row.copy(block, i * row.length);
      for (let i = 0; i < 100; i++) yield block;
    }
    const result = accepted(await readLabFile(many(), demoMarkers, {}));
    expect(result.rows).toBe(14 + 200_000);
    expect(result.counts.every((counts) => counts.found === 14)).toBe(true);
  });

  describe('refusals', () => {
    it('an unknown format, naming its first line', async () => {
      expect(refusal(await read('\n\nname,age\nAda,36\n'))).toEqual({
        key: 'labFileUnknownFormat',
        params: { line: 3 },
      });
      expect(refusal(await read(Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0, 0, 0xff, 0xfe])))).toEqual({
        key: 'labFileUnknownFormat',
        params: { line: 1 },
      });
      // A gzip of something else.
      expect(refusal(await read(gzipSync('hello\nworld\n')))?.key).toBe('labFileUnknownFormat');
    });

    it('an empty file', async () => {
      expect(refusal(await read(''))?.key).toBe('resultsFileEmpty');
      expect(refusal(await read('\n \r\n'))?.key).toBe('resultsFileEmpty');
    });

    it('a CSV whose gzip is cut short, naming the last line read', async () => {
      const csv = resultsCsv(demoSamples(40, 3));
      const zipped = gzipSync(csv);
      const cut = zipped.subarray(0, Math.floor(zipped.length * 0.7));
      const held = gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
      expect(refusal(await read(cut, {}, undefined, 500))).toEqual({
        key: 'labFileGzipTruncated',
        params: { line: held.split('\n').length - (held.endsWith('\n') ? 1 : 0), offset: cut.length },
      });
    });

    it('a gzip bomb, stopped just past the first 64 MB it unpacks, whatever the size of the pieces it arrives in', async () => {
      // Members of 16 MB that gzip to ~16 kB each: 400 MB in ~400 kB, arriving in one piece as stored.
      const line = '##comment=same text again\n';
      const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, line), { level: 9 });
      const bomb = Buffer.concat([gzipSync('##fileformat=VCFv4.2\n'), ...Array(25).fill(member)]);
      const refused = refusal(await read(bomb, {}, undefined, 4 * 1024 * 1024));
      expect(refused?.key).toBe('labFileUnpacksTooFar');
      // Measured against the compressed bytes zlib was given, not those received: counted per piece
      // received, the ratio allowed 200 × 400 kB = 80 MB here (and ~1 GB for a 5 MB bomb).
      const linesIn = (megabytes: number) => (megabytes * 1024 * 1024) / line.length;
      expect(refused?.params.line).toBeGreaterThan(linesIn(63));
      expect(refused?.params.line).toBeLessThan(linesIn(65));
    });

    it('a CSV naming too many samples as soon as it names one too many, not once it has all arrived', async () => {
      let pulled = 0;
      async function* endless() {
        yield Buffer.from('barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype\n');
        for (let block = 0; ; block++) {
          pulled++;
          const rows = Array.from({ length: 1000 }, (_, i) => `GD${block * 1000 + i};rs1801133;;;;;C/T`);
          yield Buffer.from(`${rows.join('\n')}\n`);
        }
      }
      const result = await readLabFile(endless(), testMarkers, {});
      expect(refusal(result)).toEqual({
        key: 'labFileTooManySamples',
        params: { line: maxSamplesPerFile + 2, max: maxSamplesPerFile },
      });
      expect(pulled).toBe(maxSamplesPerFile / 1000 + 1);
    });

    it('a line longer than the limit (a file without line breaks)', async () => {
      const head = `##fileformat=VCFv4.2\n##x=${'a'.repeat(maxLineBytes + 10)}`;
      expect(refusal(await read(head, {}, undefined, 1024 * 1024))).toEqual({
        key: 'labFileLineTooLong',
        params: { line: 2, max: maxLineBytes / 1024 / 1024 },
      });
    });
  });
});
