import { and, asc, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../../test/test-app.js';
import { auditLog, customers } from '../../../db/schema/index.js';
import { reportFor } from '../test-fixtures.js';
import { defaultReportTexts } from './labels.js';
import { closeReportPdfRenderer } from './render.js';

let t: TestApp;
let doctor: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
});
afterAll(async () => {
  await closeReportPdfRenderer();
  await t.close();
});

const read = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/admin/products/reporttexts', headers });
const save = (payload: object, headers = doctor) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/products/reporttexts', payload, headers });

/** The PDF's text, soft hyphens (Czech hyphenation) removed and whitespace collapsed. */
async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return result.pages.map((page) => page.text.replace(/\u00ad\s*/g, '').replace(/\s+/g, ' ')).join(' ');
  } finally {
    await parser.destroy();
  }
}

const saved = {
  Limitations:
    'Vyšetření genotypizací hodnotí jen vybrané varianty.\n\nVýsledek platí pro vzorek s uvedeným čárovým kódem.',
  LimitationsEn:
    'Genotyping assesses selected variants only.\r\n\r\nThe result is valid for the barcode given.',
  Disclaimer: 'Zpráva není diagnózou; poraďte se s lékařem.',
  DisclaimerEn: 'The report is not a diagnosis; talk to your doctor.',
};

// One file, in order: the defaults first, then the saved texts.
describe('the report texts (limitations and disclaimer) in the catalogue', () => {
  it('answers the defaults of labels.ts until saved, to Templates.View or Products.View; 403 to neither', async () => {
    const lab = await t.authAs(demo.lab);
    for (const headers of [doctor, lab]) {
      const response = await read(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        limitations: defaultReportTexts.cs.limitations,
        limitationsEn: defaultReportTexts.en.limitations,
        disclaimer: defaultReportTexts.cs.disclaimer,
        disclaimerEn: defaultReportTexts.en.disclaimer,
        isDefault: true,
        updatedAt: null,
        updatedBy: null,
      });
    }
    expect((await read(await t.authAs(demo.reception))).statusCode).toBe(403);
  });

  it('saving needs Templates.Edit and four texts of 1–4,000 characters, refused with messages in the caller’s language', async () => {
    const lab = await t.authAs(demo.lab);
    expect((await save(saved, lab)).statusCode).toBe(403);

    const blank = await save({ ...saved, DisclaimerEn: '   ' }, { ...doctor, 'accept-language': 'en' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ DisclaimerEn: 'This field is required!' });
    const long = await save({ ...saved, Limitations: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ Limitations: 'Text může mít nejvýše 4 000 znaků.' });
    const missing = await save({ Limitations: 'Jen jeden.' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields).sort()).toEqual([
      'Disclaimer',
      'DisclaimerEn',
      'LimitationsEn',
    ]);
    expect((await read(doctor)).json().isDefault).toBe(true);
  });

  it('saves the texts, audits each changed one against what it replaced, and says who saved them', async () => {
    const response = await save({ ...saved, Disclaimer: `  ${saved.Disclaimer}  ` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      limitations: saved.Limitations,
      // Line ends kept as the web sends them, normalised to \n.
      limitationsEn:
        'Genotyping assesses selected variants only.\n\nThe result is valid for the barcode given.',
      disclaimer: saved.Disclaimer,
      disclaimerEn: saved.DisclaimerEn,
      isDefault: false,
      updatedBy: { userName: expect.any(String) },
    });
    expect(Date.parse(body.updatedAt)).not.toBeNaN();
    expect((await read(await t.authAs(demo.lab))).json()).toEqual(body);

    const rows = await t.db
      .select({ field: auditLog.field, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reportTexts'), eq(auditLog.entityId, 1)))
      .orderBy(asc(auditLog.id));
    expect(rows).toEqual([
      { field: 'limitations', oldValue: defaultReportTexts.cs.limitations, newValue: saved.Limitations },
      {
        field: 'limitationsEn',
        oldValue: defaultReportTexts.en.limitations,
        newValue: body.limitationsEn,
      },
      { field: 'disclaimer', oldValue: defaultReportTexts.cs.disclaimer, newValue: saved.Disclaimer },
      { field: 'disclaimerEn', oldValue: defaultReportTexts.en.disclaimer, newValue: saved.DisclaimerEn },
    ]);

    // Saving again: only what changed is audited.
    expect((await save({ ...saved, DisclaimerEn: 'Not a diagnosis.' })).statusCode).toBe(200);
    const again = await t.db
      .select({ field: auditLog.field, oldValue: auditLog.oldValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reportTexts'), eq(auditLog.entityId, 1)));
    expect(again).toHaveLength(5);
    expect(again).toContainEqual({ field: 'disclaimerEn', oldValue: saved.DisclaimerEn });
  });

  it('the preview and the published PDF print the saved texts in the report’s language, a blank line a new paragraph', async () => {
    expect((await save(saved)).statusCode).toBe(200);
    const r = await reportFor(t, { surname: 'Textová' });
    const preview = (locale: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/products/pdfpreview?Id=${r.productId}&locale=${locale}`,
        headers: doctor,
      });
    const cs = await textOf((await preview('cs')).rawPayload);
    expect(cs).toContain('Vyšetření genotypizací hodnotí jen vybrané varianty.');
    expect(cs).toContain('Výsledek platí pro vzorek s uvedeným čárovým kódem.');
    expect(cs).toContain(saved.Disclaimer);
    expect(cs).not.toContain(defaultReportTexts.cs.disclaimer.slice(0, 40));
    expect(cs).not.toContain(saved.DisclaimerEn);
    const en = await textOf((await preview('en')).rawPayload);
    expect(en).toContain(
      'Genotyping assesses selected variants only. The result is valid for the barcode given.',
    );
    expect(en).toContain(saved.DisclaimerEn);
    expect(en).not.toContain(saved.Disclaimer);

    // An English customer's publication: the English texts.
    await t.db.update(customers).set({ language: 'en' }).where(eq(customers.id, r.customerId));
    const published = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/',
      payload: { Id: r.productId, Status: 3, DoctorIntro: '<p>Hotovo.</p>' },
      headers: doctor,
    });
    expect(published.statusCode).toBe(200);
    const issued = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/document?Id=${r.productId}`,
      headers: doctor,
    });
    const text = await textOf(issued.rawPayload);
    expect(text).toContain('Genotyping assesses selected variants only.');
    expect(text).toContain(saved.DisclaimerEn);
  });
});
