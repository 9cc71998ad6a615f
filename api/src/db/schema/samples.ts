import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { orders } from './finances.js';
import { users } from './users.js';

/** Barcode numbers: codes are 'GD' and the number in 8 digits (GD00012345). */
export const barcodeNumberSequence = pgSequence('barcode_number_seq', {
  startWith: 10001,
  maxValue: 99999999,
});

/** A batch of barcodes generated (and printed as labels) together. */
export const barcodeBatches = pgTable(
  'barcode_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('barcode_batches_created_at_idx').on(t.createdAt)],
);

/**
 * A kit barcode. Free until `assignedAt` is set (a kit is sent with it); it never returns to the pool,
 * even when its sample is deleted with its customer.
 */
export const barcodes = pgTable(
  'barcodes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => barcodeBatches.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('barcodes_code_key').on(t.code),
    index('barcodes_batch_id_idx').on(t.batchId, t.id),
    index('barcodes_free_idx').on(t.id).where(sql`${t.assignedAt} is null`),
    index('barcodes_assigned_at_idx').on(t.assignedAt),
    index('barcodes_created_at_idx').on(t.createdAt),
    // The samples list searches barcodes by any fragment.
    index('barcodes_code_trgm_idx').using('gin', sql`lower(${t.code}) gin_trgm_ops`),
    check('barcodes_code_format', sql`${t.code} ~ '^GD[0-9]{8}$'`),
  ],
);

/** A customer's DNA sample, status 1–11 (SPEC §4). */
export const samples = pgTable(
  'samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
    status: smallint('status').notNull(),
    barcodeId: bigint('barcode_id', { mode: 'number' }).references(() => barcodes.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: bigint('sent_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: bigint('received_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    analysisStartedAt: timestamp('analysis_started_at', { withTimezone: true }),
    /** What was taken (`SampleType`): printed on the report (ISO 15189 §7.4.1.6). */
    sampleType: text('sample_type').notNull().default('buccalSwab'),
    /** When the sample was taken (at the centre, or as the customer states for a kit); printed on the report. */
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('samples_barcode_key').on(t.barcodeId),
    uniqueIndex('samples_order_key').on(t.orderId),
    index('samples_customer_id_idx').on(t.customerId),
    // The list's default order (`-updatedAt`, then id; db/listing.ts) walks these backwards.
    index('samples_status_idx').on(t.status, sql`${t.updatedAt} nulls first`, t.id),
    index('samples_updated_at_idx').on(sql`${t.updatedAt} nulls first`, t.id),
    index('samples_received_at_idx').on(t.receivedAt),
    index('samples_created_at_idx').on(t.createdAt),
    check('samples_status_range', sql`${t.status} between 1 and 11`),
    check('samples_sample_type', sql`${t.sampleType} in ('buccalSwab', 'saliva', 'blood', 'dna')`),
  ],
);
