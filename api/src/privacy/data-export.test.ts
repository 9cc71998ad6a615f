import { createHash } from 'node:crypto';
import {
  czkText,
  pragueDay,
  questionnaireSections,
  reportNumberOf,
  translateMessage,
} from '@genodesk/contract';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import {
  accessLog,
  auditLog,
  customerGenotypes,
  customers,
  orders,
  products,
  questionnaires,
  reportDocuments,
  users,
} from '../db/schema/index.js';
import { queueMailing } from '../modules/messaging/mailings.service.js';
import { closeReportPdfRenderer } from '../modules/products/report-pdf/render.js';
import type { CustomerDataExport } from './data-export.js';

// Issue 24: the customer's data export. One report is published (a PDF rendered, ~150 ms) and one
// e-mail sent, so the demo customer has something in every section.

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(async () => {
  await closeReportPdfRenderer();
  await t.close();
});

const dataExport = (customerId: number | string, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/customers/dataexport?CustomerId=${customerId}`, headers });

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function opened(customerId: number, headers = admin) {
  const response = await dataExport(customerId, headers);
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  const zip = await JSZip.loadAsync(response.rawPayload);
  const data = JSON.parse(await zip.file('data.json')!.async('string')) as CustomerDataExport;
  const html = await zip.file('summary.html')!.async('string');
  return { response, zip, data, html };
}

const dataExportRows = async (customerId: number) => {
  return t.db
    .select({ userId: accessLog.userId, address: accessLog.address, customerIds: accessLog.customerIds })
    .from(accessLog)
    .where(and(eq(accessLog.kind, 'dataExport'), arrayContains(accessLog.customerIds, [customerId])));
};

/** A demo customer with orders, payments, a sample, genotypes, a published report, a questionnaire and a reservation. */
async function fullDemoCustomer(language: string): Promise<number> {
  const result = await t.db.execute<{ id: number }>(sql`
    select c.id from customers c
     where c.language = ${language}
       and exists (select 1 from orders o join payments p on p.order_id = o.id where o.customer_id = c.id)
       and exists (select 1 from samples s where s.customer_id = c.id)
       and exists (select 1 from customer_genotypes g where g.customer_id = c.id)
       and exists (select 1 from products p where p.customer_id = c.id and p.status in (3, 4))
       and exists (select 1 from questionnaires q where q.customer_id = c.id)
       and exists (select 1 from reservations r where r.customer_id = c.id)
     order by c.id limit 1`);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`no full demo customer in ${language}`);
  return Number(id);
}

const sections = [
  'customer',
  'agreements',
  'relationship',
  'orders',
  'payments',
  'vouchersUsed',
  'bankStatementLines',
  'samples',
  'markersTested',
  'reports',
  'questionnaires',
  'reservations',
  'messages',
  'accessLog',
] as const;

describe('GET admin/customers/dataexport', () => {
  it('gives a demo customer a ZIP that opens with every section, the issued PDFs byte for byte, a summary in Czech; one dataExport access row', async () => {
    const customerId = await fullDemoCustomer('cs');
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    const name = `${customer!.name} <script>alert("x")</script>`;
    await t.db.update(customers).set({ name }).where(eq(customers.id, customerId));

    // A published report without a stored PDF yet: publishing it again issues version 1.
    const [report] = await t.db
      .select({ id: products.id, status: products.status })
      .from(products)
      .where(and(eq(products.customerId, customerId), sql`${products.status} in (3, 4)`))
      .orderBy(products.id)
      .limit(1);
    // Published by a physician: only a physician signs a report off (issue 35).
    const published = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/',
      headers: await t.authAs(demo.doctor),
      payload: {
        Id: report!.id,
        Status: report!.status,
        Confirmations: ['inspection', 'notAssessed', 'emptyIntro'],
      },
    });
    expect(published.statusCode, published.body).toBe(200);
    // A message written to the customer's address from the e-mail screen.
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/send',
      headers: admin,
      payload: { To: customer!.email, Subject: 'Výsledky <b>jsou</b> hotové', Body: '<p>Dobrý den</p>' },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await queueMailing(t.db, t.jobs, sent.json().id);
    // A read of the customer detail: in the access log the export carries.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/customers/customer?CustomerId=${customerId}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(200);
    expect(await dataExportRows(customerId)).toHaveLength(0);

    const { response, zip, data, html } = await opened(customerId);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="genodesk-customer-${customerId}-${pragueDay(new Date())}.zip"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    // data.json: the format, the customer's language, every section.
    expect(data).toMatchObject({
      format: 'genodesk-customer-data-export',
      formatVersion: 2,
      language: 'cs',
      controller: t.config.reportCompany,
    });
    for (const section of sections) expect(data, section).toHaveProperty(section);
    expect(data.customer).toMatchObject({
      id: customerId,
      name,
      email: customer!.email,
      surname: customer!.surname,
    });
    expect(data.customer).not.toHaveProperty('passwordHash');
    for (const section of [
      'orders',
      'payments',
      'samples',
      'markersTested',
      'reports',
      'questionnaires',
      'reservations',
      'messages',
      'accessLog',
    ] as const)
      expect(data[section].length, section).toBeGreaterThan(0);
    expect(data.samples.some((sample) => sample.history.length > 0)).toBe(true);
    expect(data.accessLog.map((entry) => entry.kind)).toContain('customer');
    expect(data.accessLog.find((entry) => entry.kind === 'customer')?.kindName).toBe('Detail zákazníka');
    expect(data.messages.map((message) => message.subject)).toContain('Výsledky <b>jsou</b> hotové');

    // Every marker tested, with its call status and never its genotype (those come as released, in
    // the issued versions); the questionnaire as stored.
    const genotypes = await t.db
      .select({ geneCode: customerGenotypes.geneCode, noCallReason: customerGenotypes.noCallReason })
      .from(customerGenotypes)
      .where(eq(customerGenotypes.customerId, customerId));
    expect(data.markersTested.map((m) => ({ geneCode: m.geneCode, noCallReason: m.noCallReason }))).toEqual(
      expect.arrayContaining(genotypes),
    );
    expect(data.markersTested).toHaveLength(genotypes.length);
    for (const marker of data.markersTested) expect(marker).not.toHaveProperty('genotype');
    const [questionnaire] = await t.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.customerId, customerId));
    expect(data.questionnaires[0]!.answers).toEqual(questionnaire!.answers);

    // Amounts: CZK with two decimals, exactly the stored haléře.
    const orderRows = await t.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(orders.createdAt, orders.id);
    expect(data.orders.map((order) => order.amount)).toEqual(orderRows.map((order) => czkText(order.amount)));
    for (const item of [...data.orders, ...data.payments]) {
      expect(item.amount).toMatch(/^-?\d+\.\d{2}$/);
      expect(item.currency).toBe('CZK');
    }

    // Every issued PDF of the customer, byte for byte, at reports/<number>-v<version>.pdf.
    const stored = await t.db
      .select({
        productId: reportDocuments.productId,
        version: reportDocuments.version,
        content: reportDocuments.content,
        sha256: reportDocuments.sha256,
      })
      .from(reportDocuments)
      .innerJoin(products, eq(products.id, reportDocuments.productId))
      .where(eq(products.customerId, customerId));
    expect(stored.length).toBeGreaterThan(0);
    const pdfNames = Object.keys(zip.files).filter(
      (file) => file.startsWith('reports/') && !zip.files[file]!.dir,
    );
    expect(pdfNames.sort()).toEqual(
      stored.map((row) => `reports/${reportNumberOf(row.productId)}-v${row.version}.pdf`).sort(),
    );
    for (const row of stored) {
      const file = `reports/${reportNumberOf(row.productId)}-v${row.version}.pdf`;
      const bytes = await zip.file(file)!.async('nodebuffer');
      expect(sha256(bytes)).toBe(row.sha256);
      expect(sha256(bytes)).toBe(sha256(row.content));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const listed = data.reports.flatMap((r) => r.documents).find((d) => d.file === file);
      expect(listed).toMatchObject({ sha256: row.sha256, bytes: row.content.length, version: row.version });
    }
    expect(
      Object.keys(zip.files)
        .filter((file) => !zip.files[file]!.dir)
        .sort(),
    ).toEqual(
      [
        'data.json',
        'summary.html',
        ...pdfNames,
        // Each issued version as a FHIR bundle too (issue 40), the fhir area's part of the export.
        ...pdfNames.map((file) => file.replace(/^reports\/(.*)\.pdf$/, 'fhir/$1.json')),
      ].sort(),
    );

    // summary.html: Czech, every section, the values escaped.
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="cs">');
    expect(html).toContain('<title>Export osobních údajů: ');
    for (const heading of [
      'Osobní údaje',
      'Objednávky',
      'Platby',
      'Vzorky',
      'Testované markery',
      'Výsledkové zprávy',
      'Dotazník',
      'Rezervace konzultací',
      'Odeslané zprávy',
      'Kdo nahlížel do vašich údajů',
      'Historie změn',
      'Soubory v archivu',
    ])
      expect(html).toContain(`>${heading}</h2>`);
    expect(html).toContain(t.config.reportCompany.name);
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(html).toContain('Výsledky &#60;b&#62;jsou&#60;/b&#62; hotové');
    expect(html).not.toContain('Výsledky <b>');
    for (const file of pdfNames) expect(html).toContain(`<code>${file}</code>`);
    // The questionnaire in words: the contract's question, its section's heading.
    expect(html).toContain(`<h3>${questionnaireSections[0]!.label.cs}</h3>`);
    expect(html).toContain(`<td>${questionnaireSections[0]!.questions[0]!.label.cs}</td>`);
    // Amounts in CZK, Czech style: "2 990,00 CZK".
    expect(html).toMatch(/<td>\d{1,3}(\u00a0\d{3})*,\d{2} CZK<\/td>/);
    // A time on Prague's clock, Czech style.
    expect(html).toMatch(/\d{1,2}\. \d{1,2}\. \d{4}\s\d{1,2}:\d{2}/);

    // The export itself: one access-log row, by the admin, of this customer only.
    const [adminUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demo.admin));
    const rows = await dataExportRows(customerId);
    expect(rows).toEqual([{ userId: adminUser!.id, address: expect.any(String), customerIds: [customerId] }]);
  });

  it('gives the customer their findings only as a physician released them: nothing of a report not released, no finding-telling change', async () => {
    // A demo customer whose one report is generated but not released (no version issued).
    const result = await t.db.execute<{ customer_id: number; id: number }>(sql`
      select p.customer_id, p.id from products p
       where p.status = 1 and not exists (select 1 from report_documents d where d.product_id = p.id)
         and (select count(*) from products q where q.customer_id = p.customer_id) = 1
       order by p.id limit 1`);
    const { customer_id: customerId, id: reportId } = result.rows[0]!;
    const [report] = await t.db
      .select()
      .from(products)
      .where(eq(products.id, Number(reportId)));
    const phenotypes = report!.content.categories.flatMap((category) =>
      category.subcategories.flatMap((subcategory) => subcategory.phenotypes.map((p) => p.phenotype)),
    );
    expect(phenotypes.length).toBeGreaterThan(0);
    const [first] = phenotypes;
    // Its trail as the laboratory keeps it: a reanalysis changed a result, a physician withheld one, and
    // the report moved on.
    await t.db.insert(auditLog).values(
      [
        { field: `phenotype: ${first}`, oldValue: 'risk 1', newValue: 'risk 3' },
        { field: `withheld: ${first}`, oldValue: null, newValue: 'the customer does not want to know' },
        { field: 'status', oldValue: '1', newValue: '2' },
      ].map((change) => ({
        entity: 'product',
        entityId: Number(reportId),
        changedAt: new Date(),
        ...change,
      })),
    );

    const { data, zip, html } = await opened(Number(customerId));
    const exported = data.reports.find((r) => r.id === Number(reportId))!;
    expect(exported).toMatchObject({ released: false, phenotypeCount: null, documents: [] });
    expect(exported).not.toHaveProperty('content');
    expect(exported).not.toHaveProperty('doctorIntro');
    expect(exported.changeLog.map((change) => change.field)).toEqual(['status']);
    const json = await zip.file('data.json')!.async('string');
    for (const phenotype of phenotypes) {
      expect(json, phenotype).not.toContain(phenotype);
      expect(html, phenotype).not.toContain(phenotype);
    }
    expect(json).not.toContain('does not want to know');
    expect(json).not.toContain('"genotype"');
    expect(
      Object.keys(zip.files).some((file) => file.startsWith('reports/') || file.startsWith('fhir/')),
    ).toBe(false);
    expect(html).toContain('Zpráva, kterou lékař dosud neuvolnil, zde výsledky nemá');
  });

  it('writes an English customer’s summary in English; empty sections say so', async () => {
    const [row] = await t.db
      .execute<{ id: number }>(sql`
      select c.id from customers c where c.language = 'en'
         and exists (select 1 from orders o join payments p on p.order_id = o.id where o.customer_id = c.id)
       order by c.id limit 1`)
      .then((r) => r.rows);
    const customerId = Number(row!.id);
    const { data, html } = await opened(customerId);
    expect(data.language).toBe('en');
    expect(data.payments.length).toBeGreaterThan(0);
    expect(data.payments[0]!.methodName).not.toBe('');
    expect(data.markersTested).toEqual([]);
    expect(data.reports).toEqual([]);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Personal data export: ');
    for (const heading of [
      'Identity',
      'Orders',
      'Payments',
      'Markers tested',
      'Reports',
      'Who accessed your data',
    ])
      expect(html).toContain(`>${heading}</h2>`);
    expect(html).toContain('No records.');
    expect(html).not.toContain('Objednávky');
    expect(html).not.toContain('Žádné záznamy');
    expect(html).toMatch(/<td>\d{1,3}(,\d{3})*\.\d{2} CZK<\/td>/);
  });

  it('lists the vouchers a customer used, with what each took off', async () => {
    const result = await t.db.execute<{ id: number; amount: number }>(sql`
      select o.customer_id as id, sum(ov.amount)::int as amount from order_vouchers ov
        join orders o on o.id = ov.order_id group by o.customer_id order by o.customer_id limit 1`);
    const { id, amount } = result.rows[0]!;
    const { data, html } = await opened(Number(id));
    expect(data.vouchersUsed.length).toBeGreaterThan(0);
    for (const voucher of data.vouchersUsed) {
      expect(voucher.amount).toMatch(/^\d+\.\d{2}$/);
      expect(voucher.currency).toBe('CZK');
      expect(html).toContain(voucher.code);
    }
    const total = data.vouchersUsed.reduce((sum, v) => sum + Math.round(Number(v.amount) * 100), 0);
    expect(total).toBe(Number(amount));
  });

  it('is 404 for an unknown customer and 400 without one', async () => {
    expect((await dataExport(99_999_999)).statusCode).toBe(404);
    expect((await dataExport('')).statusCode).toBe(400);
  });

  it('asks for every permission that reads a part of it: only the administrator may export', async () => {
    const customerId = await fullDemoCustomer('cs');
    const before = (await dataExportRows(customerId)).length;
    // Reception reads no genotypes or reports, the lab no questionnaires, a doctor no payments or access log.
    for (const user of [demo.reception, demo.lab, demo.doctor])
      expect((await dataExport(customerId, await t.authAs(user))).statusCode, user).toBe(403);
    expect(await dataExportRows(customerId)).toHaveLength(before);
    await opened(customerId);
    expect(await dataExportRows(customerId)).toHaveLength(before + 1);
  });

  it('is 409 for an erased customer, in the caller’s language, and records nothing', async () => {
    const [row] = await t.db
      .execute<{ id: number }>(sql`
      select id from customers where language = 'cs' order by id desc limit 1`)
      .then((r) => r.rows);
    const customerId = Number(row!.id);
    await t.db.update(customers).set({ erasedAt: new Date() }).where(eq(customers.id, customerId));
    const cs = await dataExport(customerId);
    expect(cs.statusCode).toBe(409);
    expect(cs.json().error).toMatchObject({
      code: 'CUSTOMER_ERASED',
      message: translateMessage('customerErasedNoExport', 'cs'),
    });
    const en = await dataExport(customerId, { ...admin, 'accept-language': 'en' });
    expect(en.statusCode).toBe(409);
    expect(en.json().error.message).toBe(translateMessage('customerErasedNoExport', 'en'));
    expect(await dataExportRows(customerId)).toHaveLength(0);
  });
});
