import {
  type CardPaymentStatus,
  cardPaymentStatusLabels,
  type Locale,
  type OrderExportQuery,
  type PaymentExportQuery,
  type PaymentMethod,
  paymentMethodLabels,
} from '@genodesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customers, orders, payments, productTypes } from '../../db/schema/index.js';
import {
  type ExportColumn,
  type ExportTally,
  exportTable,
  moneyCell,
  pragueMomentCell,
} from '../../db/table-export.js';
import { customerEmail, customerFullName } from '../customers/full-name.js';
import { orderFilter, orderOrder } from './orders.service.js';
import { paymentFilter, paymentOrder } from './payments.service.js';
import { productTypeNameIn } from './product-types.service.js';

const yesNo = (value: unknown, locale: Locale) =>
  value ? (locale === 'cs' ? 'Ano' : 'Yes') : locale === 'cs' ? 'Ne' : 'No';
const method = (value: unknown, locale: Locale) =>
  paymentMethodLabels[Number(value) as PaymentMethod]?.[locale] ?? String(value);

type Raw = Record<string, unknown>;

const orderColumns: ExportColumn<Raw>[] = [
  { header: { cs: 'Číslo objednávky', en: 'Order number' }, cell: (r) => Number(r.order_number) },
  { header: { cs: 'Zákazník', en: 'Customer' }, cell: (r) => String(r.customer_name) },
  { header: { cs: 'E-mail', en: 'E-mail' }, cell: (r) => String(r.customer_email) },
  { header: { cs: 'Produkt', en: 'Product' }, cell: (r) => String(r.product_type) },
  { header: { cs: 'Částka (Kč)', en: 'Amount (CZK)' }, cell: (r) => moneyCell(r.amount) },
  {
    header: { cs: 'Zaplaceno', en: 'Paid by' },
    cell: (r, locale) => (r.date_order_paid ? method(r.paid_by, locale) : ''),
  },
  { header: { cs: 'Datum zaplacení', en: 'Paid at' }, cell: (r) => pragueMomentCell(r.date_order_paid) },
  { header: { cs: 'Dokončeno', en: 'Complete' }, cell: (r, locale) => yesNo(r.complete, locale) },
  { header: { cs: 'Vytvořeno', en: 'Created' }, cell: (r) => pragueMomentCell(r.created_at) },
];

/** What an export read, for the access log: its rows and their customers. */
type Recorded = ExportTally<Raw>['done'];
const tallyOf = (recorded: Recorded | undefined) =>
  recorded && { customerIdsOf: (row: Raw) => Number(row.customer_id), done: recorded };

/** The orders list's filters and sort, every row, as CSV or XLSX; `recorded` is told what it read. */
export function exportOrders(db: Database, query: OrderExportQuery, locale: Locale, recorded?: Recorded) {
  return exportTable(db, {
    query: db
      .select({
        orderNumber: orders.orderNumber,
        customerId: sql<number>`${orders.customerId}`.as('customer_id'),
        customerName: customerFullName(locale).as('customer_name'),
        customerEmail: customerEmail.as('customer_email'),
        productType: productTypeNameIn(locale).as('product_type'),
        amount: orders.amount,
        paidBy: orders.paidBy,
        dateOrderPaid: orders.dateOrderPaid,
        complete: orders.complete,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(productTypes, eq(productTypes.id, orders.productTypeId))
      .where(orderFilter(query))
      .orderBy(orderOrder(query.sort)),
    toRow: (raw) => raw,
    columns: orderColumns,
    sheet: { cs: 'Objednávky', en: 'Orders' },
    fileStem: 'orders',
    format: query.format,
    locale,
    tally: tallyOf(recorded),
  });
}

const paymentColumns: ExportColumn<Raw>[] = [
  { header: { cs: 'Objednávka', en: 'Order' }, cell: (r) => Number(r.order_number) },
  { header: { cs: 'Zákazník', en: 'Customer' }, cell: (r) => String(r.customer_name) },
  { header: { cs: 'Způsob platby', en: 'Method' }, cell: (r, locale) => method(r.method, locale) },
  { header: { cs: 'Částka (Kč)', en: 'Amount (CZK)' }, cell: (r) => moneyCell(r.amount) },
  {
    header: { cs: 'Stav platby kartou', en: 'Card status' },
    cell: (r, locale) =>
      r.card_status
        ? (cardPaymentStatusLabels[Number(r.card_status) as CardPaymentStatus]?.[locale] ?? '')
        : '',
  },
  { header: { cs: 'ID transakce', en: 'Transaction ID' }, cell: (r) => String(r.transaction_id ?? '') },
  { header: { cs: 'Ref. ID', en: 'Ref ID' }, cell: (r) => String(r.ref_id ?? '') },
  {
    header: { cs: 'Variabilní symbol', en: 'Variable symbol' },
    cell: (r) => String(r.variable_symbol ?? ''),
  },
  { header: { cs: 'Dokončeno', en: 'Completed' }, cell: (r) => pragueMomentCell(r.completed_at) },
  { header: { cs: 'Vytvořeno', en: 'Created' }, cell: (r) => pragueMomentCell(r.created_at) },
  // A card charged after its order was paid another way: received, owed back to the customer.
  {
    header: { cs: 'Přeplatek k vrácení od', en: 'Overpayment to refund since' },
    cell: (r) => pragueMomentCell(r.refund_due_at),
  },
  { header: { cs: 'Vráceno', en: 'Refunded' }, cell: (r) => pragueMomentCell(r.refunded_at) },
  { header: { cs: 'Jak vráceno', en: 'How refunded' }, cell: (r) => String(r.refund_note ?? '') },
];

/** The payments list's filters and sort, every row, as CSV or XLSX; `recorded` is told what it read. */
export function exportPayments(db: Database, query: PaymentExportQuery, locale: Locale, recorded?: Recorded) {
  return exportTable(db, {
    query: db
      .select({
        orderNumber: orders.orderNumber,
        customerId: sql<number>`${orders.customerId}`.as('customer_id'),
        customerName: customerFullName(locale).as('customer_name'),
        method: payments.method,
        amount: payments.amount,
        cardStatus: payments.cardStatus,
        transactionId: payments.transactionId,
        refId: payments.refId,
        variableSymbol: payments.variableSymbol,
        completedAt: payments.completedAt,
        createdAt: payments.createdAt,
        refundDueAt: payments.refundDueAt,
        refundedAt: payments.refundedAt,
        refundNote: payments.refundNote,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(paymentFilter(query))
      .orderBy(paymentOrder(query.sort)),
    toRow: (raw) => raw,
    columns: paymentColumns,
    sheet: { cs: 'Platby', en: 'Payments' },
    fileStem: 'payments',
    format: query.format,
    locale,
    tally: tallyOf(recorded),
  });
}
