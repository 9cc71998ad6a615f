import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A state-changing request sent with an `Idempotency-Key`: its answer, kept a day, so the same key
 * again (a double click, a retry after a lost answer) gets that answer instead of doing the work twice.
 * `status` is null while the first request runs.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and a hash of the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotent_requests_created_at').on(t.createdAt),
  ],
);
