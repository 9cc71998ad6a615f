import { createHash, randomBytes } from 'node:crypto';
import { Permissions } from '@genodesk/contract';
import { desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { hashPassword } from '../../auth/passwords.js';
import { createDatabase, type Database, transaction } from '../../db/client.js';
import {
  accessLog,
  customers,
  orders,
  products,
  questionnaires,
  reportDocuments,
  rolePermissions,
  roles,
  users,
} from '../../db/schema/index.js';
import { newVerificationCode } from '../products/report-pdf/documents.service.js';
import { closeReportPdfRenderer } from '../products/report-pdf/render.js';
import { type ReportFixture, reportFor } from '../products/test-fixtures.js';
import { configureAccessLog, exportDetail, recordAccess } from './access-log.js';

let t: TestApp;
let admin: Record<string, string>;
let adminId: number;
let report: ReportFixture;
let questionnaireId: number;
let categoryId: number;
const pdf = Buffer.from(`%PDF-1.7 access log ${randomBytes(8).toString('hex')}`);
let verificationCode: string;

const address = '192.0.2.44';
const get = (url: string, headers = admin) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: address });

async function idOf(email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function newUser(email: string, userName: string, permissions: string[]) {
  const [role] = await t.db
    .insert(roles)
    .values({ name: userName, nameCs: userName, nameEn: userName })
    .returning();
  await t.db
    .insert(rolePermissions)
    .values(permissions.map((permission) => ({ roleId: role!.id, permission })));
  await t.db
    .insert(users)
    .values({ email, userName, passwordHash: await hashPassword('probe-password'), roleId: role!.id });
  const { token } = await t.login(email, 'probe-password');
  return { authorization: `Bearer ${token}` };
}

/** The database's message refusing `query` (drizzle wraps it), or 'accepted'. */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    return (error as { cause?: { message?: string } }).cause?.message ?? String(error);
  }
  return 'accepted';
}

const lastId = async () => {
  const [row] = await t.db.select({ id: accessLog.id }).from(accessLog).orderBy(desc(accessLog.id)).limit(1);
  return row?.id ?? 0;
};

/** The access-log rows written after `since`. */
async function rowsAfter(since: number) {
  return t.db.select().from(accessLog).where(gt(accessLog.id, since)).orderBy(accessLog.id);
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  adminId = await idOf(demo.admin);
  report = await reportFor(t, { surname: 'Přístupová' });
  const [q] = await t.db
    .insert(questionnaires)
    .values({ customerId: report.customerId, answers: {} })
    .returning({ id: questionnaires.id });
  questionnaireId = q!.id;
  const [product] = await t.db
    .select({ content: products.content })
    .from(products)
    .where(eq(products.id, report.productId));
  categoryId = product!.content.categories[0]!.id;
  verificationCode = newVerificationCode();
  await t.db.insert(reportDocuments).values({
    productId: report.productId,
    version: 1,
    language: 'cs',
    preliminary: false,
    content: pdf,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    verificationCode,
  });
});
afterAll(async () => {
  await t.close();
  await closeReportPdfRenderer();
});

