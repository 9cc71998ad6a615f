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
