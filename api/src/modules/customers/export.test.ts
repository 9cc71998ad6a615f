import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });

describe('GET admin/customers/export', () => {
  it('streams the filtered, sorted list, every page, as CSV', async () => {
    const list = (await get('/api/admin/customers?registrationSource=2&sort=surname&pageSize=100')).json();
    const response = await get('/api/admin/customers/export?format=csv&registrationSource=2&sort=surname');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="customers-.*\.csv"/);
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^\uFEFFID;Jméno;Příjmení;E-mail/);
    expect(lines).toHaveLength(list.total + 1);
    const ids = lines.slice(1).map((line) => Number(line.split(';')[0]));
    expect(ids.slice(0, list.items.length)).toEqual(list.items.map((c: { id: number }) => c.id));
    expect(lines[1]).toContain('Recepce');
    const all = (await get('/api/admin/customers?pageSize=1')).json().total;
    const everything = await get('/api/admin/customers/export?format=csv');
    expect(everything.body.split('\r\n').filter(Boolean)).toHaveLength(all + 1);
  });

  it('streams XLSX with English headers when asked', async () => {
    const list = (await get('/api/admin/customers?search=novak&pageSize=100')).json();
    const response = await get('/api/admin/customers/export?format=xlsx&search=novak&locale=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Customers');
    expect(sheet?.getRow(1).getCell(2).value).toBe('Name');
    expect(sheet?.rowCount).toBe(list.total + 1);
    const dateOfBirth = sheet?.getRow(2).getCell(7).value;
    expect(String(dateOfBirth)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a bad format or sort with 400; needs Customers.View', async () => {
    expect((await get('/api/admin/customers/export?format=pdf')).statusCode).toBe(400);
    expect((await get('/api/admin/customers/export?format=csv&sort=password')).statusCode).toBe(400);
    expect((await get('/api/admin/customers/export')).statusCode).toBe(400);
    const lab = await t.authAs(demo.lab);
    expect((await get('/api/admin/customers/export?format=csv', lab)).statusCode).toBe(200);
  });
});

describe('an export that fails after its first bytes', () => {
  /**
   * Downloads over a real connection, pausing after the first chunk until `midway` has run; says how
   * the download ended: `complete` (the server ended it as a whole file) or `failed`.
   */
  async function download(path: string, acceptEncoding: string, midway: () => Promise<void>) {
    const { port } = t.app.server.address() as AddressInfo;
    return new Promise<{ status: number; bytes: number; ended: 'complete' | 'failed' }>((resolve) => {
      const request = http.get(
        { port, path, headers: { ...admin, 'accept-encoding': acceptEncoding } },
        (response) => {
          let bytes = 0;
          let paused = false;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (paused) return;
            paused = true;
            response.pause();
            void midway().then(() => response.resume());
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, ended: 'complete' }));
          response.on('error', () => resolve({ status: response.statusCode ?? 0, bytes, ended: 'failed' }));
        },
      );
      request.on('error', () => resolve({ status: 0, bytes: 0, ended: 'failed' }));
    });
  }

  // The database connection reading the export's cursor is cut (a restart, an administrator). The
  // first bytes can be the CSV's header line, sent before the cursor is even declared: the cut waits
  // for the cursor, so it never misses it (it once found only the export's `begin`).
  const cutTheCursor = async () => {
    const exporting = sql`query like 'fetch 1000 from table_export%' or query like 'declare table_export%'`;
    for (let waited = 0; waited < 10_000; waited += 20) {
      const found = await t.db.execute(sql`select pid from pg_stat_activity where ${exporting}`);
      if (found.rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where ${exporting}`);
  };

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Rows long and random enough to compress badly: even gzipped, the export (~45 MB) is far larger than
    // what the loopback's socket buffers hold, so it is still being read when the cursor is cut.
    await t.db.execute(sql`
      insert into customers (name, surname, email, registration_source, city)
      select 'Exportovaný', 'Zákazník' || i, 'export' || i || '@example.cz', 3,
             (select string_agg(md5(random()::text || i || k), '') from generate_series(1, 24) k)
      from generate_series(1, 50000) i`);
  });

  for (const [format, encoding] of [
    ['csv', 'identity'],
    ['csv', 'gzip'],
    ['xlsx', 'gzip'],
  ] as const)
    it(`ends a ${format} download (${encoding}) as failed, never as a complete-looking file`, async () => {
      const result = await download(`/api/admin/customers/export?format=${format}`, encoding, cutTheCursor);
      expect(result.status).toBe(200);
      expect(result.bytes).toBeGreaterThan(0);
      expect(result.ended).toBe('failed');
    });

  it('downloads the same export whole when nothing fails', async () => {
    const result = await download('/api/admin/customers/export?format=csv', 'gzip', async () => {});
    expect(result).toMatchObject({ status: 200, ended: 'complete' });
  });
});
