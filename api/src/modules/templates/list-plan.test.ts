import { templateListQuerySchema } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import { listTemplates } from './templates.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

it('keeps one plan for a list page: its bounds are literals, and a select without parameters is prepared too', async () => {
  await transaction(t.db, async (tx) => {
    const query = templateListQuerySchema.parse({ page: '1', pageSize: '25', sort: 'phenotype' });
    // With `limit $1 offset $2` PostgreSQL planned this page anew on every call (a custom plan each time).
    for (let call = 0; call < 8; call++)
      expect((await listTemplates(tx, query, 'cs')).items.length).toBeGreaterThan(0);
    const plans = await tx.execute<{ statement: string; generic_plans: number; custom_plans: number }>(
      sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement like 'select "templates"."id"%' and statement like '% limit 25 offset 0'`,
    );
    expect(plans.rows).toHaveLength(1);
    expect(plans.rows[0]!.generic_plans).toBeGreaterThanOrEqual(3);
    expect(plans.rows[0]!.custom_plans).toBeLessThanOrEqual(5);
    expect(plans.rows[0]!.statement).not.toContain('$1');

    // Several queries in one text cannot be prepared: they still run, unnamed.
    const several = await tx.$client.query('select 1 as one; select 2 as two');
    expect(Array.isArray(several)).toBe(true);
  });
});
