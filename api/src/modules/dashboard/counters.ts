import {
  type Dashboard,
  type DashboardCounter,
  type DashboardCounterKey,
  dashboardCounterKeys,
  exactCountLimit,
} from '@genodesk/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Access, allows } from '../../auth/access.js';
import type { Principal } from '../../auth/principal.js';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';

/**
 * One line of the work queue: what it counts (`matches`, a `select … from … where …` with the same
 * filter as the list it links to) and who may see it (the access of that list's route).
 */
export type WorkCounter = {
  key: DashboardCounterKey;
  access: Access;
  matches: (db: Executor, config: Config) => SQLWrapper;
};

/**
 * A part of the dashboard beyond the counters (e.g. today's consultations): who may see it (the access
 * of what it shows) and what it adds to the reply.
 */
export type DashboardSection = {
  access: Access;
  load: (db: Executor, principal: Principal) => Promise<Omit<Partial<Dashboard>, 'counters'>>;
};

/** The sections the caller may see, merged into one part of the reply. */
export async function loadSections(
  db: Executor,
  principal: Principal,
  sections: readonly DashboardSection[],
): Promise<Omit<Partial<Dashboard>, 'counters'>> {
  const visible = sections.filter((section) => allows(principal, section.access));
  const parts = await Promise.all(visible.map((section) => section.load(db, principal)));
  return Object.assign({}, ...parts);
}

/**
 * The counters the caller may see, all counted in one query; each stops at `exactCountLimit`, so a
 * big backlog costs no more than a page of an index.
 */
export async function countWork(
  db: Executor,
  principal: Principal,
  counters: readonly WorkCounter[],
  config: Config,
): Promise<DashboardCounter[]> {
  const visible = counters
    .filter((counter) => allows(principal, counter.access))
    .sort((a, b) => dashboardCounterKeys.indexOf(a.key) - dashboardCounterKeys.indexOf(b.key));
  if (visible.length === 0) return [];
  const columns = sql.join(
    visible.map(
      (counter, index) =>
        sql`(select count(*) from (${counter.matches(db, config)} limit ${exactCountLimit + 1}) as counted)::int as ${sql.identifier(`c${index}`)}`,
    ),
    sql`, `,
  );
  const result = await db.execute<Record<string, number>>(sql`select ${columns}`);
  const row = result.rows[0] ?? {};
  return visible.map((counter, index) => {
    const count = Number(row[`c${index}`] ?? 0);
    return { key: counter.key, count: Math.min(count, exactCountLimit), capped: count > exactCountLimit };
  });
}
