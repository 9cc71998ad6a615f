import { Permissions } from '@genodesk/contract';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import { getCustomer, listCustomers } from './customers.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

/** How many query texts Drizzle writes while `work` runs. */
async function textsWritten(work: () => Promise<unknown>) {
  const original = PgDialect.prototype.sqlToQuery;
  let written = 0;
  PgDialect.prototype.sqlToQuery = function (...args: Parameters<typeof original>) {
    written += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    PgDialect.prototype.sqlToQuery = original;
  }
  return written;
}

/** A reader of the detail's orders. */
const reader = { permissions: new Set([Permissions.OrdersView]) };

const search = (term: string) => ({ page: 1, pageSize: 25, search: term, sort: 'surname' }) as const;

it('builds a list query once per shape and runs it with each call’s values', async () => {
  const [jana, petr] = await t.db
    .insert(customers)
    .values([
      { name: 'Jana', surname: 'Předpřipravená', email: 'jana.built@example.cz', registrationSource: 1 },
      { name: 'Petr', surname: 'Jednouskládaný', email: 'petr.built@example.cz', registrationSource: 2 },
    ])
    .returning({ id: customers.id });
  expect(
    await textsWritten(async () => {
      expect((await listCustomers(t.db, search('předpřipravená'))).items.map((c) => c.id)).toEqual([
        jana!.id,
      ]);
    }),
  ).toBe(1);
  // The same shape, other values: nothing written again, and the answer is the new values'.
  expect(
    await textsWritten(async () => {
      expect((await listCustomers(t.db, search('jednouskládaný'))).items.map((c) => c.id)).toEqual([
        petr!.id,
      ]);
      expect((await listCustomers(t.db, search('nikdo-takový'))).items).toEqual([]);
      expect((await getCustomer(t.db, jana!.id, reader)).email).toBe('jana.built@example.cz');
      expect((await getCustomer(t.db, petr!.id, reader)).email).toBe('petr.built@example.cz');
    }),
  ).toBe(1);
  // Another shape (a registration source chosen) is a query of its own.
  expect(
    (await listCustomers(t.db, { ...search('built@example.cz'), registrationSource: 2 })).items.map(
      (c) => c.id,
    ),
  ).toEqual([petr!.id]);
});

it('runs what it built for a transaction inside that transaction', async () => {
  await expect(
    transaction(t.db, async (tx) => {
      const [uncommitted] = await tx
        .insert(customers)
        .values({ name: 'Vít', surname: 'Netrvalý', email: 'vit.built@example.cz', registrationSource: 1 })
        .returning({ id: customers.id });
      expect((await listCustomers(tx, search('netrvalý'))).items.map((c) => c.id)).toEqual([uncommitted!.id]);
      expect((await getCustomer(tx, uncommitted!.id, reader)).surname).toBe('Netrvalý');
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect((await listCustomers(t.db, search('netrvalý'))).items).toEqual([]);
});
