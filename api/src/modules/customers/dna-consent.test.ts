import { pragueToday, ResultUploadStatus, SampleStatus } from '@genodesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  auditLog,
  barcodeBatches,
  barcodes,
  customerGenotypes,
  customers,
  dnaConsents,
  outboxMessages,
  products,
  reanalysisRuns,
  resultUploadSamples,
  samples,
} from '../../db/schema/index.js';
import { demoPassword } from '../../seed/demo.js';
import { processResultsUpload, processResultsUploadWith } from '../results/processing.js';
import { runReanalysis } from '../results/reanalysis.js';
import { customersWithoutConsent } from './dna-consent.js';

/**
 * Consent to DNA analysis as a record (issue 35), against the real database: recorded, listed,
 * withdrawn; every step refused or held without a valid one; nothing lost when one is recorded again.
 */
let t: TestApp;
let reception: Record<string, string>;
let lab: Record<string, string>;
let productTypeId: number;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
  reception = await t.authAs(demo.admin);
  lab = await t.authAs(demo.lab);
  const created = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/producttypes/create',
    payload: { Name: 'Souhlasový test', Price: 990 },
    headers: reception,
  });
  productTypeId = created.json().id;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers = reception,
) => t.app.inject({ method, url, payload, headers });

const pdf = Buffer.from('%PDF-1.4\n% signed consent form\n%%EOF\n');

