import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import { transaction } from './client.js';
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
