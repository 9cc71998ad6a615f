import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Who changed which field of what, when, from what to what. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedBy: bigint('changed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.changedAt)],
);

/**
 * Who read a customer's genetic or health data (issue 24; GDPR Art. 5(2), 32): every read of genotypes,
 * a report or a part of it, a report PDF, a questionnaire, the customer detail, and every export (with
 * the customers it held). Append-only: a trigger refuses UPDATE and TRUNCATE, and DELETE except the
 * retention purge of rows past their period (migration 0028). No foreign keys — a cascade would update
 * or delete rows, and the record must outlive the user and the customer's erasure; it holds only ids.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    userId: bigint('user_id', { mode: 'number' }),
    /** `AccessKind`: customer, genotypes, report, reportCategory, reportPdf, questionnaire, export. */
    kind: text('kind').notNull(),
    /** What was read: the report's, category's, document's or questionnaire's id. */
    entityId: bigint('entity_id', { mode: 'number' }),
    /** The customers whose data it was: one for a read, every row's for an export. */
    customerIds: bigint('customer_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** An export's rows and filter (never personal values). */
    rows: integer('rows'),
    detail: text('detail'),
    address: text('address'),
    /**
     * The screen the read was for (the web's route name) and that screen's opening (a UUIDv7 the web
     * makes per navigation): the reads of one opening write one row per customer (issue 36).
     */
    screen: text('screen'),
    screenView: uuid('screen_view'),
  },
  (t) => [
    index('access_log_occurred_at_idx').on(t.occurredAt, t.id),
    index('access_log_user_idx').on(t.userId, t.occurredAt, t.id),
    index('access_log_kind_idx').on(t.kind, t.occurredAt, t.id),
    index('access_log_customer_ids_idx').using('gin', t.customerIds),
    uniqueIndex('access_log_screen_view_idx')
      .on(t.screenView, t.userId, t.customerIds)
      .where(sql`${t.screenView} is not null`),
  ],
);
