import { gzipSync } from 'node:zlib';
import { maxSamplesPerFile, ResultUploadStatus } from '@genodesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { processResultsUpload } from './processing.js';

/**
 * A hostile or broken upload is refused as a file error — said in the upload, never retried — before
 * it costs the server its memory (issue 36: a 200,000-column VCF grew the API to 1.9 GB and overflowed
 * its stack; a 5 MB gzip unpacked to 2 GB; a JSON body answered 500).
 */
let t: TestApp;
let lab: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  lab = await t.authAs(demo.lab);
});
afterAll(() => t.close());

async function uploadAndProcess(body: Buffer, fileName: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/results/upload?FileName=${fileName}&GenomeBuild=38`,
    headers: { ...lab, 'content-type': 'application/octet-stream' },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(202);
  const id = response.json().id as number;
  // Thrown would mean a job retried again and again: a file error is an answer, not a fault.
  await processResultsUpload(t.db, id);
  const detail = await t.app.inject({
    method: 'GET',
    url: `/api/admin/results/getresult?Id=${id}`,
    headers: { ...lab, 'accept-language': 'en' },
  });
  return detail.json() as { status: number; exception: string | null };
}

describe('upload limits', () => {
  it('refuses a VCF of 100,000 sample columns at its header', async () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `GD${String(i).padStart(8, '0')}`);
    const vcf = [
      '##fileformat=VCFv4.2',
      '##reference=GRCh38',
      ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...names].join('\t'),
      ['1', '11796321', 'rs1801133', 'G', 'A', '.', 'PASS', '.', 'GT', ...names.map(() => '0/1')].join('\t'),
    ].join('\n');
    const detail = await uploadAndProcess(Buffer.from(`${vcf}\n`), 'plates.vcf');
    expect(detail.status).toBe(ResultUploadStatus.Failed);
    expect(detail.exception).toBe(
      `The file holds more samples than can be processed at once (at most ${maxSamplesPerFile}; line 3). Split it into smaller files.`,
    );
  });

  it('refuses a CSV naming more barcodes than that', async () => {
    const rows = Array.from(
      { length: maxSamplesPerFile + 1 },
      (_, i) => `GD${String(i).padStart(8, '0')};MTHFR;;;;;C/T`,
    );
    const csv = `##strand=plus\nbarcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype\n${rows.join('\n')}\n`;
    const detail = await uploadAndProcess(Buffer.from(csv), 'many.csv');
    expect(detail.status).toBe(ResultUploadStatus.Failed);
    expect(detail.exception).toContain(
      `more samples than can be processed at once (at most ${maxSamplesPerFile}`,
    );
  });

  it('refuses a gzip bomb while it unpacks', async () => {
    const header = Buffer.from('##fileformat=VCFv4.2\n');
    const filler = Buffer.alloc(160 * 1024 * 1024, '##comment=same text again\n');
    const bomb = gzipSync(Buffer.concat([header, filler]), { level: 9 });
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const detail = await uploadAndProcess(bomb, 'bomb.vcf.gz');
    expect(detail.status).toBe(ResultUploadStatus.Failed);
    expect(detail.exception).toContain('unpacks out of all proportion');
  });

  it('answers a JSON body with 415, not a failure, null among them', async () => {
    for (const payload of ['{"file":"barcode;gene_code"}', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/results/upload?FileName=results.csv',
        headers: { ...lab, 'accept-language': 'en', 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(415);
      expect(response.json().error.message).toBe(
        'A results file is uploaded as a file (CSV, VCF, text or gzip), not as JSON or a form.',
      );
    }
  });
});
