import { isUnderage } from '@genodesk/contract';
import { isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/test-app.js';
import {
  barcodes,
  customerRelationships,
  customers,
  orders,
  payments,
  productTypes,
  questionnaires,
  samples,
} from '../../db/schema/index.js';
import { prng } from '../../seed/customers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('the demo customers', () => {
  it('cover every kind: sources, ages, orders, payments, sample statuses, partners, questionnaires, barcodes', async () => {
    const all = await t.db.select().from(customers);
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((c) => c.registrationSource))).toEqual(new Set([1, 2, 3]));
    expect(all.some((c) => isUnderage(c.dateOfBirth))).toBe(true);
    expect(all.some((c) => !isUnderage(c.dateOfBirth))).toBe(true);
    expect(await t.db.select().from(productTypes)).not.toHaveLength(0);
    const statuses = await t.db.selectDistinct({ status: samples.status }).from(samples);
    expect(statuses.map((s) => s.status).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const open = await t.db.select().from(orders).where(sql`not ${orders.complete}`);
    expect(open.length).toBeGreaterThan(0);
    const methods = await t.db.selectDistinct({ method: payments.method }).from(payments);
    expect(methods.map((m) => m.method)).toEqual(expect.arrayContaining([1, 2, 3]));
    const relationships = await t.db
      .selectDistinct({ status: customerRelationships.status })
      .from(customerRelationships);
    expect(relationships.map((r) => r.status).sort()).toEqual(['ACCEPTED', 'NOT_REQUESTED', 'REQUESTED']);
    expect((await t.db.select().from(questionnaires)).length).toBeGreaterThan(50);
    expect((await t.db.select().from(barcodes).where(isNull(barcodes.assignedAt))).length).toBeGreaterThan(
      100,
    );
  });

  it('have questionnaires none of which was updated before it was filled in', async () => {
    const [row] = await t.db
      .select({
        updatedBeforeFilled: sql<number>`count(*) filter (where ${questionnaires.updatedAt} < ${questionnaires.filledAt})::int`,
      })
      .from(questionnaires);
    expect(row!.updatedBeforeFilled).toBe(0);
  });

  it('come from a seeded generator', () => {
    const a = prng(7);
    const b = prng(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
