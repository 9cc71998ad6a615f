import { reportNumberOf } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../../test/test-app.js';
import { accessLog, reportDocuments, withdrawnReportDocuments } from '../../../db/schema/index.js';
import { demoPassword } from '../../../seed/demo.js';
import { type ReportFixture, reportFor } from '../test-fixtures.js';
import { closeReportPdfRenderer } from './render.js';

// Issue 35: the public verification call (no sign-in; the QR code on a report PDF leads anyone to it)
// and the tombstones an erasure leaves. Each publication renders a PDF (~150 ms): three in all.

let t: TestApp;
let doctor: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
  admin = await t.authAs(demo.admin);
});
afterAll(async () => {
  await closeReportPdfRenderer();
  await t.close();
});

/** Every public request comes from its own address unless told: the limit is per address. */
let addressSeq = 0;
const nextAddress = () => `192.0.2.${(addressSeq++ % 250) + 1}`;

const publicCode = (code: unknown, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/public/verify/report', payload: { code }, remoteAddress });
const publicBytes = (bytes: Buffer, contentType = 'application/pdf', remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/verify/report',
    payload: bytes,
    headers: { 'content-type': contentType },
    remoteAddress,
  });
const staffCode = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/verify/report', payload: { code }, headers: doctor });

/** The keys the public answer has, always: nothing else, nothing personal. */
const publicKeys = [
  'issuedAt',
  'laboratory',
  'replacedByVersion',
  'reportNumber',
  'valid',
  'version',
  'withdrawn',
  'withdrawnAt',
];

/** A published report: version 1's code and bytes. */
async function published(r: ReportFixture) {
  const patched = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/products/',
    payload: { Id: r.productId, Status: 3, DoctorIntro: '<p>Veřejné ověření.</p>' },
    headers: doctor,
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const [row] = await t.db
    .select({ code: reportDocuments.verificationCode, content: reportDocuments.content })
    .from(reportDocuments)
    .where(eq(reportDocuments.productId, r.productId));
  return { code: row!.code, pdf: row!.content };
}

/** Nothing of the customer in an answer's text. */
function expectNothingPersonal(body: string, r: ReportFixture) {
  for (const value of [r.surname, r.barcode, r.email])
    expect(body.toLowerCase()).not.toContain(value.toLowerCase());
}