describe('every read of a customer’s data adds exactly one access-log row', () => {
  const reads: {
    name: string;
    url: () => string;
    kind: string;
    entityId: () => number | null;
    detail: string | null;
  }[] = [
    {
      name: 'the customer detail',
      url: () => `/api/admin/customers/customer?CustomerId=${report.customerId}`,
      kind: 'customer',
      entityId: () => null,
      detail: null,
    },
    {
      name: 'the genotypes',
      url: () => `/api/admin/results/getcustomerresult?CustomerId=${report.customerId}`,
      kind: 'genotypes',
      entityId: () => null,
      detail: null,
    },
    {
      name: "a page of the report list, naming its rows' customers (issue 36)",
      url: () => `/api/admin/products?customerId=${report.customerId}`,
      kind: 'list',
      entityId: () => null,
      detail: 'reports',
    },
    {
      name: 'a report',
      url: () => `/api/admin/products/getproduct?ProductId=${report.productId}`,
      kind: 'report',
      entityId: () => report.productId,
      detail: null,
    },
    {
      name: 'a category of a report',
      url: () =>
        `/api/admin/products/getcategory?ProductId=${report.productId}&ProductCategoryId=${categoryId}`,
      kind: 'reportCategory',
      entityId: () => report.productId,
      detail: 'CATEGORY',
    },
    {
      name: "a report's issued PDF",
      url: () => `/api/admin/products/document?Id=${report.productId}`,
      kind: 'reportPdf',
      entityId: () => report.productId,
      detail: 'v1',
    },
    {
      name: "a report's PDF preview",
      url: () => `/api/admin/products/pdfpreview?Id=${report.productId}&locale=en`,
      kind: 'reportPdf',
      entityId: () => report.productId,
      detail: 'preview en',
    },
    {
      name: 'a questionnaire',
      url: () => `/api/admin/questionnaires/questionnaire?Id=${questionnaireId}`,
      kind: 'questionnaire',
      entityId: () => questionnaireId,
      detail: null,
    },
  ];

  for (const read of reads)
    it(read.name, async () => {
      const since = await lastId();
      const response = await get(read.url());
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const rows = await rowsAfter(since);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        userId: adminId,
        kind: read.kind,
        entityId: read.entityId(),
        customerIds: [report.customerId],
        rows: null,
        detail: read.detail === 'CATEGORY' ? String(categoryId) : read.detail,
        address,
      });
      expect(Date.now() - rows[0]!.occurredAt.getTime()).toBeLessThan(60_000);
    }, 60_000);

  it('a match of the verification call, as a read of the PDF; a miss or a refused read adds none', async () => {
    const since = await lastId();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify/report',
      payload: { code: verificationCode },
      headers: admin,
      remoteAddress: address,
    });
    expect(verified.json()).toMatchObject({ issued: true, productId: report.productId });
    expect(await rowsAfter(since)).toMatchObject([
      {
        kind: 'reportPdf',
        entityId: report.productId,
        customerIds: [report.customerId],
        detail: 'verify v1',
      },
    ]);

    const after = await lastId();
    const missed = await t.app.inject({
      method: 'POST',
      url: '/api/verify/report',
      payload: { code: '00000-00000' },
      headers: admin,
    });
    expect(missed.json()).toEqual({ issued: false });
    expect((await get('/api/admin/customers/customer?CustomerId=999999999')).statusCode).toBe(404);
    expect((await get('/api/admin/products/getproduct?ProductId=999999999')).statusCode).toBe(404);
    const lab = await t.authAs(demo.reception);
    expect(
      (await get(`/api/admin/results/getcustomerresult?CustomerId=${report.customerId}`, lab)).statusCode,
    ).toBe(403);
    expect(await rowsAfter(after)).toEqual([]);
  });

  it('no longer writes reads to the audit log', async () => {
    const rows = await t.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'productRead'`,
    );
    expect(rows.rows[0]).toEqual({ n: 0 });
  });
});

/** A UUIDv7 made at `at` (ms), as the web makes one per opening of a screen. */
function screenView(at = Date.now()) {
  const hex = at.toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

describe('one opening of a screen writes one row per customer (issue 36)', () => {
  const customerScreen = (view: string) => ({
    ...admin,
    'x-screen': 'admin.customers.view',
    'x-screen-view': view,
  });
  const customerReads = () => [
    `/api/admin/customers/customer?CustomerId=${report.customerId}`,
    `/api/admin/customers/customercategories?CustomerId=${report.customerId}`,
    `/api/admin/results/getcustomerresult?CustomerId=${report.customerId}`,
  ];

  it('the customer screen’s reads, all at once, write one row naming the screen; opening it again another', async () => {
    const since = await lastId();
    const view = screenView();
    const answers = await Promise.all(customerReads().map((url) => get(url, customerScreen(view))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: adminId,
      customerIds: [report.customerId],
      screen: 'admin.customers.view',
      screenView: view,
    });
    // Read again in the same opening (a refetch): still that one row.
    await get(customerReads()[0]!, customerScreen(view));
    expect(await rowsAfter(since)).toHaveLength(1);
    // Opened again: a new row.
    await get(customerReads()[0]!, customerScreen(screenView()));
    expect(await rowsAfter(since)).toHaveLength(2);
  });

  it('a PDF handed out from a screen keeps its own row', async () => {
    const since = await lastId();
    const view = screenView();
    const headers = { ...admin, 'x-screen': 'admin.customers.products.view', 'x-screen-view': view };
    await get(`/api/admin/products/getproduct?ProductId=${report.productId}`, headers);
    await get(
      `/api/admin/products/getcategory?ProductId=${report.productId}&ProductCategoryId=${categoryId}`,
      headers,
    );
    await get(`/api/admin/products/document?Id=${report.productId}`, headers);
    const rows = await rowsAfter(since);
    expect(rows.map((r) => [r.kind, r.screenView])).toEqual([
      ['report', view],
      ['reportPdf', null],
    ]);
  });

  it('an opening older than 30 minutes, a malformed one or none writes a row per read', async () => {
    const since = await lastId();
    const stale = screenView(Date.now() - 31 * 60_000);
    const url = customerReads()[0]!;
    await get(url, customerScreen(stale));
    await get(url, customerScreen(stale));
    await get(url, customerScreen('not-a-view'));
    await get(url, customerScreen('not-a-view'));
    await get(url, { ...admin, 'x-screen': 'admin.customers.view<script>' });
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.screenView === null)).toBe(true);
    expect(rows.at(-1)!.screen).toBeNull();
  });

  it('two users in the same opening id each get their row', async () => {
    const since = await lastId();
    const view = screenView();
    const doctor = await t.authAs(demo.doctor);
    await get(customerReads()[0]!, customerScreen(view));
    await get(customerReads()[0]!, { ...doctor, 'x-screen': 'admin.customers.view', 'x-screen-view': view });
    expect(await rowsAfter(since)).toHaveLength(2);
  });
});

describe('write calls that answer with a report or a questionnaire record the read', () => {
  it('a questionnaire section corrected', async () => {
    const since = await lastId();
    const questionnaire = (await get(`/api/admin/questionnaires/questionnaire?Id=${questionnaireId}`)).json();
    const section = questionnaire.sections[0];
    const corrected = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/questionnaires/section',
      headers: admin,
      remoteAddress: address,
      payload: { QuestionnaireId: questionnaireId, Section: section.section, Answers: section.answers },
    });
    expect(corrected.statusCode, corrected.body.slice(0, 300)).toBe(200);
    const rows = await rowsAfter(since);
    expect(rows.map((r) => [r.kind, r.entityId])).toEqual([
      ['questionnaire', questionnaireId],
      ['questionnaire', questionnaireId],
    ]);
  });

  it("the doctor's texts saved", async () => {
    const since = await lastId();
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products',
      headers: admin,
      remoteAddress: address,
      payload: { Id: report.productId, DoctorIntro: '<p>Úvod lékaře</p>' },
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    expect((await rowsAfter(since)).map((r) => [r.kind, r.entityId, r.customerIds])).toEqual([
      ['report', report.productId, [report.customerId]],
    ]);
  });
});

describe('exports record their rows and customers', () => {
  it('the customers export: one row with its row count, every customer, the filter without the search', async () => {
    const since = await lastId();
    const response = await get('/api/admin/customers/export?format=csv&registrationSource=1&search=a');
    expect(response.statusCode).toBe(200);
    const ids = response.body
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map((line) => Number(line.split(';')[0]));
    expect(ids.length).toBeGreaterThan(0);
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'export',
      userId: adminId,
      rows: ids.length,
      entityId: null,
      detail: 'customers csv: registrationSource=1, search',
      address,
    });
    expect([...rows[0]!.customerIds].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('the orders and payments exports: each customer once', async () => {
    for (const list of ['orders', 'payments'] as const) {
      const since = await lastId();
      const response = await get(`/api/admin/${list}/export?format=xlsx`);
      expect(response.statusCode).toBe(200);
      const rows = await rowsAfter(since);
      expect(rows).toHaveLength(1);
      const expected =
        list === 'orders'
          ? await t.db.execute<{ n: number; c: number }>(
              sql`select count(*)::int as n, count(distinct customer_id)::int as c from ${orders}`,
            )
          : await t.db.execute<{ n: number; c: number }>(
              sql`select count(*)::int as n, count(distinct o.customer_id)::int as c
                    from payments p join orders o on o.id = p.order_id`,
            );
      expect(rows[0]).toMatchObject({ kind: 'export', rows: expected.rows[0]!.n, detail: `${list} xlsx` });
      expect(new Set(rows[0]!.customerIds).size).toBe(rows[0]!.customerIds.length);
      expect(rows[0]!.customerIds).toHaveLength(expected.rows[0]!.c);
    }
  });

  it('an empty export is recorded too, with no rows and no customers', async () => {
    const since = await lastId();
    const response = await get('/api/admin/customers/export?format=csv&search=zzzz-nobody-zzzz');
    expect(response.statusCode).toBe(200);
    expect(await rowsAfter(since)).toMatchObject([{ kind: 'export', rows: 0, customerIds: [] }]);
  });

  it('the detail names the filter, never a search term', () => {
    expect(exportDetail('orders', { format: 'csv', locale: 'en', search: 'Novák', complete: true })).toBe(
      'orders csv: complete=true, search',
    );
    expect(exportDetail('accessLog', { format: 'xlsx', customerId: 5, from: '2026-01-01' })).toBe(
      'accessLog xlsx: customerId=5, from=2026-01-01',
    );
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even to its owner', async () => {
    await lastId();
    expect(await refusal(t.db.execute(sql`update access_log set detail = 'changed'`))).toMatch(
      /append-only \(UPDATE\)/,
    );
    expect(await refusal(t.db.execute(sql`delete from access_log`))).toMatch(/append-only \(DELETE\)/);
    expect(await refusal(t.db.execute(sql`truncate access_log`))).toMatch(/append-only \(TRUNCATE\)/);
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(accessLog);
    expect(count!.n).toBeGreaterThan(0);
  });

  it('the retention purge deletes only rows older than the period it names', async () => {
    const [old] = await t.db
      .insert(accessLog)
      .values({ kind: 'customer', customerIds: [1], occurredAt: new Date('2015-01-01T00:00:00Z') })
      .returning({ id: accessLog.id });
    const [recent] = await t.db
      .insert(accessLog)
      .values({ kind: 'customer', customerIds: [1], occurredAt: new Date('2025-06-01T00:00:00Z') })
      .returning({ id: accessLog.id });
    const purge = (where: ReturnType<typeof sql>) =>
      transaction(t.db, async (tx) => {
        await tx.execute(sql`set local genodesk.access_log_purge = 'on'`);
        await tx.execute(sql`set local genodesk.access_log_keep = '5 years'`);
        return (await tx.execute(sql`delete from access_log where ${where}`)).rowCount;
      });
    // A row within the period is refused, purge or not: the whole statement fails.
    expect(await refusal(purge(sql`id = ${recent!.id}`))).toMatch(/append-only/);
    expect(await purge(sql`occurred_at < now() - interval '5 years'`)).toBe(1);
    const left = await t.db
      .select({ id: accessLog.id })
      .from(accessLog)
      .where(sql`${accessLog.id} in (${old!.id}, ${recent!.id})`);
    expect(left).toEqual([{ id: recent!.id }]);
    // Outside the purge's transaction the setting is gone: an old row is refused too.
    const [ancient] = await t.db
      .insert(accessLog)
      .values({ kind: 'customer', customerIds: [1], occurredAt: new Date('2014-01-01T00:00:00Z') })
      .returning({ id: accessLog.id });
    expect(await refusal(t.db.execute(sql`delete from access_log where id = ${ancient!.id}`))).toMatch(
      /append-only/,
    );
  });

  it('refuses a purge that names a period under a year, however old the row', async () => {
    const [old] = await t.db
      .insert(accessLog)
      .values({ kind: 'customer', customerIds: [1], occurredAt: new Date('2013-01-01T00:00:00Z') })
      .returning({ id: accessLog.id });
    for (const keep of ['0', '1 day', '11 months']) {
      const attempt = transaction(t.db, async (tx) => {
        await tx.execute(sql`select set_config('genodesk.access_log_purge', 'on', true)`);
        await tx.execute(sql`select set_config('genodesk.access_log_keep', ${keep}, true)`);
        return (await tx.execute(sql`delete from access_log where id = ${old!.id}`)).rowCount;
      });
      expect(await refusal(attempt), keep).toMatch(/append-only \(DELETE\)/);
    }
    const left = await t.db
      .select({ id: accessLog.id })
      .from(accessLog)
      .where(sql`${accessLog.id} = ${old!.id}`);
    expect(left).toHaveLength(1);
  });
});

describe('GET admin/accesslog', () => {
  let probeId: number;
  let otherCustomer: number;
  const stamp = (day: string) => new Date(day);

  beforeAll(async () => {
    const [probe] = await t.db
      .insert(users)
      .values({
        email: 'access.probe@genodesk.test',
        userName: 'Zora Čtenářová',
        passwordHash: await hashPassword('probe-password'),
        roleId: (await t.db.select({ id: roles.id }).from(roles).limit(1))[0]!.id,
      })
      .returning({ id: users.id });
    probeId = probe!.id;
    const [other] = await t.db
      .insert(customers)
      .values({
        name: 'Ota',
        surname: 'Jiný',
        email: 'ota.jiny@example.test',
        gender: 1,
        registrationSource: 1,
      })
      .returning({ id: customers.id });
    otherCustomer = other!.id;
    // 2026-03-01 22:30 UTC is 23:30 in Prague, 23:30 UTC already the 2nd.
    await t.db.insert(accessLog).values([
      {
        userId: probeId,
        kind: 'genotypes',
        customerIds: [otherCustomer],
        address: '198.51.100.1',
        occurredAt: stamp('2026-03-01T08:00:00Z'),
      },
      {
        userId: probeId,
        kind: 'report',
        entityId: 77,
        customerIds: [otherCustomer],
        address: '198.51.100.1',
        occurredAt: stamp('2026-03-01T22:30:00Z'),
      },
      {
        userId: probeId,
        kind: 'export',
        customerIds: [otherCustomer, report.customerId],
        rows: 2,
        detail: 'customers csv',
        address: '198.51.100.2',
        occurredAt: stamp('2026-03-01T23:30:00Z'),
      },
    ]);
  });

  it('lists newest first with the user, the one customer and what was read; filters and pages', async () => {
    const response = await get(`/api/admin/accesslog?userId=${probeId}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(page.items.map((e: { kind: string }) => e.kind)).toEqual(['export', 'report', 'genotypes']);
    expect(page.items[0]).toMatchObject({
      user: { id: probeId, userName: 'Zora Čtenářová', email: 'access.probe@genodesk.test' },
      customer: null,
      customerCount: 2,
      rows: 2,
      detail: 'customers csv',
      address: '198.51.100.2',
      occurredAt: '2026-03-01T23:30:00.000Z',
    });
    expect(page.items[1]).toMatchObject({
      entityId: 77,
      customer: { id: otherCustomer, fullName: 'Ota Jiný' },
      customerCount: 1,
    });

    const kind = (await get(`/api/admin/accesslog?userId=${probeId}&kind=report`)).json();
    expect(kind.items.map((e: { entityId: number }) => e.entityId)).toEqual([77]);
    const ofCustomer = (
      await get(`/api/admin/accesslog?customerId=${report.customerId}&userId=${probeId}`)
    ).json();
    expect(ofCustomer.items.map((e: { kind: string }) => e.kind)).toEqual(['export']);
    const firstDay = (
      await get(`/api/admin/accesslog?userId=${probeId}&from=2026-03-01&to=2026-03-01`)
    ).json();
    expect(firstDay.items.map((e: { kind: string }) => e.kind)).toEqual(['report', 'genotypes']);
    const secondDay = (await get(`/api/admin/accesslog?userId=${probeId}&from=2026-03-02`)).json();
    expect(secondDay.items.map((e: { kind: string }) => e.kind)).toEqual(['export']);
    const byName = (await get('/api/admin/accesslog?search=čtenářová')).json();
    expect(byName.total).toBe(3);
    const byAddress = (await get('/api/admin/accesslog?search=198.51.100.2')).json();
    expect(byAddress.items.map((e: { kind: string }) => e.kind)).toEqual(['export']);
    const paged = (
      await get(`/api/admin/accesslog?userId=${probeId}&pageSize=2&page=2&sort=occurredAt`)
    ).json();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((e: { kind: string }) => e.kind)).toEqual(['export']);
    expect((await get('/api/admin/accesslog?sort=-kind')).statusCode).toBe(200);
    expect((await get('/api/admin/accesslog?sort=password')).statusCode).toBe(400);
    expect((await get('/api/admin/accesslog?kind=everything')).statusCode).toBe(400);
  });

  it('shows a read made a moment ago (the queue is written first)', async () => {
    await get(`/api/admin/customers/customer?CustomerId=${otherCustomer}`);
    const page = (await get(`/api/admin/accesslog?customerId=${otherCustomer}&kind=customer`)).json();
    expect(page.items[0]).toMatchObject({
      kind: 'customer',
      user: { id: adminId },
      customer: { id: otherCustomer, fullName: 'Ota Jiný' },
      address,
    });
  });

  it('hides the name of a customer who is erased or deleted, keeping the id', async () => {
    await t.db.update(customers).set({ erasedAt: new Date() }).where(eq(customers.id, otherCustomer));
    const page = (await get(`/api/admin/accesslog?userId=${probeId}&kind=report`)).json();
    expect(page.items[0].customer).toEqual({ id: otherCustomer, fullName: null });
    await t.db.update(customers).set({ erasedAt: null }).where(eq(customers.id, otherCustomer));
  });

  it("the customer's tab lists every read of theirs, exports included", async () => {
    const response = await get(`/api/admin/customers/accesslog?CustomerId=${otherCustomer}&pageSize=100`);
    expect(response.statusCode).toBe(200);
    const kinds = response.json().items.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['customer', 'export', 'report', 'genotypes']));
    const reports = (
      await get(`/api/admin/customers/accesslog?customerId=${otherCustomer}&kind=report`)
    ).json();
    expect(reports.total).toBe(1);
  });

  it('exports the filtered log as CSV, and records that export', async () => {
    const since = await lastId();
    const response = await get(`/api/admin/accesslog/export?format=csv&userId=${probeId}&locale=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="access-log-.*\.csv"/);
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      "\uFEFFTime;User;User's e-mail;What;Record ID;Customers (IDs);Rows;Detail;Address;Screen",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('List export');
    expect(lines[1]).toContain(`${otherCustomer} ${report.customerId}`);
    expect(response.body).not.toContain('Jiný');
    const rows = await rowsAfter(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'export', rows: 3, detail: `accessLog csv: userId=${probeId}` });
    expect([...rows[0]!.customerIds].sort((a, b) => a - b)).toEqual(
      [otherCustomer, report.customerId].sort((a, b) => a - b),
    );
  });

  it('needs AccessLog.View; the customer tab needs Customers.View too', async () => {
    const customersOnly = await newUser('al.customers@genodesk.test', 'Jen Zákazníci', [
      Permissions.AdminPanelView,
      Permissions.CustomersView,
    ]);
    const logOnly = await newUser('al.log@genodesk.test', 'Jen Protokol', [
      Permissions.AdminPanelView,
      Permissions.AccessLogView,
    ]);
    const tab = `/api/admin/customers/accesslog?CustomerId=${otherCustomer}`;
    expect((await get('/api/admin/accesslog', customersOnly)).statusCode).toBe(403);
    expect((await get('/api/admin/accesslog/export?format=csv', customersOnly)).statusCode).toBe(403);
    expect((await get(tab, customersOnly)).statusCode).toBe(403);
    expect((await get('/api/admin/accesslog', logOnly)).statusCode).toBe(200);
    expect((await get(tab, logOnly)).statusCode).toBe(403);
    expect((await get(tab)).statusCode).toBe(200);
    const doctor = await t.authAs(demo.doctor);
    expect((await get('/api/admin/accesslog', doctor)).statusCode).toBe(403);
    expect((await get('/api/admin/accesslog', {})).statusCode).toBe(401);
  });
});

describe('the writer', () => {
  /** The test database behind a connection whose first `failures` statements fail. */
  function flakyDatabase(failures: number) {
    const real = createDatabase(t.url, 2);
    let left = failures;
    let statements = 0;
    const query = real.$client.query.bind(real.$client) as (...args: unknown[]) => Promise<unknown>;
    const client = Object.create(real.$client) as Database['$client'];
    client.query = ((...args: unknown[]) => {
      statements += 1;
      if (left > 0) {
        left -= 1;
        return Promise.reject(new Error('connection refused (test)'));
      }
      return query(...args);
    }) as typeof client.query;
    const flaky = Object.create(real) as Database;
    flaky.$client = client;
    return { flaky, statements: () => statements, end: () => real.$client.end() };
  }

  it('answers a read only once its row is written, and refuses the read when the row cannot be', async () => {
    const { flaky, end } = flakyDatabase(1);
    const errors: string[] = [];
    configureAccessLog(flaky, { log: { error: (_details, message) => errors.push(message) } });
    try {
      const since = await lastId();
      const marker = `writer ${randomBytes(4).toString('hex')}`;
      const entry = {
        kind: 'customer',
        userId: adminId,
        customerIds: [report.customerId],
        detail: marker,
      } as const;
      await expect(recordAccess(flaky, entry)).rejects.toThrow(/connection refused/);
      expect(errors).toEqual(['access log: writing its rows failed; the reads they record were refused']);
      expect((await rowsAfter(since)).filter((r) => r.detail === marker)).toHaveLength(0);
      // Nothing is kept to be written later: the next read writes its own row and only that.
      await recordAccess(flaky, { ...entry, kind: 'genotypes' });
      expect((await rowsAfter(since)).filter((r) => r.detail === marker).map((r) => r.kind)).toEqual([
        'genotypes',
      ]);
    } finally {
      await end();
    }
  });

  it('writes reads that arrive together in a few inserts, each resolved once written', async () => {
    const since = await lastId();
    const { flaky, statements, end } = flakyDatabase(0);
    try {
      await Promise.all(
        Array.from({ length: 1200 }, (_, i) =>
          recordAccess(flaky, {
            kind: 'customer',
            userId: adminId,
            customerIds: [i + 1],
            address: '203.0.113.9',
          }),
        ),
      );
      expect(statements()).toBeLessThanOrEqual(4);
      const rows = await rowsAfter(since);
      expect(rows.filter((r) => r.address === '203.0.113.9')).toHaveLength(1200);
      expect(rows.at(-1)!.customerIds).toEqual([1200]);
    } finally {
      await end();
    }
  });

  it('refuses only the read whose row the database refuses for its data', async () => {
    const { flaky, end } = flakyDatabase(0);
    try {
      const since = await lastId();
      const marker = `poison ${randomBytes(4).toString('hex')}`;
      const outcomes = await Promise.allSettled([
        recordAccess(flaky, { kind: 'customer', userId: adminId, customerIds: [1], detail: marker }),
        recordAccess(flaky, {
          kind: 'customer',
          userId: adminId,
          customerIds: [2],
          detail: `${marker}\u0000`,
        }),
        recordAccess(flaky, { kind: 'genotypes', userId: adminId, customerIds: [3], detail: marker }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const rows = await rowsAfter(since);
      expect(rows.filter((r) => r.detail === marker).map((r) => r.customerIds)).toEqual([[1], [3]]);
    } finally {
      await end();
    }
  });

  it('records nothing when switched off (ACCESS_LOG=off)', async () => {
    const { flaky, statements, end } = flakyDatabase(0);
    try {
      configureAccessLog(flaky, { enabled: false });
      await recordAccess(flaky, { kind: 'customer', userId: adminId, customerIds: [1] });
      expect(statements()).toBe(0);
    } finally {
      await end();
    }
  });
});
