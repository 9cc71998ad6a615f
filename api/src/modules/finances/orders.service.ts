import {
  CardPaymentStatus,
  fromMinorUnits,
  type Locale,
  type OrderDetail,
  type OrderListQuery,
  type OrderMissingPart,
  type OrderSummary,
  type Page,
  PaymentMethod,
  ProductStatus,
  SampleStatus,
  type UnpaidOrderListQuery,
} from '@genodesk/contract';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart, withinPragueDays } from '../../db/listing.js';
import {
  barcodes,
  customerGenotypes,
  customers,
  orders,
  payments,
  products,
  productTypes,
  samples,
} from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { audit } from '../audit/audit.js';
import { customerMatches } from '../customers/customer-search.js';
import { requireDnaConsent } from '../customers/dna-consent.js';
import {
  customerEmail,
  customerErased,
  customerFullName,
  customerGender,
  customerNameOrder,
  customerPhone,
} from '../customers/full-name.js';
import { lockLiveCustomer } from '../customers/live-customers.js';
import { generateReport } from '../results/generation.service.js';
import { amountDueMinor, vouchersOfOrder } from '../vouchers/redemptions.js';
import { paymentsOfOrders, recordPaid } from './payments.service.js';

/** A new order of a product type at its current price (haléře), unpaid. */
export async function createOrder(tx: Tx, customerId: number, productTypeId: number) {
  const [productType] = await tx.select().from(productTypes).where(eq(productTypes.id, productTypeId));
  if (!productType) throw unprocessable('mustPickOne', 'ProductTypeId');
  const [order] = await tx
    .insert(orders)
    .values({ customerId, productTypeId, amount: productType.price, currency: productType.currency })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  return order;
}

/** Paid in cash at the reception: a completed cash payment of the whole amount, recorded as any payment. */
export async function payInCash(tx: Tx, jobs: Jobs | null, by: number | null, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`order ${orderId} vanished`);
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId,
      method: PaymentMethod.Cash,
      amount: await amountDueMinor(tx, order),
      currency: order.currency,
      variableSymbol: String(order.orderNumber),
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment insert returned nothing');
  await recordPaid(tx, jobs, by, [
    { paymentId: payment.id, orderId, method: PaymentMethod.Cash, at: new Date() },
  ]);
}

/** What finalizing an order created: the customer's sample, or (additional purchase) their report. */
export type FinalizedOrder = { sampleId: number | null; productId: number | null };

/**
 * Finalizes a paid order (DOMAIN §1), in the caller's transaction; the order becomes complete.
 * A customer without stored genotypes gets a sample waiting to be sent [2] (or in `status`, e.g. [10]
 * when sampled at the centre). A customer with stored genotypes makes an additional purchase
 * (`ProductStatus.AdditionalPurchase`, 5): no sample; their report of the order's product type is
 * generated from the stored genotypes, created in status 5 (an existing report of that type keeps its
 * status). Idempotent per order: finalizing again answers what the first time created.
 */
