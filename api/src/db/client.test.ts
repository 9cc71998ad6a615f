import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import { createDatabase, inRequestScope, markRequestUnderWay, transaction } from './client.js';
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
    const held = await pool.connect();
    const order: string[] = [];
    const statement = (name: string, underWay: boolean) =>
      new Promise<void>((done, fail) =>
        inRequestScope(() => {
          if (underWay) markRequestUnderWay();
          pool.query('select 1').then(() => {
            order.push(name);
            done();
          }, fail);
        }),
      );
    // Queued while the only connection is taken, in this order.
    const all = Promise.all([
      statement('new 1', false),
      statement('under way 1', true),
      statement('new 2', false),
      statement('under way 2', true),
      statement('outside any request', false),
    ]);
    held.release();
    await all;
    expect(order).toEqual(['under way 1', 'under way 2', 'new 1', 'new 2', 'outside any request']);
  } finally {
    await pool.end();
  }
});
