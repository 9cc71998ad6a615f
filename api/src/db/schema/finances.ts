import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/** A product a customer buys; the price in integer haléře. */
export const productTypes = pgTable(
  'product_types',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('CZK'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_types_name_lower_key').on(sql`lower(${t.name})`),
    index('product_types_price_idx').on(t.price),
    check('product_types_price_positive', sql`${t.price} > 0`),
    check('product_types_currency', sql`${t.currency} = 'CZK'`),
  ],
);

/** Order numbers: numeric, the variable symbol of a bank transfer (at most 10 digits). */
export const orderNumberSequence = pgSequence('order_number_seq', {
  startWith: 2400001,
  maxValue: 9999999999,
});

/** An order of a product type by a customer; complete once paid and finalized. */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderNumber: bigint('order_number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    productTypeId: bigint('product_type_id', { mode: 'number' })
      .notNull()
      .references(() => productTypes.id),
    /** What is owed, in haléře. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('CZK'),
    complete: boolean('complete').notNull().default(false),
    /** The payment method that settled it (6 not chosen until then). */
    paidBy: smallint('paid_by').notNull().default(6),
    dateOrderPaid: timestamp('date_order_paid', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_customer_id_idx').on(t.customerId),
    index('orders_product_type_id_idx').on(t.productTypeId),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_incomplete_idx').on(t.createdAt).where(sql`not ${t.complete}`),
    check('orders_amount_not_negative', sql`${t.amount} >= 0`),
    check('orders_paid_by_range', sql`${t.paidBy} between 1 and 6`),
    check('orders_currency', sql`${t.currency} = 'CZK'`),
  ],
);

/** A payment of an order: method 1–6; card payments carry their gateway status 1–4. */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: smallint('method').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('CZK'),
    cardStatus: smallint('card_status'),
    transactionId: text('transaction_id'),
    refId: text('ref_id'),
    variableSymbol: text('variable_symbol'),
    account: text('account'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_id_idx').on(t.orderId),
    index('payments_method_idx').on(t.method, t.createdAt),
    index('payments_created_at_idx').on(t.createdAt),
    check('payments_method_range', sql`${t.method} between 1 and 6`),
    check('payments_card_status_range', sql`${t.cardStatus} is null or ${t.cardStatus} between 1 and 4`),
    check('payments_card_status_only_card', sql`${t.cardStatus} is null or ${t.method} = 1`),
    check('payments_amount_not_negative', sql`${t.amount} >= 0`),
    check('payments_currency', sql`${t.currency} = 'CZK'`),
  ],
);