export async function finalizeOrder(
  tx: Tx,
  orderId: number,
  status: SampleStatus = SampleStatus.WaitingToBeSent,
): Promise<FinalizedOrder> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`order ${orderId} vanished`);
  if (!order.dateOrderPaid) throw unprocessable('invalidValue', 'OrderId');
  // An erased customer's order is kept for accounting only: no sample or report is made for it. The
  // customer's row is locked (`lockLiveCustomer`), so an erasure running now is waited for.
  if (!(await lockLiveCustomer(tx, order.customerId))) throw unprocessable('orderCustomerErased', 'OrderId');
  const [existing] = await tx.select({ id: samples.id }).from(samples).where(eq(samples.orderId, orderId));
  if (existing) return { sampleId: existing.id, productId: null };

  const [genotype] = await tx
    .select({ id: customerGenotypes.id })
    .from(customerGenotypes)
    .where(eq(customerGenotypes.customerId, order.customerId))
    .limit(1);
  if (genotype) {
    if (order.complete) {
      // Finalized before: the report of the order's product type is already there.
      const [report] = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.customerId, order.customerId), eq(products.productTypeId, order.productTypeId)),
        )
        .orderBy(desc(products.id))
        .limit(1);
      if (report) return { sampleId: null, productId: report.id };
    }
    await tx.update(orders).set({ complete: true }).where(eq(orders.id, orderId));
    const report = await generateReport(tx, {
      customerId: order.customerId,
      productTypeId: order.productTypeId,
      status: ProductStatus.AdditionalPurchase,
    });
    return { sampleId: null, productId: report.productId };
  }

  await tx.update(orders).set({ complete: true }).where(eq(orders.id, orderId));
  const [sample] = await tx
    .insert(samples)
    .values({ customerId: order.customerId, orderId, status })
    .returning({ id: samples.id });
  if (!sample) throw new Error('sample insert returned nothing');
  return { sampleId: sample.id, productId: null };
}

// Orders and unprocessed orders (lists, detail, actions)

const orderColumns = (locale: Locale) => ({
  order: orders,
  customerFullName: customerFullName(locale),
  customerErased,
  customerGender,
  customerEmail,
  productTypeName: productTypes.name,
  productTypeNameEn: productTypes.nameEn,
});
type OrderRow = {
  order: typeof orders.$inferSelect;
  customerFullName: string;
  customerErased: boolean;
  customerGender: number;
  customerEmail: string;
  productTypeName: string;
  productTypeNameEn: string | null;
};

const missingOf = (order: typeof orders.$inferSelect): OrderMissingPart[] =>
  order.complete ? [] : order.dateOrderPaid === null ? ['payment', 'finalization'] : ['finalization'];

const toOrderSummary = ({ order, ...row }: OrderRow): OrderSummary => ({
  id: order.id,
  orderNumber: order.orderNumber,
  customerId: order.customerId,
  customerFullName: row.customerFullName,
  customerErased: row.customerErased,
  customerGender: row.customerGender,
  customerEmail: row.customerEmail,
  productTypeId: order.productTypeId,
  productTypeName: row.productTypeName,
  productTypeNameEn: row.productTypeNameEn,
  amount: fromMinorUnits(order.amount),
  amountMinor: order.amount,
  currency: order.currency,
  complete: order.complete,
  paidBy: order.paidBy,
  dateOrderPaid: order.dateOrderPaid?.toISOString() ?? null,
  created: order.createdAt.toISOString(),
  samplingAtCentre: order.samplingAtCentre,
  missing: missingOf(order),
});

const selectOrders = (db: Executor, locale: Locale) =>
  db
    .select(orderColumns(locale))
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(productTypes, eq(productTypes.id, orders.productTypeId));

/**
 * The WHERE of the orders lists (and the export). A number searches order numbers and variable
 * symbols; other text the customers' name and e-mail (their trigram-indexed search column).
 */
export function orderFilter(query: Partial<OrderListQuery & UnpaidOrderListQuery>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.complete !== undefined) conditions.push(eq(orders.complete, query.complete));
  if (query.paidBy) conditions.push(eq(orders.paidBy, query.paidBy));
  if (query.productTypeId) conditions.push(eq(orders.productTypeId, query.productTypeId));
  conditions.push(...withinPragueDays(orders.createdAt, query.createdFrom, query.createdTo));
  if (query.missing === 'payment') conditions.push(isNull(orders.dateOrderPaid));
  if (query.missing === 'finalization') conditions.push(sql`${orders.dateOrderPaid} is not null`);
  const term = query.search?.trim();
  if (term) {
    if (/^\d{1,10}$/.test(term))
      conditions.push(
        // A union, not an OR: each side reads its own index.
        sql`${orders.id} in (select ${orders.id} from ${orders} where ${orders.orderNumber} = ${Number(term)} union select ${payments.orderId} from ${payments} where ${payments.variableSymbol} = ${term})`,
      );
    // Not an erased customer: their anonymised row's placeholder words are no name to find.
    else
      conditions.push(
        sql`${orders.customerId} in (select ${customers.id} from ${customers} where ${customerMatches(likePattern(term))} and ${customers.erasedAt} is null)`,
      );
  }
  return and(...conditions);
}

