import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import { alphabetical, cappedCount, pageCount } from './listing.js';
import { customers } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await t.db.execute(sql`
    insert into customers (name, surname, email, registration_source)
    select 'Počítaný', 'Zákazník' || i, 'pocitany' || i || '@example.cz', 3 from generate_series(1, 12) i`);
});
afterAll(async () => {
  await t.close();
});

const matching = (pattern: string) =>
  t.db.select({ one: sql`1` }).from(customers).where(like(customers.email, pattern));

describe('cappedCount', () => {
  it('counts exactly up to the cap', async () => {
    expect(await cappedCount(t.db, matching('pocitany%'), { limit: 12 })).toEqual({ total: 12, exact: true });
    expect(await cappedCount(t.db, matching('pocitany1%'), { limit: 5 })).toEqual({ total: 4, exact: true });
    expect(await cappedCount(t.db, matching('nikdo%'), { limit: 5 })).toEqual({ total: 0, exact: true });
  });

  it('past the cap gives the planner estimate, never less than the cap + 1', async () => {
    const count = await cappedCount(t.db, matching('pocitany%'), { limit: 5 });
    expect(count.exact).toBe(false);
    expect(count.total).toBeGreaterThanOrEqual(6);
  });

  it('takes a subset past the cap as enough, and counts the whole when the subset is under it', async () => {
    const all = matching('pocitany%');
    const bySubset = await cappedCount(t.db, all, { limit: 3, subset: matching('pocitany1%') });
    expect(bySubset.exact).toBe(false);
    expect(bySubset.total).toBeGreaterThanOrEqual(4);
    const small = await cappedCount(t.db, all, { limit: 12, subset: matching('pocitany1%') });
    expect(small).toEqual({ total: 12, exact: true });
  });
});

describe('pageCount', () => {
  it('takes a page that is not full (or an empty first page) as the total, and counts a full page or one past the end', async () => {
    // The query is not run for a part-full page: its rows tell the total.
    expect(await pageCount(t.db, { offset: 20, pageSize: 10, rows: 3 }, matching('nikdo%'))).toEqual({
      total: 23,
      exact: true,
    });
    expect(await pageCount(t.db, { offset: 0, pageSize: 12, rows: 12 }, matching('pocitany%'))).toEqual({
      total: 12,
      exact: true,
    });
    // An empty first page is a total of 0: the count is not run (it would find 12 here).
    expect(await pageCount(t.db, { offset: 0, pageSize: 10, rows: 0 }, matching('pocitany%'))).toEqual({
      total: 0,
      exact: true,
    });
    expect(await pageCount(t.db, { offset: 100, pageSize: 10, rows: 0 }, matching('pocitany%'))).toEqual({
      total: 12,
      exact: true,
    });
    const capped = await pageCount(t.db, { offset: 0, pageSize: 5, rows: 5 }, matching('pocitany%'), {
      limit: 5,
    });
    expect(capped.exact).toBe(false);
  });
});

describe('alphabetical', () => {
  const sorted = async (language: 'cs' | 'en') => {
    const words = sql`(values ('Hair'), ('cholesterol'), ('Čaj'), ('Cukr'), ('Zinek')) as w(word)`;
    const rows = await t.db.execute<{ word: string }>(
      sql`select word from ${words} order by ${alphabetical(sql.raw('word'), language)}`,
    );
    return rows.rows.map((row) => row.word);
  };

  it('orders Czech words with Ch after H and Č after C, and English ones with ch among the c', async () => {
    expect(await sorted('cs')).toEqual(['Cukr', 'Čaj', 'Hair', 'cholesterol', 'Zinek']);
    expect(await sorted('en')).toEqual(['Čaj', 'cholesterol', 'Cukr', 'Hair', 'Zinek']);
  });
});
