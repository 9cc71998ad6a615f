import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../../test/test-app.js';
import { transaction } from '../../../db/client.js';
import { accessLog, customers, outboxMessages, products, reportDocuments } from '../../../db/schema/index.js';
import { deliverDue } from '../../messaging/outbox.js';
import type { EmailTransport } from '../../messaging/transports.js';
import { loadCatalogue, reanalyseProducts } from '../../results/generation.service.js';
import { reportFor } from '../test-fixtures.js';
import { formatReportDate, templatesTold } from './document.js';
import { normalizeVerificationCode } from './documents.service.js';
import { closeReportPdfRenderer } from './render.js';

// Each publication renders a PDF (~150 ms): the tests publish four times in all.

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

const patch = (payload: object, headers = doctor) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/products/', payload, headers });
const documents = (id: number, headers = doctor) =>
  t.app.inject({ method: 'GET', url: `/api/admin/products/documents?Id=${id}`, headers });
const download = (id: number, version: number, headers = doctor) =>
  t.app.inject({ method: 'GET', url: `/api/admin/products/document?Id=${id}&version=${version}`, headers });
/** The customer's current PDF: the same call without a version. */
const current = (id: number, headers = doctor) =>
  t.app.inject({ method: 'GET', url: `/api/admin/products/document?Id=${id}`, headers });
const verifyBytes = (bytes: Buffer, headers = doctor) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify/report',
    payload: bytes,
    headers: { ...headers, 'content-type': 'application/pdf' },
  });
const verifyCode = (code: string, headers = doctor) =>
  t.app.inject({ method: 'POST', url: '/api/verify/report', payload: { code }, headers });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The PDF's text, soft hyphens (Czech hyphenation) removed and whitespace collapsed. */
async function textOf(pdf: Buffer, password?: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf), password });
  try {
    const result = await parser.getText();
    return result.pages.map((page) => page.text.replace(/\u00ad\s*/g, '').replace(/\s+/g, ' ')).join(' ');
  } finally {
    await parser.destroy();
  }
}

async function storedRows(productId: number) {
  return t.db
    .select({
      version: reportDocuments.version,
      content: reportDocuments.content,
      sha256: reportDocuments.sha256,
      verificationCode: reportDocuments.verificationCode,
      createdAt: reportDocuments.createdAt,
    })
    .from(reportDocuments)
    .where(eq(reportDocuments.productId, productId))
    .orderBy(asc(reportDocuments.version));
}

