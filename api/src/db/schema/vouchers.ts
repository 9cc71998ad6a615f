import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders, productTypes } from './finances.js';
import { users } from './users.js';

/**
 * A voucher: kind 1 money (its `amount` in haléře off an order at each use) or 2 product (pays an
 * order of its product type in full); type 1 standard or 2 gift (only a gift keeps for/from whom).
 * Valid to the end of `validTo` in Europe/Prague. `redeemed` is kept: no use remains.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: smallint('kind').notNull(),
    code: text('code').notNull(),
    amount: integer('amount'),
    currency: text('currency').notNull().default('CZK'),
    productTypeId: bigint('product_type_id', { mode: 'number' }).references(() => productTypes.id),
    voucherType: smallint('voucher_type').notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    forWho: text('for_who'),
    fromWho: text('from_who'),
    maxUsageCount: integer('max_usage_count').notNull(),
    remainingUsageCount: integer('remaining_usage_count').notNull(),
    redeemed: boolean('redeemed').notNull().default(false),
    /** Code, for whom and from whom, folded (`search_fold`), for the list's search through a trigram index. */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        sql`search_fold(code || ' ' || coalesce(for_who, '') || ' ' || coalesce(from_who, ''))`,
      ),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_lower_key').on(sql`lower(${t.code})`),
    // Sorts read `column asc nulls first, id` (db/listing.ts) forwards and backwards: one index each.
    index('vouchers_created_sort_idx').on(sql`${t.createdAt} nulls first`, t.id),
    index('vouchers_code_sort_idx').on(sql`lower(${t.code}) nulls first`, t.id),
    index('vouchers_valid_to_sort_idx').on(sql`${t.validTo} nulls first`, t.id),
    index('vouchers_amount_sort_idx').on(sql`${t.amount} nulls first`, t.id),
    index('vouchers_remaining_sort_idx').on(sql`${t.remainingUsageCount} nulls first`, t.id),
    index('vouchers_kind_created_sort_idx').on(t.kind, sql`${t.createdAt} nulls first`, t.id),
    index('vouchers_product_type_id_idx').on(t.productTypeId),
    index('vouchers_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    check('vouchers_kind_range', sql`${t.kind} in (1, 2)`),
    check('vouchers_type_range', sql`${t.voucherType} in (1, 2)`),
    check(
      'vouchers_kind_fields',
      sql`(${t.kind} = 1 and ${t.amount} is not null and ${t.productTypeId} is null) or (${t.kind} = 2 and ${t.amount} is null and ${t.productTypeId} is not null)`,
    ),
    check('vouchers_amount_not_negative', sql`${t.amount} is null or ${t.amount} >= 0`),
    check(
      'vouchers_gift_only_names',
      sql`${t.voucherType} = 2 or (${t.forWho} is null and ${t.fromWho} is null)`,
    ),
    check('vouchers_max_usage_positive', sql`${t.maxUsageCount} >= 1`),
    check(
      'vouchers_remaining_usage_range',
      sql`${t.remainingUsageCount} >= 0 and ${t.remainingUsageCount} <= ${t.maxUsageCount}`,
    ),
    check('vouchers_redeemed', sql`${t.redeemed} = (${t.remainingUsageCount} = 0)`),
    check('vouchers_currency', sql`${t.currency} = 'CZK'`),
  ],
);

/** A voucher used on an order, with what it took off in haléře (a product voucher: what it paid). */
export const orderVouchers = pgTable(
  'order_vouchers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    voucherId: bigint('voucher_id', { mode: 'number' })
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    appliedBy: bigint('applied_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_vouchers_order_voucher_key').on(t.orderId, t.voucherId),
    index('order_vouchers_voucher_idx').on(t.voucherId, t.appliedAt),
    check('order_vouchers_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);
