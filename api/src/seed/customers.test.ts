import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import { questionnaires } from '../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('the customers demo', () => {
  it('has questionnaires, none of them updated before it was filled in', async () => {
    const [row] = await t.db
      .select({
        all: sql<number>`count(*)::int`,
        updatedBeforeFilled: sql<number>`count(*) filter (where ${questionnaires.updatedAt} < ${questionnaires.filledAt})::int`,
      })
      .from(questionnaires);
    expect(row!.all).toBeGreaterThan(0);
    expect(row!.updatedBeforeFilled).toBe(0);
  });
});
