import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { transaction } from '../db/client.js';
import {
  auditLog,
  bankStatementLines,
  customerGenotypes,
  customerRelationships,
  customers,
  orders,
  orderVouchers,
  outboxMessages,
  payments,
  products,
  reportDocuments,
  reservations,
  resultUploads,
  samples,
  vouchers,
} from '../db/schema/index.js';
import { writeGpc } from '../modules/finances/gpc.js';
import { validateAsLab } from '../modules/products/test-fixtures.js';
import { remindConsultation } from '../modules/reservations/notifications.js';
import { consultingRoom, customer, doctorUser, hoursFromNow } from '../modules/reservations/test-fixtures.js';
import { processResultsUpload } from '../modules/results/processing.js';
import { demoPassword } from '../seed/demo.js';
import type { CustomerDataExport } from './data-export.js';

/**
 * Erasure (issue 24, GDPR Art. 17): a demo customer with as much data as the product holds — orders,
 * payments, a statement line paying one, a sample with its barcode, genotypes, a published report with
 * its PDF, a questionnaire, an accepted partner, consultations (e-mails with iCalendar, an SMS reminder,
 * the reminder jobs), a mailing to them alone, audited edits (one under an Idempotency-Key), a second
 * results file naming their barcode — is erased through the API. Then every text, character, JSON,
 * array and bytea column of every table in `public` and `pgboss` is searched for their name, surname,
 * e-mail, phone numbers and barcode.
 */

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

/** What erasing asks of the administrator (issue 36): the password, a reason, the request's reference. */
const erasure = {
  Password: demoPassword,
  Reason: 'Žádost subjektu údajů o výmaz',
  RequestReference: 'GDPR-2026-17',
};

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = admin,
) => t.app.inject({ method, url, payload, headers });

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/** Every column that can hold a personal value, of every table of the application and of pg-boss. */
async function searchableColumns() {
  const { rows } = await t.db.execute<{ schema: string; table: string; column: string; type: string }>(sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column, c.data_type as type
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where c.table_schema in ('public', 'pgboss') and tb.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'bytea', 'ARRAY')
    order by 1, 2, 3`);
  return rows;
}

/** Where any of `terms` (ignoring case) still occurs: `schema.table.column` → matching rows. */
async function occurrences(terms: string[]) {
  const found: Record<string, unknown[]> = {};
  const lowered = [...new Set(terms.map((term) => term.toLowerCase()))];
  for (const { schema, table, column, type } of await searchableColumns()) {
    const target = sql.raw(`"${schema}"."${table}"`);
    const col = sql.raw(`"${column}"`);
    // bytea (report PDFs, uploaded files) is compared byte for byte, in each case the term is given in.
    const where =
      type === 'bytea'
        ? sql`exists (select 1 from unnest(${sql.param([...new Set([...terms, ...lowered, ...terms.map((term) => term.toUpperCase())])])}::text[]) s
            where position(convert_to(s, 'UTF8') in ${col}) > 0)`
        : sql`exists (select 1 from unnest(${sql.param(lowered)}::text[]) s where position(s in lower(${col}::text)) > 0)`;
    const { rows } = await t.db.execute(
      sql`select ${col}::text as value from ${target} where ${where} limit 5`,
    );
    if (rows.length) found[`${schema}.${table}.${column}`] = rows.map((row) => row.value);
  }
  return found;
}

type Customer = typeof customers.$inferSelect;

/** The richest demo customer: genotypes, a report, questionnaire, accepted partner, paid order, most consultations. */
async function richestDemoCustomer(): Promise<Customer> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    select c.id from customers c
    where c.phone <> '' and c.ext_id is not null and c.notify_by_email
      and exists (select 1 from customer_genotypes g where g.customer_id = c.id)
      and exists (select 1 from products p where p.customer_id = c.id and p.status in (1, 2, 3))
      and exists (select 1 from questionnaires q where q.customer_id = c.id)
      and exists (select 1 from customer_relationships r where r.customer_id = c.id and r.status = 'ACCEPTED')
      and exists (select 1 from payments pa join orders o on o.id = pa.order_id where o.customer_id = c.id)
    order by (select count(*) from reservations r where r.customer_id = c.id) desc, c.id
    limit 1`);
  const [candidate] = await t.db.select().from(customers).where(eq(customers.id, rows[0]!.id));
  return candidate!;
}