export const orderOrder = (sort: string | undefined, fallback = '-created') =>
  orderBy(
    sort,
    {
      orderNumber: sql`${orders.orderNumber}`,
      created: sql`${orders.createdAt}`,
      amount: sql`${orders.amount}`,
      customerName: customerNameOrder,
      dateOrderPaid: sql`${orders.dateOrderPaid}`,
    },
    fallback,
    sql`${orders.id}`,
  );

async function orderPage(
  db: Executor,
  query: OrderListQuery | UnpaidOrderListQuery,
  where: SQL | undefined,
  locale: Locale,
) {
  const rows = await selectOrders(db, locale)
    .where(where)
    .orderBy(orderOrder(query.sort))
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toOrderSummary), db.select({ one: sql`1` }).from(orders).where(where));
}

/** `GET admin/orders`: filtered, searched, sorted and paged in SQL; names in the caller's `locale`. */
export const listOrders = (
  db: Executor,
  query: OrderListQuery,
  locale: Locale,
): Promise<Page<OrderSummary>> => orderPage(db, query, orderFilter(query), locale);

/** `GET admin/unpaidcustomers`: the orders not complete (unprocessed), with what each lacks. */
export const listUnpaidOrders = (
  db: Executor,
  query: UnpaidOrderListQuery,
  locale: Locale,
): Promise<Page<OrderSummary>> =>
  orderPage(db, query, and(eq(orders.complete, false), orderFilter(query)), locale);

/** `GET admin/orders/getorder ?Id` and the unprocessed-order view: every field of SPEC §3 Order. */
export async function getOrder(db: Executor, id: number, locale: Locale): Promise<OrderDetail> {
  const [row] = await selectOrders(db, locale).where(eq(orders.id, id));
  if (!row) throw notFound();
  const [customer] = await db
    .select({
      id: customers.id,
      email: customerEmail,
      phone: customerPhone,
      language: customers.language,
    })
    .from(customers)
    .where(eq(customers.id, row.order.customerId));
  const orderPayments = await paymentsOfOrders(db, [id], locale);
  const orderVouchers = await vouchersOfOrder(db, id);
  const [sample] = await db
    .select({ id: samples.id, status: samples.status, barcode: barcodes.code })
    .from(samples)
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .where(eq(samples.orderId, id));
  const summary = toOrderSummary(row);
  const latest = (method: number) => orderPayments.filter((p) => p.method === method).at(-1) ?? null;
  const { order } = row;
  const paid = order.dateOrderPaid !== null;
  // A payment that may still complete (a card being paid, a transfer on its way): staff approve or
  // convert that one rather than take cash beside it.
  const awaited = orderPayments.some((p) => !p.completed && p.cardStatus !== CardPaymentStatus.Cancelled);
  // Card charges after the order was paid another way: the customer is owed them back.
  const refundDueMinor = orderPayments
    .filter((p) => p.canMarkRefunded)
    .reduce((sum, p) => sum + p.amountMinor, 0);
  return {
    ...summary,
    customer: {
      id: customer!.id,
      fullName: row.customerFullName,
      erased: row.customerErased,
      gender: row.customerGender,
      email: customer!.email,
      phone: customer!.phone,
      language: customer!.language,
    },
    payments: orderPayments,
    cardPayment: latest(PaymentMethod.Card),
    cashPayment: latest(PaymentMethod.Cash),
    bankTransferPayment: latest(PaymentMethod.BankTransfer),
    moneyVouchers: orderVouchers.moneyVouchers,
    productVoucher: orderVouchers.productVoucher,
    amountDue: paid ? 0 : fromMinorUnits(Math.max(0, order.amount - orderVouchers.takenMinor)),
    refundDue: fromMinorUnits(refundDueMinor),
    refundDueMinor,
    sample: sample ?? null,
    actions: [
      ...(!paid && !order.complete && !awaited ? (['takeCash'] as const) : []),
      ...(!paid && !order.complete ? (['bankTransfer'] as const) : []),
      ...(!order.complete && !order.samplingAtCentre ? (['samplingAtCentre'] as const) : []),
      ...(paid && !order.complete ? (['finalize'] as const) : []),
    ],
  };
}

