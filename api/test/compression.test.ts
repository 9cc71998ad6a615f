import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from './test-app.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...admin, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

function decoded(response: Awaited<ReturnType<typeof get>>): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

const bigList = '/api/admin/customers?pageSize=100';

describe('compressed API answers', () => {
  it('compresses a big JSON answer: gzip when the client takes both, br when it takes only br', async () => {
    const plain = await get(bigList);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(14 * 1024);

    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'gzip'],
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip;q=0.5, br', 'br'],
    ] as const) {
      const response = await get(bigList, acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers.vary, acceptEncoding).toContain('accept-encoding');
      expect(response.headers['content-type'], acceptEncoding).toContain('application/json');
      expect(response.rawPayload.length, acceptEncoding).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(response).toString()), acceptEncoding).toEqual(plain.json());
      expect(response.headers['content-security-policy'], acceptEncoding).toContain("default-src 'self'");
    }
  });

  it('sends an answer that fits in the first TCP flight (under 14 kB, a page of 25) as it is', async () => {
    for (const url of ['/api/health', '/api/admin/customers?pageSize=25']) {
      const response = await get(url, 'gzip, deflate, br, zstd');
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.length, url).toBeLessThan(14 * 1024);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.json(), url).toBeTruthy();
    }
  });

  it('sends a big answer as it is to a client that accepts no compression we offer', async () => {
    for (const acceptEncoding of ['identity', 'deflate']) {
      const response = await get(bigList, acceptEncoding);
      expect(response.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(response.json().items.length, acceptEncoding).toBeGreaterThan(0);
    }
  });

  it('streams the CSV export compressed and the XLSX one (already a zip) as it is', async () => {
    const plain = await get('/api/admin/customers/export?format=csv');
    const csv = await get('/api/admin/customers/export?format=csv', 'gzip, deflate, br, zstd');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="customers-.*\.csv"/);
    expect(decoded(csv).toString()).toBe(plain.body);
    expect(plain.body.split('\r\n').filter(Boolean).length).toBeGreaterThan(1);

    const xlsx = await get('/api/admin/customers/export?format=xlsx', 'gzip, deflate, br, zstd');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBeGreaterThan(1);
  });
});