/**
 * The values of `c` that only they hold: demo names repeat (a surname alone would find other
 * customers), so a value is searched for only when no other customer's name, e-mail or phone has it.
 */
async function ownValues(c: Customer, values: string[]) {
  const others = await t.db
    .select({ search: customers.search })
    .from(customers)
    .where(sql`${customers.id} <> ${c.id}`);
  return values.filter((value) => {
    const lower = value.toLowerCase();
    return !others.some(({ search }) => search.includes(lower) || fold(search).includes(fold(lower)));
  });
}

describe('erasure (DELETE admin/customers)', () => {
  it('leaves no trace of the customer outside the accounting rows; orders and payments stay', async () => {
    const c = await richestDemoCustomer();
    const [relationship] = await t.db
      .select()
      .from(customerRelationships)
      .where(eq(customerRelationships.customerId, c.id));
    const partnerId = relationship!.partnerId!;
    const [partnerBefore] = await t.db.select().from(customers).where(eq(customers.id, partnerId));
    const partnerGenotypes = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customerGenotypes)
      .where(eq(customerGenotypes.customerId, partnerId));
    const partnerProducts = await t.db.select().from(products).where(eq(products.customerId, partnerId));
    const [{ code: barcode }] = (
      await t.db.execute<{ code: string }>(
        sql`select b.code from samples s join barcodes b on b.id = s.barcode_id where s.customer_id = ${c.id} limit 1`,
      )
    ).rows as [{ code: string }];

    // An audited edit under an Idempotency-Key: the stored answer shows the customer, the trail the
    // old and new phone.
    const detail = (await call('GET', `/api/admin/customers/customer?CustomerId=${c.id}`)).json();
    // Renamed to a name no one else has, so that every hit of the search below is theirs.
    const newName = 'Vendelína';
    const newSurname = `Quastová${c.id}`;
    const newPhone = '608 417 293';
    const edited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customers',
      headers: { ...admin, 'idempotency-key': `erasure-edit-${c.id}` },
      payload: {
        CustomerId: c.id,
        Name: newName,
        Surname: newSurname,
        Email: detail.email,
        PhonePrefix: detail.phonePrefix,
        Phone: newPhone,
        Gender: detail.gender,
        Street: `${detail.street} 2`,
        StreetNumber: detail.streetNumber,
        City: detail.city,
        Zipcode: detail.zipCode,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // A published report with its issued PDF (and the publication e-mail).
    const doctor = await t.authAs(demo.doctor);
    const [report] = await t.db
      .select()
      .from(products)
      .where(and(eq(products.customerId, c.id), sql`${products.status} in (1, 2, 3)`));
    // Released as a lab releases it: the lab validates, the doctor signs off (issue 35).
    await validateAsLab(t, report!.id);
    const published = await call(
      'PATCH',
      '/api/admin/products/',
      { Id: report!.id, Status: 3, DoctorIntro: `<p>Dobrý den, ${newName} ${newSurname}.</p>` },
      doctor,
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(
      await t.db
        .select({ id: reportDocuments.id })
        .from(reportDocuments)
        .where(eq(reportDocuments.productId, report!.id)),
    ).toHaveLength(1);

    // Consultations: the booking e-mails, an SMS reminder, the reminder jobs.
    const room = await consultingRoom(t, admin, { DoctorId: (await doctorUser(t)).id });
    const booked = await call('PUT', '/api/admin/reservations', {
      ConsultingRoomId: room.id,
      CustomerId: c.id,
      ConsultationStart: hoursFromNow(3),
      ConsultationEnd: hoursFromNow(4),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const occurrence = booked.json().items[0] as { id: number; consultationStart: string };
    expect(await remindConsultation({ db: t.db, jobs: t.jobs }, occurrence.id)).toBe(true);
    const reminderJobsOf = async () =>
      (
        await t.db.execute(
          sql`select id from pgboss.job where name = 'consultation-reminder' and (data->>'reservationId')::bigint = ${occurrence.id}`,
        )
      ).rows;
    expect(await reminderJobsOf()).toHaveLength(1);
    expect(
      (
        await call('PUT', '/api/admin/reservations', {
          ConsultingRoomId: room.id,
          CustomerId: c.id,
          ConsultationStart: hoursFromNow(72),
          ConsultationEnd: hoursFromNow(73),
        })
      ).statusCode,
    ).toBe(200);

    // A mailing to them alone.
    const mailed = await call('POST', '/api/admin/email/send', {
      To: c.email,
      Subject: `Pro ${newSurname}`,
      Body: `<p>Dobrý den, ${newName} ${newSurname}</p>`,
    });
    expect(mailed.statusCode, mailed.body).toBe(202);

    // A bank transfer paying a new order, with the payer's name and account on the statement line.
    const [type] = (
      await t.db.execute<{ id: number; price: number }>(
        sql`select id, price from product_types order by id limit 1`,
      )
    ).rows as [{ id: number; price: number }];
    const [order] = await t.db
      .insert(orders)
      .values({ customerId: c.id, productTypeId: type.id, amount: type.price })
      .returning();
    expect((await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order!.id })).statusCode).toBe(
      200,
    );
    const statement = writeGpc({
      account: '19-2000145399',
      accountName: 'GenoDesk',
      date: '2026-11-20',
      transactions: [
        {
          counterAccount: '1234567',
          counterBank: '0800',
          counterName: fold(`${newSurname} ${newName}`),
          amount: type.price,
          credit: true,
          variableSymbol: String(order!.orderNumber),
          valueDate: '2026-11-20',
        },
      ],
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payments/bank-statement?FileName=vypis.gpc',
      headers: { ...admin, 'content-type': 'application/octet-stream' },
      payload: statement,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ matched: 1 });

    // A second results file naming their barcode: processed, it leaves an unpairable row with it.
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results/upload?FileName=again.csv',
      headers: { ...admin, 'content-type': 'application/octet-stream' },
      payload: `barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype\n${barcode};rs4988235;MCM6;;;;C/T\n`,
    });
    expect(upload.statusCode, upload.body).toBe(202);
    await processResultsUpload(t.db, upload.json().id);
    // A results file of theirs and another person's (a barcode nobody has yet): it keeps its name.
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results/upload?FileName=shared.csv',
      headers: { ...admin, 'content-type': 'application/octet-stream' },
      payload: `barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype\n${barcode};rs4988235;MCM6;;;;C/T\nGD-NOBODY-1;rs4988235;MCM6;;;;T/T\n`,
    });
    expect(shared.statusCode, shared.body).toBe(202);
    await processResultsUpload(t.db, shared.json().id);

    // A one-person file named after them, failed with their barcode in its message; a gift voucher
    // for them used on their order.
    await t.db.insert(resultUploads).values({
      fileName: `genome_${newName}_${fold(newSurname)}_Full.txt`,
      fileHash: `erasure-${c.id}`,
      fileSize: 10,
      status: 5,
      barcode,
      exception: `Řádek 1: ${barcode} ${newSurname}`,
      exceptionEn: `Line 1: ${barcode} ${newSurname}`,
    });
    const [gift] = await t.db
      .insert(vouchers)
      .values({
        kind: 1,
        code: `GIFT-${c.id}`,
        amount: 100,
        voucherType: 2,
        validTo: '2030-12-31',
        forWho: `${newName} ${newSurname}`,
        fromWho: 'Babička',
        maxUsageCount: 1,
        remainingUsageCount: 1,
      })
      .returning();
    await t.db.insert(orderVouchers).values({ orderId: order!.id, voucherId: gift!.id, amount: 100 });

    const terms = [
      `${newName} ${newSurname}`,
      newSurname,
      fold(newSurname),
      c.email,
      newPhone.replace(/\s/g, ''),
      barcode,
      // The demo values they had before the edit, where no one else has them too.
      ...(await ownValues(c, [`${c.name} ${c.surname}`, c.surname, c.phone])),
    ];
    const before = await occurrences(terms);
    for (const table of [
      'public.customers.search',
      'public.outbox_messages.recipient',
      'public.outbox_messages.body_text',
      'public.mailings.to_address',
      'public.audit_log.old_value',
      'public.idempotent_requests.body',
      'public.bank_statement_lines.counter_name',
      'public.result_upload_unpairables.barcode',
      'public.result_upload_samples.barcode',
      'public.barcodes.code',
      'public.customer_relationships.requested_partner_email',
      'public.result_uploads.file_name',
      'public.result_uploads.exception',
      'public.result_uploads.exception_en',
      'public.vouchers.for_who',
      // The search reads bytes too: the issued PDF holds the barcode.
      'public.report_documents.content',
    ])
      expect(before, table).toHaveProperty([table]);
    const ordersBefore = await t.db.select().from(orders).where(eq(orders.customerId, c.id));
    const paymentsBefore = await t.db.execute(
      sql`select p.* from payments p join orders o on o.id = p.order_id where o.customer_id = ${c.id} order by p.id`,
    );
    const otherOutbox = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(eq(outboxMessages.customerId, partnerId));

    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/customers?CustomerId=${c.id}`,
      payload: erasure,
      headers: { ...admin, 'idempotency-key': `erasure-${c.id}` },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ id: c.id });

    // No value of theirs is left anywhere. No exception is needed: the rows the accounting law keeps
    // (orders, payments, the statement line's amount, variable symbol and date) hold no personal value
    // of theirs, and the customer row they point at is anonymised.
    expect(await occurrences(terms)).toEqual({});
    // The reminder jobs of their consultations are gone with them.
    expect(await reminderJobsOf()).toEqual([]);

    // The accounting rows stay, pointing at the anonymised row.
    expect(await t.db.select().from(orders).where(eq(orders.customerId, c.id))).toEqual(ordersBefore);
    expect(
      (
        await t.db.execute(
          sql`select p.* from payments p join orders o on o.id = p.order_id where o.customer_id = ${c.id} order by p.id`,
        )
      ).rows,
    ).toEqual(paymentsBefore.rows);
    const [line] = await t.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.variableSymbol, String(order!.orderNumber)));
    expect(line).toMatchObject({
      counterName: '',
      counterAccount: '',
      amount: type.price,
      outcome: 'matched',
    });
    const [uploadAfter] = await t.db
      .select()
      .from(resultUploads)
      .where(eq(resultUploads.fileHash, `erasure-${c.id}`));
    expect(uploadAfter).toMatchObject({
      fileName: `erased-${uploadAfter!.id}`,
      exception: null,
      exceptionEn: null,
      barcode: null,
    });
    const [sharedAfter] = await t.db
      .select({ fileName: resultUploads.fileName })
      .from(resultUploads)
      .where(eq(resultUploads.id, shared.json().id));
    expect(sharedAfter?.fileName).toBe('shared.csv');
    const [giftAfter] = await t.db.select().from(vouchers).where(eq(vouchers.id, gift!.id));
    expect(giftAfter).toMatchObject({ code: `GIFT-${c.id}`, forWho: null, fromWho: null });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({
      name: 'Erased',
      surname: 'customer',
      email: `erased-${c.id}@erased.invalid`,
    });
    expect(row!.erasedAt).not.toBeNull();

    // Gone from the screens: the list, the detail.
    expect((await call('GET', `/api/admin/customers/customer?CustomerId=${c.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/customers?search=erased&pageSize=100`)).json().items).toEqual([]);
    // Their kept orders and payments name them in the caller's language (Czech by default) and say they
    // are erased (no detail to link to); so do the exports.
    const vs = String(order!.orderNumber);
    for (const [locale, name, not] of [
      [undefined, 'Vymazaný zákazník', 'Erased customer'],
      ['cs', 'Vymazaný zákazník', 'Erased customer'],
      ['en', 'Erased customer', 'Vymazaný zákazník'],
    ] as const) {
      const lang = locale ? `&locale=${locale}` : '';
      // Neither the placeholder address nor a gender the label does not have (its noun is its own).
      const erasedRow = { customerId: c.id, customerFullName: name, customerErased: true, customerGender: 0 };
      const listed = await call('GET', `/api/admin/orders?search=${vs}${lang}`);
      expect(listed.json().items).toMatchObject([{ id: order!.id, ...erasedRow, customerEmail: '' }]);
      const detail = await call('GET', `/api/admin/orders/getorder?Id=${order!.id}${lang}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        ...erasedRow,
        customer: { id: c.id, fullName: name, erased: true, gender: 0, email: '', phone: '' },
        payments: [erasedRow],
      });
      expect(detail.body).not.toContain('erased.invalid');
      const paid = await call('GET', `/api/admin/payments?search=${vs}${lang}`);
      expect(paid.json().items).toMatchObject([{ orderId: order!.id, ...erasedRow }]);
      for (const list of ['orders', 'payments']) {
        const csv = await call('GET', `/api/admin/${list}/export?format=csv&search=${vs}${lang}`);
        expect(csv.statusCode, csv.body).toBe(200);
        const [, row] = csv.body.split('\r\n');
        expect(row, list).toContain(`;${name};`);
        expect(csv.body, list).not.toContain(not);
        expect(csv.body, list).not.toContain('erased.invalid');
      }
    }
    // Nor are they found by the anonymised row's placeholder words (nor is any other erased customer).
    expect((await call('GET', '/api/admin/orders?search=erased&pageSize=100')).json().items).toEqual([]);
    // Their paid order is kept for accounting only: no sample is made for it.
    const finalized = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/finalize',
      headers: { ...admin, 'accept-language': 'en' },
      payload: { OrderId: order!.id },
    });
    expect(finalized.statusCode).toBe(422);
    expect(finalized.json().error.message).toBe(
      "This order's customer was erased; the order is kept for accounting only.",
    );

    // The erasure is recorded without a personal value; who did it and when.
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, c.id), eq(auditLog.field, 'erased')));
    expect(trail).toMatchObject([{ oldValue: null, newValue: 'erased', changedBy: expect.any(Number) }]);

    // Again: the customer is not there any more (404); the same request under its key is replayed.
    expect((await call('DELETE', `/api/admin/customers?CustomerId=${c.id}`, erasure)).statusCode).toBe(404);
    const replayed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/customers?CustomerId=${c.id}`,
      payload: erasure,
      headers: { ...admin, 'idempotency-key': `erasure-${c.id}` },
    });
    expect(replayed.statusCode).toBe(200);

    // The partner keeps everything of theirs; only the link to the erased customer is gone.
    const [partnerAfter] = await t.db.select().from(customers).where(eq(customers.id, partnerId));
    expect(partnerAfter).toEqual(partnerBefore);
    expect(
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customerGenotypes)
        .where(eq(customerGenotypes.customerId, partnerId)),
    ).toEqual(partnerGenotypes);
    expect(await t.db.select().from(products).where(eq(products.customerId, partnerId))).toEqual(
      partnerProducts,
    );
    expect(
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(eq(outboxMessages.customerId, partnerId)),
    ).toEqual(otherOutbox);
    const [partnerLink] = await t.db
      .select()
      .from(customerRelationships)
      .where(eq(customerRelationships.customerId, partnerId));
    expect(partnerLink).toMatchObject({ status: 'NOT_REQUESTED', partnerId: null });
    expect((await call('GET', `/api/admin/customers/customer?CustomerId=${partnerId}`)).statusCode).toBe(200);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order!.id))).toHaveLength(1);
  });
  it('refuses a sample, report or consultation created while the customer is being erased', async () => {
    const c = await customer(t);
    const [type] = (
      await t.db.execute<{ id: number; price: number }>(
        sql`select id, price from product_types order by id limit 1`,
      )
    ).rows as [{ id: number; price: number }];
    const room = await consultingRoom(t, admin, { DoctorId: (await doctorUser(t)).id });
    for (let round = 0; round < 3; round++) {
      const [order] = await t.db
        .insert(orders)
        .values({ customerId: c.id, productTypeId: type.id, amount: type.price, dateOrderPaid: new Date() })
        .returning();
      // The erasure's hold: the customer's row locked FOR UPDATE and marked erased, not committed yet.
      // The creations start meanwhile; a plain read of `erased_at` would see "not erased" and their
      // inserts would go through once this commits.
      let created: Promise<Awaited<ReturnType<typeof call>>[]> | undefined;
      await transaction(t.db, async (tx) => {
        await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, c.id)).for('update');
        await tx.update(customers).set({ erasedAt: sql`now()` }).where(eq(customers.id, c.id));
        created = Promise.all([
          t.app.inject({
            method: 'POST',
            url: '/api/admin/orders/finalize',
            headers: { ...admin, 'accept-language': 'en' },
            payload: { OrderId: order!.id },
          }),
          call('PUT', '/api/admin/reservations', {
            ConsultingRoomId: room.id,
            CustomerId: c.id,
            ConsultationStart: hoursFromNow(100 + round * 2),
            ConsultationEnd: hoursFromNow(101 + round * 2),
          }),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const [finalized, booked] = await created!;
      expect(finalized!.statusCode, finalized!.body).toBe(422);
      expect(finalized!.json().error.message).toBe(
        "This order's customer was erased; the order is kept for accounting only.",
      );
      expect(booked!.statusCode, booked!.body).toBe(422);
      expect(await t.db.select().from(samples).where(eq(samples.customerId, c.id))).toEqual([]);
      expect(await t.db.select().from(products).where(eq(products.customerId, c.id))).toEqual([]);
      expect(await t.db.select().from(reservations).where(eq(reservations.customerId, c.id))).toEqual([]);
      // The next round: not erased again.
      await t.db.update(customers).set({ erasedAt: null }).where(eq(customers.id, c.id));
    }
  });

  it('erases what the data export shows: statement lines naming an order unpaid, messages to their number', async () => {
    const c = await customer(t, { phone: '777456123' });
    const [type] = (
      await t.db.execute<{ id: number; price: number }>(
        sql`select id, price from product_types order by id limit 1`,
      )
    ).rows as [{ id: number; price: number }];
    const [order] = await t.db
      .insert(orders)
      .values({ customerId: c.id, productTypeId: type.id, amount: type.price })
      .returning();
    const payer = `Platitel ${c.id}`;
    const statement = writeGpc({
      account: '19-2000145399',
      accountName: 'GenoDesk',
      date: '2026-11-21',
      transactions: [
        {
          counterAccount: '7654321',
          counterBank: '0800',
          counterName: payer,
          amount: type.price + 100,
          credit: true,
          variableSymbol: String(order!.orderNumber),
          valueDate: '2026-11-21',
        },
      ],
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payments/bank-statement?FileName=vypis2.gpc',
      headers: { ...admin, 'content-type': 'application/octet-stream' },
      payload: statement,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const [line] = await t.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.variableSymbol, String(order!.orderNumber)));
    expect(line!.paymentId).toBeNull();
    // An SMS to their number naming no customer, and one about another customer to the same number.
    const other = await customer(t, { phone: '777456123' });
    await t.db.insert(outboxMessages).values([
      { channel: 'sms', recipient: '+420777456123', bodyText: `Pro ${c.fullName}`, kind: 'test' },
      {
        channel: 'sms',
        recipient: '+420777456123',
        bodyText: `Pro ${other.fullName}`,
        kind: 'test',
        customerId: other.id,
      },
    ]);

    const exported = await call('GET', `/api/admin/customers/dataexport?CustomerId=${c.id}`);
    expect(exported.statusCode, exported.body).toBe(200);
    const zip = await JSZip.loadAsync(exported.rawPayload);
    const data = JSON.parse(await zip.file('data.json')!.async('string')) as CustomerDataExport;
    expect(data.bankStatementLines).toMatchObject([
      { counterName: payer, orderNumber: order!.orderNumber, variableSymbol: String(order!.orderNumber) },
    ]);
    expect(data.messages.map((m) => m.bodyText)).toEqual([`Pro ${c.fullName}`]);

    expect((await call('DELETE', `/api/admin/customers?CustomerId=${c.id}`, erasure)).statusCode).toBe(200);
    const [lineAfter] = await t.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, line!.id));
    expect(lineAfter).toMatchObject({ counterName: '', counterAccount: '' });
    const left = await t.db
      .select({ bodyText: outboxMessages.bodyText })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+420777456123'));
    expect(left).toEqual([{ bodyText: `Pro ${other.fullName}` }]);
  });
});

describe("erasure as an administrator's act (issue 36)", () => {
  const erase = (id: number, payload: object, headers: Record<string, string>) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/admin/customers?CustomerId=${id}&locale=en`,
      payload,
      headers,
    });
  const stillThere = async (id: number) =>
    (await t.db.select({ erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, id)))[0]
      ?.erasedAt === null;

  it('needs Customers.Erase and the password; a wrong one erases nothing', async () => {
    const c = await customer(t);
    // Reception edits customers, but does not erase them.
    expect((await erase(c.id, erasure, await t.authAs(demo.reception))).statusCode).toBe(403);
    const wrong = await erase(c.id, { ...erasure, Password: 'not the password' }, admin);
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().error.fields)).toEqual(['Password']);
    const noReason = await erase(c.id, { Password: demoPassword }, admin);
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().error.fields)).toEqual(['Reason']);
    expect(await stillThere(c.id)).toBe(true);
  });

  it('a legal hold refuses it with the reason, until lifted; reason and request stay in the trail', async () => {
    const c = await customer(t);
    const held = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/customers/legalhold',
      payload: { CustomerId: c.id, Reason: 'zdravotnická dokumentace, skartační lhůta do 2036' },
      headers: admin,
    });
    expect(held.statusCode).toBe(200);
    expect(held.json().legalHold).toMatchObject({
      reason: 'zdravotnická dokumentace, skartační lhůta do 2036',
    });
    const refused = await erase(c.id, erasure, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'The customer cannot be erased: a legal hold stands (zdravotnická dokumentace, skartační lhůta do 2036). Lift it first, once it has passed.',
    );
    expect(await stillThere(c.id)).toBe(true);
    // Reception may not lift it either.
    const lift = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/customers/legalhold',
        payload: { CustomerId: c.id, Reason: null },
        headers,
      });
    expect((await lift(await t.authAs(demo.reception))).statusCode).toBe(403);
    expect((await lift(admin)).json().legalHold).toBeNull();

    // A gift voucher sent to their address left it in the voucher's trail: erasure takes it too.
    const [row] = await t.db.select({ email: customers.email }).from(customers).where(eq(customers.id, c.id));
    await t.db.insert(auditLog).values({
      entity: 'voucher',
      entityId: 987_654,
      field: 'sent',
      oldValue: null,
      newValue: row!.email,
    });
    expect((await erase(c.id, erasure, admin)).statusCode).toBe(200);
    const trail = await t.db
      .select({ field: auditLog.field, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, c.id)));
    expect(trail).toEqual(
      expect.arrayContaining([
        { field: 'erasureReason', newValue: erasure.Reason },
        { field: 'erasureRequest', newValue: erasure.RequestReference },
      ]),
    );
    const voucherTrail = await t.db
      .select({ newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'voucher'), eq(auditLog.entityId, 987_654)));
    expect(voucherTrail).toEqual([{ newValue: null }]);
  });
});