/** A paid customer whose sample waits to be sent [2]; with `consent`, ticked at the reception. */
async function newCustomer(consent: boolean) {
  seq += 1;
  const response = await call('PUT', '/api/admin/customers', {
    Name: 'Souhlas',
    Surname: `Zákazník${seq}`,
    Email: `souhlas.${seq}.${Date.now()}@example.cz`,
    Phone: '608111222',
    Password: 'heslo-heslo',
    AgreeTerms: true,
    AgreeProcessingData: true,
    AgreedToDNAAnalysis: consent,
    ProductTypeId: productTypeId,
    PaidInCash: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  const customer = response.json();
  return {
    customerId: customer.id as number,
    sampleId: customer.samples[0].id as number,
    email: customer.email,
  };
}

/** Gives the sample a barcode and puts it in `status` (as the lab's work would have). */
async function withBarcode(sampleId: number, status: number) {
  const [batch] = await t.db.insert(barcodeBatches).values({ count: 1 }).returning({ id: barcodeBatches.id });
  const [barcode] = await t.db
    .insert(barcodes)
    .values({
      code: sql`'GD' || lpad(nextval('barcode_number_seq')::text, 8, '0')`,
      batchId: batch!.id,
      assignedAt: new Date(),
    })
    .returning({ id: barcodes.id, code: barcodes.code });
  await t.db.update(samples).set({ status, barcodeId: barcode!.id }).where(eq(samples.id, sampleId));
  return barcode!.code;
}

const withdraw = (customerId: number, outcome = 'keepForCustomer', locale = 'cs') =>
  call('POST', `/api/admin/customers/dnaconsent/withdraw?locale=${locale}`, {
    CustomerId: customerId,
    WithdrawnOn: pragueToday(),
    Outcome: outcome,
    Note: 'Zákaznice souhlas odvolala telefonicky.',
  });
const record = (customerId: number, extra: object = {}) =>
  call('PUT', '/api/admin/customers/dnaconsent', {
    CustomerId: customerId,
    FormVersion: 'GD-DNA-2026-01',
    SignedOn: pragueToday(),
    ...extra,
  });

async function upload(lines: string[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/results/upload?FileName=souhlas.csv',
    headers: { ...lab, 'content-type': 'text/csv' },
    payload: ['barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype', ...lines].join('\n'),
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().id as number;
}
const row = (barcode: string, gene: string, genotype: string) =>
  `${barcode};${gene};GENE-${gene};;;;${genotype}`;

const statusOf = async (id: number) =>
  (await t.db.select({ status: samples.status }).from(samples).where(eq(samples.id, id)))[0]?.status;
const reportsOf = (customerId: number) =>
  t.db.select({ id: products.id }).from(products).where(eq(products.customerId, customerId));
const genotypesOf = (customerId: number) =>
  t.db
    .select({ code: customerGenotypes.geneCode })
    .from(customerGenotypes)
    .where(eq(customerGenotypes.customerId, customerId));

describe('consent to DNA analysis as a record', () => {
  it('records a consent with its form, day and scan; lists it; serves the scan; refuses a second, a future day, a wrong file', async () => {
    const { customerId } = await newCustomer(false);
    expect((await call('GET', `/api/admin/customers/dnaconsents?CustomerId=${customerId}`)).json()).toEqual(
      [],
    );

    const future = await record(customerId, { SignedOn: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.SignedOn).toBe('Datum podpisu souhlasu nemůže být v budoucnosti!');
    const notPdf = await record(customerId, {
      Scan: {
        FileName: 'souhlas.pdf',
        ContentType: 'application/pdf',
        Content: Buffer.from('MZ...').toString('base64'),
      },
    });
    expect(notPdf.statusCode).toBe(422);
    const wrongType = await call('PUT', '/api/admin/customers/dnaconsent?locale=en', {
      CustomerId: customerId,
      FormVersion: 'GD-DNA-2026-01',
      SignedOn: pragueToday(),
      Scan: { FileName: 'souhlas.exe', ContentType: 'application/x-msdownload', Content: 'AAAA' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields['Scan.ContentType']).toBe(
      'The consent’s scan must be a PDF, PNG or JPEG.',
    );

    const recorded = await record(customerId, {
      Scan: {
        FileName: 'souhlas-podepsaný.pdf',
        ContentType: 'application/pdf',
        Content: pdf.toString('base64'),
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const [consent] = recorded.json();
    expect(consent).toMatchObject({
      formVersion: 'GD-DNA-2026-01',
      signedOn: pragueToday(),
      recordedBy: expect.any(String),
      scan: { fileName: 'souhlas-podepsaný.pdf', contentType: 'application/pdf' },
      withdrawal: null,
    });
    const detail = (await call('GET', `/api/admin/customers/customer?CustomerId=${customerId}`)).json();
    expect(detail.agreedToDNAAnalysis).toBe(true);

    const scan = await call('GET', `/api/admin/customers/dnaconsent/scan?Id=${consent.id}`);
    expect(scan.statusCode).toBe(200);
    expect(scan.headers['content-type']).toBe('application/pdf');
    expect(scan.rawPayload.equals(pdf)).toBe(true);
    const log = (
      await call('GET', `/api/admin/accesslog?customerId=${customerId}&kind=dnaConsentScan`)
    ).json();
    expect(log.items).toHaveLength(1);

    const again = await record(customerId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('GD-DNA-2026-01');

    // The history keeps the consent's facts, not a sentence in one language: the screen words them.
    const history = (await call('GET', `/api/admin/customers/customeraudit?Id=${customerId}`)).json();
    const row = history.find((e: { field: string }) => e.field === 'dnaConsent');
    expect(JSON.parse(row.newValue)).toEqual({
      id: consent.id,
      formVersion: 'GD-DNA-2026-01',
      signedOn: pragueToday(),
      scanFileName: 'souhlas-podepsaný.pdf',
    });
  });

  it('refuses a signing day before 2000 or before the customer was born (cs and en); nothing is recorded', async () => {
    const { customerId } = await newCustomer(false);
    await t.db.update(customers).set({ dateOfBirth: '2005-06-15' }).where(eq(customers.id, customerId));

    const ancient = await record(customerId, { SignedOn: '1900-01-01' });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().error.fields.SignedOn).toBe('Datum souhlasu nemůže být dřívější než 1. 1. 2000!');
    const ancientEn = await call('PUT', '/api/admin/customers/dnaconsent?locale=en', {
      CustomerId: customerId,
      FormVersion: 'GD-DNA-2026-01',
      SignedOn: '1999-12-31',
    });
    expect(ancientEn.statusCode).toBe(400);
    expect(ancientEn.json().error.fields.SignedOn).toBe(
      'The consent’s date cannot be earlier than 1 January 2000!',
    );

    const unborn = await record(customerId, { SignedOn: '2005-06-14' });
    expect(unborn.statusCode).toBe(422);
    expect(unborn.json().error.fields.SignedOn).toBe(
      'Datum podpisu souhlasu nemůže být dřívější než datum narození zákazníka (15. června 2005)!',
    );
    const unbornEn = await call('PUT', '/api/admin/customers/dnaconsent?locale=en', {
      CustomerId: customerId,
      FormVersion: 'GD-DNA-2026-01',
      SignedOn: '2001-01-01',
    });
    expect(unbornEn.statusCode).toBe(422);
    expect(unbornEn.json().error.message).toBe(
      'The consent’s signing date cannot be earlier than the customer’s date of birth (15 June 2005)!',
    );
    expect((await call('GET', `/api/admin/customers/dnaconsents?CustomerId=${customerId}`)).json()).toEqual(
      [],
    );
    const detail = (await call('GET', `/api/admin/customers/customer?CustomerId=${customerId}`)).json();
    expect(detail.agreedToDNAAnalysis).toBe(false);

    // The day of birth itself (a parent signs for a newborn) and 1 January 2000 for one born before are kept.
    expect((await record(customerId, { SignedOn: '2005-06-15' })).statusCode).toBe(200);
    const { customerId: older } = await newCustomer(false);
    await t.db.update(customers).set({ dateOfBirth: '1970-01-01' }).where(eq(customers.id, older));
    expect((await record(older, { SignedOn: '2000-01-01' })).statusCode).toBe(200);
  });

  it('withdrawal is its own action: dated, with its outcome and note, audited, in the history; none to withdraw is a 409', async () => {
    const { customerId, sampleId } = await newCustomer(true);
    const before = await withdraw(customerId, 'destroySample', 'en');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()[0]).toMatchObject({
      withdrawal: {
        withdrawnOn: pragueToday(),
        outcome: 'destroySample',
        note: 'Zákaznice souhlas odvolala telefonicky.',
      },
    });
    const none = await withdraw(customerId, 'keepForCustomer', 'en');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(
      'The customer has no valid consent to DNA analysis; there is nothing to withdraw.',
    );
    const trail = (await call('GET', `/api/admin/customers/customeraudit?Id=${customerId}`)).json();
    // The facts of the consent ticked at the registration, and of its withdrawal, for the screen to word.
    const withdrawal = trail.find((e: { field: string }) => e.field === 'dnaConsentWithdrawn');
    expect(JSON.parse(withdrawal.oldValue)).toEqual({
      id: before.json()[0].id,
      formVersion: 'GD-DNA-2026-01',
      signedOn: pragueToday(),
      scanFileName: null,
    });
    expect(JSON.parse(withdrawal.newValue)).toEqual({
      id: before.json()[0].id,
      withdrawnOn: pragueToday(),
      outcome: 'destroySample',
      note: 'Zákaznice souhlas odvolala telefonicky.',
      heldResults: 0,
    });
    // destroySample: the sample not finished is marked to be destroyed (no status of SPEC §4 says so).
    const destroy = trail.find(
      (e: { entity: string; entityId: number; field: string }) =>
        e.entity === 'sample' && e.entityId === sampleId && e.field === 'destroy',
    );
    expect(JSON.parse(destroy.newValue)).toEqual({ consentWithdrawnOn: pragueToday() });
    const bad = await call('POST', '/api/admin/customers/dnaconsent/withdraw', {
      CustomerId: customerId,
      WithdrawnOn: pragueToday(),
      Outcome: 'somethingElse',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('bulk actions, the status editor and sampling at the centre are refused without a valid consent; nothing changes', async () => {
    const consented = await newCustomer(true);
    const withdrawn = await newCustomer(true);
    expect((await withdraw(withdrawn.customerId)).statusCode).toBe(200);
    const bulk = await call('POST', '/api/admin/samples/samplingatcentre', {
      SampleIds: [consented.sampleId, withdrawn.sampleId],
    });
    expect(bulk.statusCode).toBe(422);
    // Registered without a gender, the customer is a woman (SPEC: 2 on creation): the message agrees.
    expect(bulk.json().error.message).toBe(
      `Zákaznice Souhlas Zákazník${seq} nemá platný souhlas s analýzou DNA, proto nelze provést: odběr vzorku. Podepsaný souhlas zaznamenejte v její kartě, v části „Souhlas s analýzou DNA“.`,
    );
    expect(await statusOf(consented.sampleId)).toBe(SampleStatus.WaitingToBeSent);
    const editor = await call('POST', '/api/admin/samples?locale=en', {
      SampleId: withdrawn.sampleId,
      Status: 11,
    });
    expect(editor.statusCode).toBe(422);
    expect(editor.json().error.message).toContain('starting the analysis');
    expect(await statusOf(withdrawn.sampleId)).toBe(SampleStatus.WaitingToBeSent);
    // Back to a status before any work on the DNA stays possible.
    expect(
      (await call('POST', '/api/admin/samples', { SampleId: withdrawn.sampleId, Status: 1 })).statusCode,
    ).toBe(200);

    // The order's "sampling at the centre" asks the rule too.
    const [order] = await t.db
      .execute<{ id: number }>(sql`select id from orders where customer_id = ${withdrawn.customerId}`)
      .then((r) => r.rows);
    await t.db.execute(sql`update orders set complete = false where id = ${order!.id}`);
    const atCentre = await call('POST', '/api/admin/orders/sampling-at-centre', {
      OrderId: Number(order!.id),
    });
    expect(atCentre.statusCode).toBe(422);
    // With the consent given, the same bulk action goes through.
    expect((await record(withdrawn.customerId)).statusCode).toBe(200);
    await call('POST', '/api/admin/samples', { SampleId: withdrawn.sampleId, Status: 2 });
    const done = await call('POST', '/api/admin/samples/samplingatcentre', {
      SampleIds: [consented.sampleId, withdrawn.sampleId],
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('withdrawn mid-analysis, then an upload: held, not paired, no report, no e-mail; a new consent lets it go on', async () => {
    const { customerId, sampleId, email } = await newCustomer(true);
    const code = await withBarcode(sampleId, SampleStatus.InAnalysis);
    // A call from an earlier analysis, which the held file contradicts.
    await t.db.insert(customerGenotypes).values({ customerId, geneCode: 'rs4988235', genotype: 'G/G' });
    expect((await withdraw(customerId)).statusCode).toBe(200);

    const uploadId = await upload([row(code, 'rs4988235', 'C/T'), row(code, 'rs762551', 'A/C')]);
    await processResultsUpload(t.db, uploadId);
    const cs = (await call('GET', `/api/admin/results/getresult?Id=${uploadId}`, undefined, lab)).json();
    expect(cs.exception).toBeNull();
    expect(cs.status).toBe(ResultUploadStatus.CompleteInspectionRequired);
    expect(cs.samples).toEqual([
      expect.objectContaining({
        sampleId,
        productId: null,
        held: 'noValidConsent',
        heldMessage: 'Bez platného souhlasu s analýzou DNA: výsledky nespárovány, čekají na nový souhlas.',
      }),
    ]);
    const en = (
      await call('GET', `/api/admin/results/getresult?Id=${uploadId}&locale=en`, undefined, lab)
    ).json();
    expect(en.samples[0].heldMessage).toBe(
      'No valid consent to DNA analysis: results not paired, waiting for a new consent.',
    );
    expect((await genotypesOf(customerId)).map((g) => g.code)).toEqual(['rs4988235']);
    expect(await reportsOf(customerId)).toEqual([]);
    expect(await statusOf(sampleId)).toBe(SampleStatus.InAnalysis);
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(mails.filter((m) => m.kind !== 'payment-received')).toEqual([]);

    // Nothing is lost: a consent recorded again pairs and generates in its own transaction.
    expect((await record(customerId)).statusCode).toBe(200);
    expect((await genotypesOf(customerId)).map((g) => g.code).sort()).toEqual(['rs4988235', 'rs762551']);
    expect(await reportsOf(customerId)).toHaveLength(1);
    expect(await statusOf(sampleId)).toBe(SampleStatus.LabAnalysisFinished);
    const after = (await call('GET', `/api/admin/results/getresult?Id=${uploadId}`, undefined, lab)).json();
    expect(after.samples[0]).toMatchObject({
      held: null,
      productId: expect.any(Number),
      contradictedMarkers: [{ geneCode: 'rs4988235', before: 'G/G', after: 'G/A' }],
    });
    expect(after).toMatchObject({ paired: 1, generated: 1 });
  });

  it('a generation job across a withdrawal: the withdrawal waits for the batch under way, which finishes first', async () => {
    const { customerId, sampleId } = await newCustomer(true);
    const code = await withBarcode(sampleId, SampleStatus.InAnalysis);
    const uploadId = await upload([row(code, 'rs4988235', 'C/T')]);
    let withdrawal: Promise<unknown> | undefined;
    let settled = false;
    await processResultsUploadWith(
      (work) =>
        transaction(t.db, async (tx) => {
          const result = await work(tx);
          const [generated] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(resultUploadSamples)
            .where(
              and(
                eq(resultUploadSamples.uploadId, uploadId),
                sql`${resultUploadSamples.generatedAt} is not null`,
              ),
            );
          if (!withdrawal && (generated?.n ?? 0) > 0) {
            // The batch has read the consent (for share) and generated, not yet committed: the
            // withdrawal, on its own connection, waits.
            withdrawal = withdraw(customerId).then((r) => {
              settled = true;
              return r;
            });
            await new Promise((resolve) => setTimeout(resolve, 400));
            expect(settled).toBe(false);
          }
          return result;
        }),
      uploadId,
    );
    const answer = (await withdrawal) as { statusCode: number };
    expect(answer.statusCode).toBe(200);
    expect(await reportsOf(customerId)).toHaveLength(1);
    const [rsu] = await t.db
      .select()
      .from(resultUploadSamples)
      .where(eq(resultUploadSamples.uploadId, uploadId));
    expect(rsu).toMatchObject({ heldReason: null, generatedAt: expect.any(Date) });
  });

  it('a withdrawal committed between pairing and generation holds the row: no report; the rule sees no consent', async () => {
    const { customerId, sampleId } = await newCustomer(true);
    const code = await withBarcode(sampleId, SampleStatus.InAnalysis);
    const uploadId = await upload([row(code, 'rs4988235', 'C/T')]);
    let pairingDone = false;
    await processResultsUploadWith(async (work) => {
      const result = await transaction(t.db, work);
      const [upload] = await t.db
        .execute<{ status: number }>(sql`select status from result_uploads where id = ${uploadId}`)
        .then((r) => r.rows);
      if (!pairingDone && Number(upload?.status) === ResultUploadStatus.GeneratingResults) {
        pairingDone = true;
        // Paired, not generated yet: the withdrawal commits between the transactions.
        expect((await withdraw(customerId)).statusCode).toBe(200);
      }
      return result;
    }, uploadId);
    expect(await reportsOf(customerId)).toEqual([]);
    const [rsu] = await t.db
      .select()
      .from(resultUploadSamples)
      .where(eq(resultUploadSamples.uploadId, uploadId));
    expect(rsu).toMatchObject({ heldReason: 'noValidConsent', generatedAt: null });
    expect(await transaction(t.db, (tx) => customersWithoutConsent(tx, [customerId]))).toHaveLength(1);
    // Recorded again: generated.
    expect((await record(customerId)).statusCode).toBe(200);
    expect(await reportsOf(customerId)).toHaveLength(1);
  });

  it('the reanalysis job leaves the report of a customer without a valid consent as it is; with one again, it reanalyses', async () => {
    const { customerId, sampleId } = await newCustomer(true);
    const code = await withBarcode(sampleId, SampleStatus.InAnalysis);
    await processResultsUpload(t.db, await upload([row(code, 'rs4988235', 'C/C')]));
    const [report] = await t.db
      .select({ id: products.id, content: products.content })
      .from(products)
      .where(eq(products.customerId, customerId));
    // New knowledge of the genotype (as a catalogue change would bring): a reanalysis would change it.
    await t.db
      .update(customerGenotypes)
      .set({ genotype: 'T/T' })
      .where(eq(customerGenotypes.customerId, customerId));
    expect((await withdraw(customerId)).statusCode).toBe(200);
    const reanalyse = async () => {
      const [run] = await t.db
        .insert(reanalysisRuns)
        .values({ productId: report!.id, total: 1 })
        .returning({ id: reanalysisRuns.id });
      await runReanalysis(t.db, run!.id);
      return (await t.db.select().from(reanalysisRuns).where(eq(reanalysisRuns.id, run!.id)))[0]!;
    };
    expect(await reanalyse()).toMatchObject({ done: 1, changed: 0 });
    const [kept] = await t.db
      .select({ content: products.content })
      .from(products)
      .where(eq(products.id, report!.id));
    expect(kept!.content).toEqual(report!.content);
    expect((await record(customerId)).statusCode).toBe(200);
    expect(await reanalyse()).toMatchObject({ done: 1, changed: 1 });
  });

  it('the data export lists the consents with the scan; the erasure removes them', async () => {
    const { customerId } = await newCustomer(false);
    await record(customerId, {
      Scan: { FileName: 'sken.pdf', ContentType: 'application/pdf', Content: pdf.toString('base64') },
    });
    await withdraw(customerId, 'keepForCustomer');
    const exported = await call('GET', `/api/admin/customers/dataexport?CustomerId=${customerId}`);
    expect(exported.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(exported.rawPayload);
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    expect(data.agreements.dnaConsents).toEqual([
      expect.objectContaining({
        formVersion: 'GD-DNA-2026-01',
        scanFile: expect.stringMatching(/^consents\/\d+-sken\.pdf$/),
        withdrawalOutcome: 'keepForCustomer',
        withdrawalOutcomeName: 'Ponechat data jen pro zákazníka (žádné další zpracování)',
      }),
    ]);
    const scan = await zip.file(data.agreements.dnaConsents[0].scanFile)!.async('nodebuffer');
    expect(scan.equals(pdf)).toBe(true);
    const html = await zip.file('summary.html')!.async('string');
    expect(html).toContain('Záznamy souhlasu s analýzou DNA');
    expect(html).toContain('GD-DNA-2026-01');
    const erased = await call(
      'DELETE',
      `/api/admin/customers?CustomerId=${customerId}`,
      { Password: demoPassword, Reason: 'Žádost o výmaz' },
      await t.authAs(demo.admin),
    );
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select().from(dnaConsents).where(eq(dnaConsents.customerId, customerId))).toEqual([]);
    const [row] = await t.db
      .select({ agreed: customers.agreedToDnaAnalysis })
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(row?.agreed).toBe(false);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'customer'),
            eq(auditLog.entityId, customerId),
            eq(auditLog.field, 'dnaConsent'),
          ),
        ),
    ).toSatisfy((rows: { newValue: string | null }[]) =>
      rows.every((r) => !r.newValue?.includes('sken.pdf')),
    );
  });
});