describe('issued report PDFs', () => {
  it('publishing stores version 1: its SHA-256 matches its bytes, it names the customer, barcode and code; download is audited; verification takes the very bytes only', async () => {
    const r = await reportFor(t, { surname: 'Řeháková-Šťastná' });
    const published = await patch({ Id: r.productId, Status: 3, DoctorIntro: '<p>Vše v pořádku.</p>' });
    expect(published.statusCode).toBe(200);
    expect(published.json().changeLog).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'pdfVersion', oldValue: null, newValue: '1' }),
      ]),
    );

    const list = await documents(r.productId);
    expect(list.statusCode).toBe(200);
    const [v1] = list.json().documents;
    expect(list.json().documents).toHaveLength(1);
    expect(v1).toMatchObject({
      version: 1,
      language: 'cs',
      preliminary: false,
      replacesVersion: null,
      reason: null,
      createdBy: { userName: expect.any(String) },
    });
    expect(v1.verificationCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);

    const response = await download(r.productId, 1);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="GD-\d+-v1-cs\.pdf"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = response.rawPayload;
    expect(sha256(pdf)).toBe(v1.sha256);
    const text = await textOf(pdf);
    // Approved by the physician who published it, with their licence number (issue 35).
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Lékařské schválení MUDr. David Dvořák (č. licence ČLK 0701234) dne',
    );
    expect(text).toContain('Eva Řeháková-Šťastná');
    expect(text).toContain(r.barcode);
    expect(text).toContain(v1.verificationCode);
    expect(text).toContain('Vše v pořádku.');
    expect(text).not.toContain('NÁHLED');
    expect(text).not.toContain('PŘEDBĚŽNÁ ZPRÁVA');
    const reads = await t.db
      .select({ kind: accessLog.kind, detail: accessLog.detail, customerIds: accessLog.customerIds })
      .from(accessLog)
      .where(eq(accessLog.entityId, r.productId));
    expect(reads).toContainEqual({ kind: 'reportPdf', detail: 'v1', customerIds: [r.customerId] });

    const issued = await verifyBytes(pdf);
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({
      issued: true,
      productId: r.productId,
      customerName: 'Eva Řeháková-Šťastná',
      barcode: r.barcode,
      version: 1,
      current: true,
      matchedBy: 'sha256',
    });
    const changed = Buffer.from(pdf);
    const middle = Math.floor(changed.length / 2);
    changed.writeUInt8(changed.readUInt8(middle) ^ 1, middle);
    expect((await verifyBytes(changed)).json()).toEqual({ issued: false });

    // The code as a person types it: lower case, without the dash, O for 0.
    const typed = v1.verificationCode.toLowerCase().replace('-', '').replace(/0/g, 'o');
    expect((await verifyCode(typed)).json()).toMatchObject({ issued: true, version: 1, matchedBy: 'code' });
    expect((await verifyCode('AAAAA-AAAAA')).json()).toEqual({ issued: false });
    expect((await verifyCode('not a code')).json()).toEqual({ issued: false });
  });

  it('a change and publication again needs a reason, then makes version 2 naming version 1; version 1 never changes, not by reanalysis either', async () => {
    const r = await reportFor(t);
    expect((await patch({ Id: r.productId, Status: 3, DoctorIntro: '<p>První znění.</p>' })).statusCode).toBe(
      200,
    );
    const [first] = await storedRows(r.productId);

    // The same publication again, nothing changed: no new version.
    expect((await patch({ Id: r.productId, Status: 3 })).statusCode).toBe(200);
    expect(await storedRows(r.productId)).toHaveLength(1);

    const refused = await patch(
      { Id: r.productId, Status: 3, DoctorIntro: '<p>Opravené znění.</p>' },
      { ...doctor, 'accept-language': 'en' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields.Reason).toBe(
      'The report has already been issued as a PDF: give the reason for issuing it again.',
    );
    expect(await storedRows(r.productId)).toHaveLength(1);

    const reason = 'Oprava úvodního slova';
    const again = await patch({
      Id: r.productId,
      Status: 3,
      DoctorIntro: '<p>Opravené znění.</p>',
      Reason: reason,
    });
    expect(again.statusCode).toBe(200);
    const list = (await documents(r.productId)).json().documents;
    expect(list.map((d: { version: number }) => d.version)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({ version: 2, replacesVersion: 1, reason });
    const v2 = (await download(r.productId, 2)).rawPayload;
    const text = await textOf(v2);
    // An amended report names the version it replaces with that version's date and code (ISO 15189).
    const v1Code = first!.verificationCode;
    const v1Date = formatReportDate(first!.createdAt, 'cs');
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Opravená zpráva. Verze 2 – nahrazuje verzi 1 ze dne ${v1Date.replace(/\s+/g, ' ')} (ověřovací kód ${v1Code}): ${reason}`,
    );
    expect(text).toContain('Opravené znění.');
    // …and reaches the customer: exactly one e-mail, saying what changed, besides version 1's.
    const mails = await t.db
      .select({
        kind: outboxMessages.kind,
        subject: outboxMessages.subject,
        bodyText: outboxMessages.bodyText,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, r.email))
      .orderBy(asc(outboxMessages.id));
    expect(mails.map((mail) => mail.kind)).toEqual(['product-published', 'product-amended']);
    expect(mails[1]?.subject).toBe('GenoDesk – opravená verze vaší genetické zprávy');
    expect(mails[1]?.bodyText).toContain('Nová verze 2 nahrazuje verzi 1 ze dne');
    expect(mails[1]?.bodyText).toContain(`Co se změnilo: ${reason}`);

    // The customer's current PDF is now version 2, as stored; the read is audited with its version.
    const latest = await current(r.productId);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-type']).toBe('application/pdf');
    expect(latest.headers['x-report-version']).toBe('2');
    expect(latest.headers.etag).toBe(`"${sha256(v2)}"`);
    expect(latest.headers['content-disposition']).toMatch(/^attachment; filename="GD-\d+-v2-cs\.pdf"$/);
    expect(Buffer.compare(latest.rawPayload, v2)).toBe(0);
    const reads = await t.db
      .select({ detail: accessLog.detail })
      .from(accessLog)
      .where(and(eq(accessLog.kind, 'reportPdf'), eq(accessLog.entityId, r.productId)));
    expect(reads.map((row) => row.detail).filter((d) => /^v\d+$/.test(d ?? ''))).toEqual(['v2', 'v2']);

    const [v1After] = await storedRows(r.productId);
    expect(v1After!.sha256).toBe(first!.sha256);
    expect(Buffer.compare(v1After!.content, first!.content)).toBe(0);
    expect((await verifyBytes(first!.content)).json()).toMatchObject({
      issued: true,
      version: 1,
      current: false,
      latestVersion: 2,
    });

    await transaction(t.db, async (tx) =>
      reanalyseProducts(tx, [r.productId], await loadCatalogue(tx), null),
    );
    const afterReanalysis = await storedRows(r.productId);
    expect(afterReanalysis.map((row) => row.sha256)).toEqual([first!.sha256, sha256(v2)]);
    expect(Buffer.compare(afterReanalysis[0]!.content, first!.content)).toBe(0);
  });

  it("an English customer's preliminary publication is in English with the preliminary banner", async () => {
    const r = await reportFor(t, { surname: 'Novák' });
    await t.db.update(customers).set({ language: 'en' }).where(eq(customers.id, r.customerId));
    expect((await patch({ Id: r.productId, Status: 4, DoctorIntro: '<p>Preliminary.</p>' })).statusCode).toBe(
      200,
    );
    const [v1] = (await documents(r.productId)).json().documents;
    expect(v1).toMatchObject({ version: 1, language: 'en', preliminary: true });
    const response = await download(r.productId, 1);
    expect(response.headers['content-disposition']).toContain('-v1-en.pdf');
    const text = await textOf(response.rawPayload);
    expect(text).toContain('Genetic test report');
    expect(text).toContain('Eva Novák');
    expect(text).toContain('PRELIMINARY REPORT');
    expect(text).toContain(v1.verificationCode);
    expect(text).not.toContain('Datum narození');
  });

  it('the final report after a preliminary one is the final report (version 2), told as a publication, not as a correction; the preview shows the version it would issue', async () => {
    const r = await reportFor(t, { surname: 'Dokončená' });
    expect((await patch({ Id: r.productId, Status: 4, DoctorIntro: '<p>Předběžně.</p>' })).statusCode).toBe(
      200,
    );
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/pdfpreview?Id=${r.productId}`,
      headers: doctor,
    });
    expect(preview.statusCode).toBe(200);
    expect(await textOf(preview.rawPayload)).toMatch(/verze 2/);

    const final = await patch({ Id: r.productId, Status: 3, Reason: 'Konečné výsledky' });
    expect(final.statusCode, final.body).toBe(200);
    const [v2] = (await documents(r.productId)).json().documents;
    expect(v2).toMatchObject({ version: 2, preliminary: false, replacesVersion: 1 });
    const text = await textOf((await download(r.productId, 2)).rawPayload);
    expect(text).toContain('konečná zpráva (verze 2)');
    expect(text).not.toContain('opravená zpráva');
    const mails = await t.db
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(eq(outboxMessages.customerId, r.customerId));
    expect(mails.map((m) => m.kind)).toEqual(['product-preliminarily-published', 'product-published']);
  });

  it("answers 404 for the current PDF of a report never issued, and version 1's bytes once it is", async () => {
    const r = await reportFor(t);
    const none = await current(r.productId, { ...doctor, 'accept-language': 'en' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('NOT_FOUND');
    expect((await current(999999999)).statusCode).toBe(404);
    expect((await patch({ Id: r.productId, Status: 4, DoctorIntro: '<p>Předběžně.</p>' })).statusCode).toBe(
      200,
    );
    const [stored] = await storedRows(r.productId);
    const response = await current(r.productId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-report-version']).toBe('1');
    expect(sha256(response.rawPayload)).toBe(stored!.sha256);
    const reception = await t.authAs(demo.reception);
    expect((await current(r.productId, reception)).statusCode).toBe(403);
  });

  it('a publication whose render runs past REPORT_PDF_TIMEOUT_MS answers 503 and stores nothing; the next one publishes', async () => {
    const r = await reportFor(t);
    t.config.reportPdfTimeoutMs = 1;
    try {
      const refused = await patch(
        { Id: r.productId, Status: 3, DoctorIntro: '<p>Příliš pomalé.</p>' },
        { ...doctor, 'accept-language': 'en' },
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toEqual({
        code: 'REPORT_PDF_TIMEOUT',
        message: 'Rendering the report PDF took too long and was stopped. Please try again.',
      });
    } finally {
      t.config.reportPdfTimeoutMs = 30_000;
    }
    expect(await storedRows(r.productId)).toHaveLength(0);
    const [report] = await t.db
      .select({ status: products.status, doctorIntro: products.doctorIntro })
      .from(products)
      .where(eq(products.id, r.productId));
    expect(report!.status).not.toBe(3);
    expect(report!.doctorIntro).not.toContain('Příliš pomalé.');

    expect((await patch({ Id: r.productId, Status: 3, DoctorIntro: '<p>Teď ano.</p>' })).statusCode).toBe(
      200,
    );
    expect(await storedRows(r.productId)).toHaveLength(1);
  });

  it('needs Products.View to list or download, Products.View to verify; 404 for an unknown version; 400 for a bad query or body', async () => {
    const reception = await t.authAs(demo.reception);
    expect((await documents(1, reception)).statusCode).toBe(403);
    expect((await download(1, 1, reception)).statusCode).toBe(403);
    expect((await documents(999999999)).statusCode).toBe(404);
    expect((await download(999999999, 1)).statusCode).toBe(404);
    expect((await download(1, 0)).statusCode).toBe(400);
    expect((await verifyCode('X', {})).statusCode).toBe(401);
    // Whose document it is, only readers of reports learn (issue 36); reception has the public check.
    expect((await verifyCode('AAAAA-AAAAA', reception)).statusCode).toBe(403);
    expect((await verifyCode('AAAAA-AAAAA', await t.authAs(demo.doctor))).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/verify/report',
      payload: { code: 5 },
      headers: doctor,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('REPORT_EMAIL_ATTACHMENT=encrypted', () => {
  it('attaches the issued PDF by reference, encrypted with AES-256 and the date of birth (DDMMYYYY) when sent; the e-mail says so', async () => {
    const r = await reportFor(t, { dateOfBirth: '1985-03-15', surname: 'Šifrová' });
    t.config.reportEmailAttachment = 'encrypted';
    try {
      expect((await patch({ Id: r.productId, Status: 3, DoctorIntro: '<p>Šifrováno.</p>' })).statusCode).toBe(
        200,
      );
    } finally {
      t.config.reportEmailAttachment = 'none';
    }
    const [message] = await t.db
      .select({
        id: outboxMessages.id,
        bodyText: outboxMessages.bodyText,
        attachments: outboxMessages.attachments,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, r.email));
    expect(message!.bodyText).toContain('datum narození ve tvaru DDMMRRRR');
    // The outbox keeps a reference to the stored version, not its bytes.
    const [stored] = await t.db
      .select({ id: reportDocuments.id, content: reportDocuments.content })
      .from(reportDocuments)
      .where(eq(reportDocuments.productId, r.productId));
    expect(message!.attachments).toEqual([
      expect.objectContaining({ contentType: 'application/pdf', content: '', reportDocumentId: stored!.id }),
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${message!.id}`,
      headers: await t.authAs(demo.admin),
    });
    expect(detail.json().attachments).toEqual([
      expect.objectContaining({ contentType: 'application/pdf', size: stored!.content.length }),
    ]);

    const sent: Parameters<EmailTransport['send']>[0][] = [];
    const email: EmailTransport = { send: async (m) => void sent.push(m), close: () => {} };
    await deliverDue(t.db, { email });
    const mine = sent.find((m) => m.to === r.email)!;
    expect(mine.attachments).toHaveLength(1);
    const encrypted = Buffer.from(mine.attachments[0]!.content, 'base64');
    expect(encrypted.toString('latin1')).toMatch(/\/AESV3/);
    // Declared as Adobe's extension level 8 of PDF 1.7, so readers of 1.7 know the AES-256 handler.
    expect(encrypted.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const { catalog } = await PDFDocument.load(encrypted, { ignoreEncryption: true, updateMetadata: false });
    const adbe = catalog.lookup(PDFName.of('Extensions'), PDFDict).lookup(PDFName.of('ADBE'), PDFDict);
    expect(String(adbe.get(PDFName.of('BaseVersion')))).toBe('/1.7');
    expect(String(adbe.get(PDFName.of('ExtensionLevel')))).toBe('8');
    await expect(textOf(encrypted)).rejects.toThrow(/password/i);
    await expect(textOf(encrypted, '01011990')).rejects.toThrow(/password/i);
    const text = await textOf(encrypted, '15031985');
    expect(text).toContain('Eva Šifrová');
    expect(text).toContain('Šifrováno.');
  });
});

describe('normalizeVerificationCode', () => {
  it('ignores case, spaces and dashes, reads O as 0 and I/L as 1, refuses anything else', () => {
    expect(normalizeVerificationCode(' 7kq2m xr4td ')).toBe('7KQ2M-XR4TD');
    expect(normalizeVerificationCode('OIL00-ABCDE')).toBe('01100-ABCDE');
    expect(normalizeVerificationCode('7KQ2M-XR4T')).toBeNull();
    expect(normalizeVerificationCode('7KQ2M-XR4TU')).toBeNull();
  });
});

describe('what an issued version tells', () => {
  it('tells the templates of its phenotypes, not of one withheld, once each', () => {
    const phenotype = (geneCombinationId: number, templateId: number | null, withheld = false) => ({
      geneCombinationId,
      phenotype: `P${geneCombinationId}`,
      phenotypeEn: `P${geneCombinationId}`,
      templateId,
      risk: templateId === null ? null : 1,
      text: '',
      textEn: '',
      genes: [],
      withheld: withheld
        ? { by: { id: 1, userName: 'MUDr. X' }, at: '2026-11-29T08:00:00Z', reason: 'r' }
        : null,
    });
    const content = {
      categories: [
        {
          id: 1,
          name: 'K',
          nameEn: 'K',
          subcategories: [
            { id: 2, name: 'S', nameEn: 'S', phenotypes: [phenotype(1, 30), phenotype(2, 12, true)] },
            {
              id: 3,
              name: 'T',
              nameEn: 'T',
              phenotypes: [phenotype(3, null), phenotype(4, 7), phenotype(5, 30)],
            },
          ],
        },
      ],
    };
    expect(templatesTold(content)).toEqual([7, 30]);
  });
});
