import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import { createDatabase, inRequestScope, transaction } from './client.js';
import { customers } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

it('prepares a parameterised statement once per connection and reuses it; a long in-list runs unnamed', async () => {
  await transaction(t.db, async (tx) => {
    const prepared = async () =>
      (
        await tx.execute<{ statement: string; generic_plans: number; custom_plans: number }>(
          sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`,
        )
      ).rows;
    const byEmail = (email: string) =>
      tx.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
    for (const email of ['a@example.cz', 'b@example.cz', 'c@example.cz']) await byEmail(email);
    const ours = (await prepared()).filter((row) => row.statement.includes('"customers"."email" = $1'));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.generic_plans + ours[0]!.custom_plans).toBe(3);

    const ids = Array.from({ length: 150 }, (_, i) => i + 1);
    expect(
      await tx.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids)),
    ).toBeDefined();
    expect((await prepared()).some((row) => row.statement.includes('$150'))).toBe(false);
  });
});

it('gives a free connection to a request under way before requests not yet begun, each kind in turn', async () => {
  const pool = createDatabase(t.url, 1).$client;
  try {
    const order: string[] = [];
    /** A request that queues a statement when let go; `begun`: it had one answered before. */
    const request = (name: string, begun: boolean | 'outside any request') => {
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      let ready!: () => void;
      const isReady = new Promise<void>((resolve) => {
        ready = resolve;
      });
      const steps = async () => {
        if (begun === true) await pool.query('select 0');
        ready();
        await gate;
        await pool.query('select 1');
        order.push(name);
      };
      const finished = new Promise<void>((done, fail) => {
        if (begun === 'outside any request') steps().then(done, fail);
        else inRequestScope(() => void steps().then(done, fail));
      });
      return { isReady, letGo, finished };
    };
    const requests = [
      request('new 1', false),
      request('under way 1', true),
      request('new 2', false),
      request('under way 2', true),
      request('outside any request', 'outside any request'),
    ];
    await Promise.all(requests.map((r) => r.isReady));
    const held = await pool.connect();
    // Queued while the only connection is taken, in this order.
    for (const r of requests) r.letGo();
    await new Promise((resolve) => setImmediate(resolve));
    held.release();
    await Promise.all(requests.map((r) => r.finished));
    expect(order).toEqual(['under way 1', 'under way 2', 'new 1', 'new 2', 'outside any request']);
  } finally {
    await pool.end();
  }
});