/** `GET admin/orders/getorderbypayment ?Id`: the order a payment belongs to. */
export async function getOrderByPayment(
  db: Executor,
  paymentId: number,
  locale: Locale,
): Promise<OrderDetail> {
  const [payment] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!payment) throw notFound();
  return getOrder(db, payment.orderId, locale);
}

/** `POST admin/orders/sampling-at-centre`: the sample will be taken at the centre [10]; audited. */
export async function setSamplingAtCentre(
  db: Database,
  by: Principal,
  orderId: number,
  locale: Locale,
): Promise<OrderDetail> {
  await transaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.complete) throw unprocessable('orderAlreadyFinalized', 'OrderId');
    if (order.samplingAtCentre) return;
    // A sample is taken at the centre only with a valid consent to DNA analysis (issue 35).
    await requireDnaConsent(tx, [order.customerId], 'sampling', locale, 'OrderId');
    await tx.update(orders).set({ samplingAtCentre: true }).where(eq(orders.id, orderId));
    await audit(tx, {
      entity: 'order',
      entityId: orderId,
      changedBy: by.id,
      changes: [{ field: 'samplingAtCentre', oldValue: false, newValue: true }],
    });
  });
  return getOrder(db, orderId, locale);
}

/**
 * `POST admin/orders/finalize`: a paid order is finalized (its sample waiting to be sent [2], or taken
 * at the centre [10], or an additional purchase's report [5]); audited. The order row is locked, so
 * two staff pressing it at once make one sample; an unpaid or finalized order is a 422.
 */
export async function finalizeOrderAction(
  db: Database,
  by: Principal,
  orderId: number,
  locale: Locale,
): Promise<OrderDetail> {
  await transaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.complete) throw unprocessable('orderAlreadyFinalized', 'OrderId');
    if (order.dateOrderPaid === null) throw unprocessable('orderNotPaid', 'OrderId');
    // Finalized with sampling at the centre, the sample is taken now [10]: the consent rule asks first.
    if (order.samplingAtCentre)
      await requireDnaConsent(tx, [order.customerId], 'sampling', locale, 'OrderId');
    // A customer with stored genotypes buys an additional report, generated now from them: so it asks too.
    const [genotype] = await tx
      .select({ id: customerGenotypes.id })
      .from(customerGenotypes)
      .where(eq(customerGenotypes.customerId, order.customerId))
      .limit(1);
    if (genotype) await requireDnaConsent(tx, [order.customerId], 'generation', locale, 'OrderId');
    // An erased customer's order is refused by `finalizeOrder` (orderCustomerErased).
    const created = await finalizeOrder(
      tx,
      orderId,
      order.samplingAtCentre ? SampleStatus.TakenAtCentreWithoutConsultation : SampleStatus.WaitingToBeSent,
    );
    await audit(tx, {
      entity: 'order',
      entityId: orderId,
      changedBy: by.id,
      changes: [
        { field: 'complete', oldValue: false, newValue: true },
        ...(created.sampleId ? [{ field: 'sample', oldValue: null, newValue: created.sampleId }] : []),
        ...(created.productId ? [{ field: 'report', oldValue: null, newValue: created.productId }] : []),
      ],
    });
  });
  return getOrder(db, orderId, locale);
}
