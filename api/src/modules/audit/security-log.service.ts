import {
  type Locale,
  type Page,
  type SecurityEvent,
  type SecurityEventType,
  type SecurityLogQuery,
  securityEventLabels,
  securityEventTypes,
} from '@genodesk/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  alphabetical,
  likePattern,
  listPage,
  orderBy,
  pageLimit,
  pageStart,
  withinPragueDays,
} from '../../db/listing.js';
import { securityEvents, users } from '../../db/schema/index.js';

const actors = alias(users, 'actors');

/** The WHERE of the security log: only `security_events` columns, so the count needs no join. */
function securityLogFilter(query: Partial<SecurityLogQuery>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.event) conditions.push(eq(securityEvents.event, query.event));
  if (query.userId) conditions.push(eq(securityEvents.userId, query.userId));
  conditions.push(...withinPragueDays(securityEvents.occurredAt, query.from, query.to));
  const term = query.search?.trim();
  if (term) {
    const pattern = likePattern(term);
    // Staff are few: their ids matching the term, then the events through the user index.
    conditions.push(
      sql`(${securityEvents.userId} in (select ${users.id} from ${users} where lower(${users.email} || ' ' || ${users.userName}) like ${pattern}) or lower(${securityEvents.address}) like ${pattern})`,
    );
  }
  return and(...conditions);
}

/** An event's label in the reader's language, so sorting by event follows what the column shows. */
function eventLabel(locale: Locale): SQL {
  const cases = securityEventTypes.map((type) => sql`when ${type} then ${securityEventLabels[type][locale]}`);
  return sql`lower(case ${securityEvents.event} ${sql.join(cases, sql` `)} else ${securityEvents.event} end)`;
}

/**
 * `GET admin/securitylog`: sign-ins and changes to how staff sign in, newest first; filtered by event,
 * user and Prague days, searched by the user's name or e-mail or the address; paged in SQL.
 */
export async function listSecurityEvents(
  db: Executor,
  query: SecurityLogQuery,
  locale: Locale,
): Promise<Page<SecurityEvent>> {
  const where = securityLogFilter(query);
  const order = orderBy(
    query.sort,
    {
      occurredAt: sql`${securityEvents.occurredAt}`,
      event: eventLabel(locale),
      user: alphabetical(users.userName),
    },
    '-occurredAt',
    sql`${securityEvents.id}`,
  );
  const rows = await db
    .select({
      id: securityEvents.id,
      event: securityEvents.event,
      occurredAt: securityEvents.occurredAt,
      userId: users.id,
      userName: users.userName,
      email: users.email,
      actorId: actors.id,
      actorName: actors.userName,
      address: securityEvents.address,
      userAgent: securityEvents.userAgent,
      detail: securityEvents.detail,
    })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .leftJoin(actors, eq(actors.id, securityEvents.actorId))
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  const items = rows.map(
    (row): SecurityEvent => ({
      id: row.id,
      event: row.event as SecurityEventType,
      occurredAt: row.occurredAt.toISOString(),
      user:
        row.userId !== null ? { id: row.userId, userName: row.userName ?? '', email: row.email ?? '' } : null,
      actor: row.actorId !== null ? { id: row.actorId, userName: row.actorName ?? '' } : null,
      address: row.address,
      userAgent: row.userAgent,
      detail: row.detail,
    }),
  );
  return listPage(db, query, items, db.select({ one: sql`1` }).from(securityEvents).where(where));
}