describe('POST public/verify/report', () => {
  it('answers by code and by bytes without a sign-in, with nothing personal; a changed byte or an unknown code is not issued; nothing goes to the access log', async () => {
    const r = await reportFor(t, { surname: 'Veřejná-Ověřovaná' });
    const { code, pdf } = await published(r);
    const laboratory = t.config.reportCompany.name;

    const byCode = await publicCode(code);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(Object.keys(byCode.json()).sort()).toEqual(publicKeys);
    expect(byCode.json()).toEqual({
      valid: true,
      withdrawn: false,
      laboratory,
      reportNumber: reportNumberOf(r.productId),
      version: 1,
      issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      replacedByVersion: null,
      withdrawnAt: null,
    });
    expectNothingPersonal(byCode.body, r);

    // A code as a person types it from paper.
    const typed = await publicCode(` ${code.toLowerCase().replace('-', '')} `);
    expect(typed.json()).toMatchObject({ valid: true, version: 1 });

    for (const type of ['application/pdf', 'application/octet-stream']) {
      const byBytes = await publicBytes(pdf, type);
      expect(byBytes.statusCode, byBytes.body).toBe(200);
      expect(byBytes.json()).toEqual(byCode.json());
      expectNothingPersonal(byBytes.body, r);
    }

    const changed = Buffer.from(pdf);
    const middle = Math.floor(changed.length / 2);
    changed.writeUInt8(changed.readUInt8(middle) ^ 1, middle);
    const notIssued = {
      valid: false,
      withdrawn: false,
      laboratory,
      reportNumber: null,
      version: null,
      issuedAt: null,
      replacedByVersion: null,
      withdrawnAt: null,
    };
    expect((await publicBytes(changed)).json()).toEqual(notIssued);
    expect((await publicCode('AAAAA-AAAAA')).json()).toEqual(notIssued);
    expect((await publicCode('not a code')).json()).toEqual(notIssued);
    expect((await publicCode(5)).statusCode).toBe(400);
    expect((await publicCode('x'.repeat(41))).statusCode).toBe(400);

    // No reader, no customer's data shown: the access log has no row of these checks.
    const reads = await t.db
      .select({ detail: accessLog.detail })
      .from(accessLog)
      .where(eq(accessLog.entityId, r.productId));
    expect(reads.filter((row) => row.detail?.startsWith('verify'))).toEqual([]);

    // Staff still see the details through their own call.
    expect((await staffCode(code)).json()).toMatchObject({
      issued: true,
      withdrawn: false,
      customerName: 'Eva Veřejná-Ověřovaná',
      barcode: r.barcode,
    });
  });

  it('says which version replaces an older one', async () => {
    const r = await reportFor(t);
    const { code } = await published(r);
    const again = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/',
      payload: { Id: r.productId, Status: 3, DoctorIntro: '<p>Opraveno.</p>', Reason: 'Oprava' },
      headers: doctor,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await publicCode(code)).json()).toMatchObject({
      valid: true,
      version: 1,
      replacedByVersion: 2,
    });
  });

  it("an erased customer's document answers withdrawn, to the public and to staff; the tombstone holds nothing personal", async () => {
    const r = await reportFor(t, { surname: 'Vymazávaná' });
    const { code, pdf } = await published(r);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/customers?CustomerId=${r.customerId}`,
      payload: { Password: demoPassword, Reason: 'Žádost subjektu údajů o výmaz' },
      headers: admin,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(
      await t.db.select().from(reportDocuments).where(eq(reportDocuments.productId, r.productId)),
    ).toEqual([]);

    const [tombstone] = await t.db
      .select()
      .from(withdrawnReportDocuments)
      .where(eq(withdrawnReportDocuments.verificationCode, code));
    expect(tombstone).toMatchObject({ reportNumber: reportNumberOf(r.productId), version: 1 });
    expect(Object.keys(tombstone!).sort()).toEqual(
      ['id', 'issuedAt', 'reportNumber', 'sha256', 'verificationCode', 'version', 'withdrawnAt'].sort(),
    );
    expectNothingPersonal(JSON.stringify(tombstone), r);

    const withdrawn = {
      valid: true,
      withdrawn: true,
      laboratory: t.config.reportCompany.name,
      reportNumber: reportNumberOf(r.productId),
      version: 1,
      issuedAt: tombstone!.issuedAt.toISOString(),
      replacedByVersion: null,
      withdrawnAt: tombstone!.withdrawnAt.toISOString(),
    };
    const byCode = await publicCode(code);
    expect(byCode.json()).toEqual(withdrawn);
    expect((await publicBytes(pdf)).json()).toEqual(withdrawn);
    expectNothingPersonal(byCode.body, r);

    const staff = await staffCode(code);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual({
      issued: true,
      withdrawn: true,
      reportNumber: reportNumberOf(r.productId),
      version: 1,
      sha256: tombstone!.sha256,
      verificationCode: code,
      createdAt: tombstone!.issuedAt.toISOString(),
      withdrawnAt: tombstone!.withdrawnAt.toISOString(),
      matchedBy: 'code',
    });
    const staffBytes = await t.app.inject({
      method: 'POST',
      url: '/api/verify/report',
      payload: pdf,
      headers: { ...doctor, 'content-type': 'application/pdf' },
    });
    expect(staffBytes.json()).toMatchObject({ issued: true, withdrawn: true, matchedBy: 'sha256' });
  });

  it('answers 429 from one address past 30 a minute; another address is still answered', async () => {
    const address = '198.51.100.23';
    for (let i = 0; i < 30; i++) expect((await publicCode('AAAAA-AAAAA', address)).statusCode).toBe(200);
    const refused = await publicCode('AAAAA-AAAAA', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await publicCode('AAAAA-AAAAA', '198.51.100.24')).statusCode).toBe(200);
  });
});
