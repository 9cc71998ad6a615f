import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sharedCacheOf } from '../src/db/shared-cache.js';
import { demo, type TestApp, testApp } from './test-app.js';

/**
 * Round trips per call of the mixed staff load (issue 38; `bench/mixed-load.ts` runs the same nine
 * calls): each is one statement for its data, and one for the principal when the node does not hold
 * it already. The reads the access log records add the log's insert, which under load is shared by the
 * reads recorded meanwhile (group commit) — counted apart. A call that gains a round trip fails here.
 */
let t: TestApp;
let statements: string[] | undefined;
const query = pg.Client.prototype.query;

beforeAll(async () => {
  t = await testApp();
  const pool = t.db.$client as unknown as { _clients: pg.Client[] };
  // Every statement of the app's pool goes through a client's query(), whichever layer sends it.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (statements && pool._clients.includes(this)) {
      const config = args[0] as string | { text?: string };
      statements.push(typeof config === 'string' ? config : String(config?.text));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});

afterAll(async () => {
  pg.Client.prototype.query = query;
  await t?.close();
});

async function statementsOf(url: string, headers: Record<string, string>) {
  statements = [];
  const response = await t.app.inject({ method: 'GET', url, headers });
  const sent = statements;
  statements = undefined;
  expect(response.statusCode, response.body).toBe(200);
  const accessLog = sent.filter((text) => /^\s*insert into access_log\b/.test(text));
  return { request: sent.length - accessLog.length, accessLog: accessLog.length, sent };
}

/**
 * A signed-in administrator whose principal the node holds, with no notification of the sign-in's own
 * writes still on its way (one would drop what the node has just read).
 */
async function keptAdmin() {
  const headers = await t.authAs(demo.admin);
  await statementsOf('/api/auth/user', headers);
  await t.heard();
  await statementsOf('/api/auth/user', headers);
  return headers;
}

describe('the mixed load, statement by statement', () => {
  test("a caller's principal is one statement, then kept by the node", async () => {
    const headers = await keptAdmin();
    sharedCacheOf(t.db).invalidate('principals');
    const first = await statementsOf('/api/auth/user', headers);
    expect(first.sent.map((text) => /from sessions s/.test(text))).toEqual([true]);
    expect((await statementsOf('/api/auth/user', headers)).sent).toEqual([]);
  });

  test('each of the nine calls is one statement of data once its principal is kept', async () => {
    const headers = await keptAdmin();
    const { rows } = await t.db.$client.query<{ customer_id: number; product_id: number }>(
      `select p.customer_id, p.id as product_id from products p
        where exists (select 1 from customer_genotypes g where g.customer_id = p.customer_id)
        order by p.id limit 1`,
    );
    const logged = rows[0]!;
    const calls = {
      // The principal is its data.
      'auth/user': ['/api/auth/user', 0, 0],
      customers: ['/api/admin/customers?page=1&pageSize=25&sort=-dateRegistration', 1, 0],
      'customers search': ['/api/admin/customers?page=1&pageSize=25&search=nov', 1, 0],
      'pending samples': ['/api/admin/samples?page=1&pageSize=25&list=pending', 1, 0],
      reports: ['/api/admin/products?page=1&pageSize=25&section=results', 1, 1],
      templates: ['/api/admin/templates?page=1&pageSize=25&sort=phenotype', 1, 0],
      'customer detail': [`/api/admin/customers/customer?CustomerId=${logged.customer_id}`, 1, 1],
      genotypes: [`/api/admin/results/getcustomerresult?CustomerId=${logged.customer_id}`, 1, 1],
      report: [`/api/admin/products/getproduct?ProductId=${logged.product_id}`, 1, 1],
    } as const;
    const seen: Record<string, { request: number; accessLog: number }> = {};
    const expected: Record<string, { request: number; accessLog: number }> = {};
    for (const [name, [url, statementsForRequest, accessLog]] of Object.entries(calls)) {
      const { request, accessLog: inserts } = await statementsOf(url, headers);
      seen[name] = { request, accessLog: inserts };
      expected[name] = { request: statementsForRequest, accessLog };
    }
    expect(seen).toEqual(expected);
  });

  test('a full page carries its total: the count runs inside the page query', async () => {
    const headers = await keptAdmin();
    const customers = await t.db.$client.query<{ n: number }>(
      'select count(*)::int as n from customers where erased_at is null',
    );
    const total = customers.rows[0]!.n;
    const pageSize = 5;
    expect(total).toBeGreaterThan(pageSize);
    const url = `/api/admin/customers?page=1&pageSize=${pageSize}&sort=-dateRegistration`;
    const { request } = await statementsOf(url, headers);
    expect(request).toBe(1);
    const page = await t.app.inject({ method: 'GET', url, headers });
    expect(page.json()).toMatchObject({ total, totalExact: true, pageSize });
    // The last page is not full: its total needs no count; one past the end counts on its own.
    const last = Math.ceil(total / pageSize);
    const lastPage = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers?page=${last}&pageSize=${pageSize}&sort=-dateRegistration`,
      headers,
    });
    expect(lastPage.json()).toMatchObject({ total, totalExact: true });
    const beyond = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers?page=${last + 1}&pageSize=${pageSize}&sort=-dateRegistration`,
      headers,
    });
    expect(beyond.json()).toMatchObject({ items: [], total, totalExact: true });
  });
});
