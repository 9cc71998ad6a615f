import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { users } from './users.js';

/** A product a customer buys; the price in integer haléře. */
export const productTypes = pgTable(
  'product_types',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The English name; the Czech one stands in while there is none. */
    nameEn: text('name_en'),
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
    /** The sample is taken at the centre without consultation: finalizing creates it in [10]. */
    samplingAtCentre: boolean('sampling_at_centre').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    // Sorts read `column asc nulls first, id` (db/listing.ts) forwards and backwards: one index each.
    // The unprocessed orders and the common filters walk their own.
    index('orders_created_sort_idx').on(sql`${t.createdAt} nulls first`, t.id),
    index('orders_incomplete_sort_idx')
      .on(sql`${t.createdAt} nulls first`, t.id)
      .where(sql`not ${t.complete}`),
    index('orders_paid_by_sort_idx').on(t.paidBy, sql`${t.createdAt} nulls first`, t.id),
    index('orders_order_number_sort_idx').on(sql`${t.orderNumber} nulls first`, t.id),
    index('orders_amount_sort_idx').on(sql`${t.amount} nulls first`, t.id),
    index('orders_date_order_paid_sort_idx').on(sql`${t.dateOrderPaid} nulls first`, t.id),
    index('orders_customer_id_idx').on(t.customerId),
    index('orders_product_type_id_idx').on(t.productTypeId),
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
    completedBy: bigint('completed_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * An overpayment to refund: the gateway charged the card while the order was already paid another
     * way (cash at the desk, a transfer, vouchers). Received (`completed_at` set) but not the order's
     * payment; staff refund it and record that (`refunded_at`, `refunded_by`).
     */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: bigint('refunded_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** How staff refunded it, in their words (a transfer's reference, the gateway's refund id, cash at the desk). */
    refundNote: text('refund_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_id_idx').on(t.orderId),
    index('payments_created_sort_idx').on(sql`${t.createdAt} nulls first`, t.id),
    index('payments_open_sort_idx')
      .on(sql`${t.createdAt} nulls first`, t.id)
      .where(sql`${t.completedAt} is null`),
    index('payments_completed_sort_idx').on(sql`${t.completedAt} nulls first`, t.id),
    index('payments_amount_sort_idx').on(sql`${t.amount} nulls first`, t.id),
    // An order is paid once: two completions racing each other cannot both commit. A card charge that
    // came after the order was paid (an overpayment to refund) is received but does not pay the order.
    uniqueIndex('payments_one_completed_per_order')
      .on(t.orderId)
      .where(sql`${t.completedAt} is not null and ${t.refundDueAt} is null`),
    // The refunds staff still owe (the dashboard's counter, the payments list's filter).
    index('payments_refund_due_idx')
      .on(sql`${t.createdAt} nulls first`, t.id)
      .where(sql`${t.refundDueAt} is not null and ${t.refundedAt} is null`),
    // The gateway's notifications find their payment by transaction id, once.
    uniqueIndex('payments_transaction_id_key').on(t.transactionId).where(sql`${t.transactionId} is not null`),
    index('payments_ref_id_idx').on(t.refId),
    index('payments_variable_symbol_idx').on(t.variableSymbol),
    index('payments_method_idx').on(t.method, sql`${t.createdAt} nulls first`, t.id),
    index('payments_card_status_sort_idx')
      .on(t.cardStatus, sql`${t.createdAt} nulls first`, t.id)
      .where(sql`${t.cardStatus} is not null`),
    check('payments_method_range', sql`${t.method} between 1 and 6`),
    check('payments_card_status_range', sql`${t.cardStatus} is null or ${t.cardStatus} between 1 and 4`),
    check('payments_card_status_only_card', sql`${t.cardStatus} is null or ${t.method} = 1`),
    check('payments_amount_not_negative', sql`${t.amount} >= 0`),
    check('payments_currency', sql`${t.currency} = 'CZK'`),
    // Only a received card charge is refunded, and only one that was due.
    check(
      'payments_refund_due_received_card',
      sql`${t.refundDueAt} is null or (${t.completedAt} is not null and ${t.method} = 1)`,
    ),
    check('payments_refunded_was_due', sql`${t.refundedAt} is null or ${t.refundDueAt} is not null`),
    check('payments_refund_note_refunded', sql`${t.refundNote} is null or ${t.refundedAt} is not null`),
  ],
);

/** A bank statement (GPC/ABO) imported to pay waiting bank transfers; the same file is imported once. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    account: text('account').notNull(),
    statementDate: date('statement_date', { mode: 'string' }),
    lines: integer('lines').notNull(),
    matched: integer('matched').notNull(),
    unmatched: integer('unmatched').notNull(),
    importedBy: bigint('imported_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statements_file_hash_key').on(t.fileHash),
    index('bank_statements_imported_at_idx').on(t.importedAt, t.id),
  ],
);

/** A transaction line of an imported statement and what it did (`StatementLineOutcome`). */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    counterAccount: text('counter_account').notNull(),
    counterName: text('counter_name').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    credit: boolean('credit').notNull(),
    variableSymbol: text('variable_symbol').notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    outcome: text('outcome').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('bank_statement_lines_statement_idx').on(t.statementId, t.line),
    check(
      'bank_statement_lines_outcome',
      sql`${t.outcome} in ('matched', 'unknownVariableSymbol', 'amountDiffers', 'alreadyPaid', 'notCredit')`,
    ),
  ],
);
