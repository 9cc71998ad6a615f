import {
  type CardNotification,
  CardPaymentStatus,
  czechIban,
  fromMinorUnits,
  isCzechAccount,
  type Locale,
  type Page,
  type Payment,
  type PaymentListQuery,
  PaymentMethod,
  paymentMethodLabels,
  spayd,
} from '@genodesk/contract';
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import { listPage, orderBy, pageLimit, pageStart, withinPragueDays } from '../../db/listing.js';
import { auditLog, customers, orders, payments, productTypes, users } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { auditMany } from '../audit/audit.js';
import { customerErased, customerFullName, customerGender } from '../customers/full-name.js';
import { formatMoney } from '../messaging/format.js';
import { queueEmails } from '../messaging/outbox.js';
import { renderMessage } from '../messaging/templates.js';
import { amountDueMinor } from '../vouchers/redemptions.js';
import { productTypeNameIn } from './product-types.service.js';

export type FinancesDeps = { db: Database; jobs: Jobs; bankAccount: string };

export const paymentColumns = (locale: Locale) => ({
  payment: payments,
  /** Who recorded the refund of an overpayment (a lookup only for the few refunded ones). */
  refundedByName: sql<
    string | null
  >`case when ${payments.refundedBy} is null then null else (select ${users.userName} from ${users} where ${users.id} = ${payments.refundedBy}) end`,
  orderNumber: orders.orderNumber,
  orderPaid: sql<boolean>`${orders.dateOrderPaid} is not null`,
  customerId: customers.id,
  customerFullName: customerFullName(locale),
  customerErased,
  customerGender,
});
export type PaymentRow = {
  payment: typeof payments.$inferSelect;
  refundedByName: string | null;
  orderNumber: number;
  orderPaid: boolean;
  customerId: number;
  customerFullName: string;
  customerErased: boolean;
  customerGender: number;
};

/** Open: not completed and, for a card, not cancelled. Staff act only on open payments of unpaid orders. */
const isOpen = (payment: typeof payments.$inferSelect) =>
  payment.completedAt === null && payment.cardStatus !== CardPaymentStatus.Cancelled;

/** `isOpen` in SQL: a cancelled card attempt is history, not an open payment. */
export const openPayment = and(
  isNull(payments.completedAt),
  or(isNull(payments.cardStatus), ne(payments.cardStatus, CardPaymentStatus.Cancelled)),
);

/** An overpayment still to refund (a card charged after its order was paid another way). */
export const refundOwed = and(isNotNull(payments.refundDueAt), isNull(payments.refundedAt));

/** The order's open bank transfer (at most one: `createBankTransfer` reuses it). */
export const openBankTransferOf = (orderId: number) =>
  and(eq(payments.orderId, orderId), eq(payments.method, PaymentMethod.BankTransfer), openPayment);

export function toPayment(row: PaymentRow): Payment {
  const { payment } = row;
  // Transfers made to an account of another form (imported history) simply have no QR code.
  const iban =
    payment.method === PaymentMethod.BankTransfer && payment.account && isCzechAccount(payment.account)
      ? czechIban(payment.account)
      : null;
  const unpaid = payment.completedAt === null && !row.orderPaid;
  return {
    id: payment.id,
    orderId: payment.orderId,
    orderNumber: row.orderNumber,
    customerId: row.customerId,
    customerFullName: row.customerFullName,
    customerErased: row.customerErased,
    customerGender: row.customerGender,
    method: payment.method,
    amount: fromMinorUnits(payment.amount),
    amountMinor: payment.amount,
    currency: payment.currency,
    cardStatus: payment.cardStatus,
    transactionId: payment.transactionId,
    refId: payment.refId,
    variableSymbol: payment.variableSymbol,
    account: payment.account,
    iban,
    spayd:
      iban && payment.variableSymbol
        ? spayd({
            iban,
            amountMinor: payment.amount,
            variableSymbol: payment.variableSymbol,
            message: `GenoDesk ${row.orderNumber}`,
          })
        : null,
    completed: payment.completedAt !== null,
    completedAt: payment.completedAt?.toISOString() ?? null,
    createdAt: payment.createdAt.toISOString(),
    canApprove: unpaid && isOpen(payment),
    // A cancelled card payment the customer paid in cash instead becomes that cash payment.
    canConvertToCash: unpaid,
    refund: payment.refundDueAt
      ? {
          dueAt: payment.refundDueAt.toISOString(),
          refundedAt: payment.refundedAt?.toISOString() ?? null,
          refundedBy:
            payment.refundedBy !== null
              ? { id: payment.refundedBy, userName: row.refundedByName ?? '' }
              : null,
          note: payment.refundNote,
        }
      : null,
    canMarkRefunded: payment.refundDueAt !== null && payment.refundedAt === null,
  };
}

/** Payments with their order and customer; the customer's name in `locale`. */
export const selectPayments = (db: Executor, locale: Locale) =>
  db
    .select(paymentColumns(locale))
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId));

/** The WHERE of the payments list (and its export). */
export function paymentFilter(query: Partial<PaymentListQuery>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.method) conditions.push(eq(payments.method, query.method));
  if (query.cardStatus) conditions.push(eq(payments.cardStatus, query.cardStatus));
  if (query.completed !== undefined)
    conditions.push(query.completed ? isNotNull(payments.completedAt) : isNull(payments.completedAt));
  if (query.refundDue !== undefined) {
    const owed = refundOwed ?? sql`false`;
    conditions.push(query.refundDue ? owed : sql`not (${owed})`);
  }
  conditions.push(...withinPragueDays(payments.createdAt, query.createdFrom, query.createdTo));
  if (query.search) {
    const term = query.search.trim();
    conditions.push(
      sql`(${payments.transactionId} = ${term} or ${payments.refId} = ${term} or ${payments.variableSymbol} = ${term})`,
    );
  }
  return and(...conditions);
}

export const paymentOrder = (sort: string | undefined) =>
  orderBy(
    sort,
    {
      createdAt: sql`${payments.createdAt}`,
      completedAt: sql`${payments.completedAt}`,
      amount: sql`${payments.amount}`,
      method: sql`${payments.method}`,
    },
    '-createdAt',
    sql`${payments.id}`,
  );

/** `GET admin/payments`: filtered, searched, sorted and paged in SQL. */
export async function listPayments(
  db: Executor,
  query: PaymentListQuery,
  locale: Locale,
): Promise<Page<Payment>> {
  const where = paymentFilter(query);
  const rows = await selectPayments(db, locale)
    .where(where)
    .orderBy(paymentOrder(query.sort))
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toPayment), db.select({ one: sql`1` }).from(payments).where(where));
}

export async function paymentsOfOrders(db: Executor, orderIds: number[], locale: Locale): Promise<Payment[]> {
  if (orderIds.length === 0) return [];
  const rows = await selectPayments(db, locale)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(payments.id);
  return rows.map(toPayment);
}

/** A completion to record: the payment, its order, how it was paid and when. */
export type Paid = { paymentId: number; orderId: number; method: number; at: Date };

/**
 * Records completed payments, in the caller's transaction (rows locked and checked by the caller):
 * each payment completed (a card one paid [3]), its order paid by that method, both audited, and the
 * customer e-mailed that the payment arrived (always, whatever the notification settings) — unless
 * `jobs` is null: the demo seed writes past payments, which e-mail nobody.
 */
export async function recordPaid(tx: Tx, jobs: Jobs | null, by: number | null, paid: Paid[]): Promise<void> {
  if (paid.length === 0) return;
  // Arrays go as one parameter each (a Drizzle `sql` array would be spread into a list).
  const completions = sql`(select unnest(${sql.param(paid.map((p) => p.paymentId))}::bigint[]) as payment_id,
    unnest(${sql.param(paid.map((p) => p.orderId))}::bigint[]) as order_id,
    unnest(${sql.param(paid.map((p) => p.method))}::smallint[]) as method,
    unnest(${sql.param(paid.map((p) => p.at.toISOString()))}::timestamptz[]) as at)`;
  await tx.execute(sql`
    update ${payments} set
      completed_at = v.at, completed_by = ${by},
      method = v.method,
      card_status = case when v.method = ${PaymentMethod.Card} then ${CardPaymentStatus.Paid}::smallint else null end
    from ${completions} as v
    where ${payments.id} = v.payment_id`);
  await tx.execute(sql`
    update ${orders} set paid_by = v.method, date_order_paid = v.at
    from ${completions} as v
    where ${orders.id} = v.order_id`);
  await auditMany(
    tx,
    paid.flatMap((p) => [
      {
        entity: 'payment',
        entityId: p.paymentId,
        changedBy: by,
        changes: [{ field: 'completed', oldValue: null, newValue: p.method }],
      },
      {
        entity: 'order',
        entityId: p.orderId,
        changedBy: by,
        changes: [{ field: 'paidBy', oldValue: PaymentMethod.NotChosen, newValue: p.method }],
      },
    ]),
  );
  if (!jobs) return;
  const recipients = await tx
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      amount: orders.amount,
      customerId: customers.id,
      name: sql<string>`${customers.name} || ' ' || ${customers.surname}`,
      email: customers.email,
      language: customers.language,
      productType: productTypeNameIn(customers.language),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(productTypes, eq(productTypes.id, orders.productTypeId))
    .where(
      and(
        inArray(
          orders.id,
          paid.map((p) => p.orderId),
        ),
        // An erased customer is written to no more (their order is paid all the same).
        isNull(customers.erasedAt),
      ),
    );
  const methodOf = new Map(paid.map((p) => [p.orderId, p.method]));
  await queueEmails(
    tx,
    jobs,
    recipients.map((r) => {
      const language = r.language as Locale;
      const method = methodOf.get(r.orderId) ?? PaymentMethod.NotChosen;
      const rendered = renderMessage('paymentReceived', language, {
        name: r.name,
        productType: r.productType,
        orderNumber: String(r.orderNumber),
        amount: formatMoney(r.amount, language),
        method: paymentMethodLabels[method as PaymentMethod]?.[language] ?? String(method),
      });
      return { to: r.email, ...rendered, language, customerId: r.customerId };
    }),
  );
}

/** The payment and its order, locked in that order (every action locks the order first). */
async function lockPayment(tx: Tx, paymentId: number) {
  const [found] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!found) throw notFound();
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!order || !payment) throw notFound();
  return { order, payment };
}

/** Why a payment cannot be completed by staff now (422), or nothing. */
function refuseCompletion(order: typeof orders.$inferSelect, payment: typeof payments.$inferSelect) {
  if (payment.completedAt !== null) throw unprocessable('paymentAlreadyCompleted', 'PaymentId');
  if (order.dateOrderPaid !== null) throw unprocessable('orderAlreadyPaid', 'PaymentId');
}

async function getPayment(db: Executor, id: number, locale: Locale): Promise<Payment> {
  const [row] = await selectPayments(db, locale).where(eq(payments.id, id));
  if (!row) throw notFound();
  return toPayment(row);
}

/** `POST admin/payments/approve`: staff confirm an open payment arrived; the order is paid by its method. */
export async function approvePayment(
  deps: FinancesDeps,
  by: Principal,
  paymentId: number,
  locale: Locale,
): Promise<Payment> {
  await transaction(deps.db, async (tx) => {
    const { order, payment } = await lockPayment(tx, paymentId);
    refuseCompletion(order, payment);
    if (payment.cardStatus === CardPaymentStatus.Cancelled)
      throw unprocessable('paymentCancelled', 'PaymentId');
    await recordPaid(tx, deps.jobs, by.id, [
      { paymentId, orderId: order.id, method: payment.method, at: new Date() },
    ]);
  });
  return getPayment(deps.db, paymentId, locale);
}

/** `POST admin/payments/convert-to-cash`: an open payment becomes a completed cash payment. */
export async function convertToCash(
  deps: FinancesDeps,
  by: Principal,
  paymentId: number,
  locale: Locale,
): Promise<Payment> {
  await transaction(deps.db, async (tx) => {
    const { order, payment } = await lockPayment(tx, paymentId);
    refuseCompletion(order, payment);
    await auditMany(tx, [
      {
        entity: 'payment',
        entityId: paymentId,
        changedBy: by.id,
        changes: [{ field: 'method', oldValue: payment.method, newValue: PaymentMethod.Cash }],
      },
    ]);
    await recordPaid(tx, deps.jobs, by.id, [
      { paymentId, orderId: order.id, method: PaymentMethod.Cash, at: new Date() },
    ]);
  });
  return getPayment(deps.db, paymentId, locale);
}

/**
 * `PUT admin/payments/cash`: the customer pays what the order owes in cash at the desk. An open payment
 * of the order (a transfer not yet arrived, a card payment not finished) becomes that cash payment, so
 * nothing is left open to arrive later; without one a cash payment is made. Either way the order is paid
 * in cash and the customer gets one "payment received" e-mail. A paid order is a 422.
 */
export async function takeCash(
  deps: FinancesDeps,
  by: Principal,
  orderId: number,
  locale: Locale,
): Promise<Payment> {
  const paymentId = await transaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.dateOrderPaid !== null) throw unprocessable('orderAlreadyPaid', 'OrderId');
    const due = await amountDueMinor(tx, order);
    // A cancelled card attempt is no open payment: it stays as it was, beside the cash.
    const [open] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), openPayment))
      .orderBy(desc(payments.id))
      .limit(1)
      .for('update');
    let id: number;
    if (open) {
      await tx.update(payments).set({ amount: due }).where(eq(payments.id, open.id));
      await auditMany(tx, [
        {
          entity: 'payment',
          entityId: open.id,
          changedBy: by.id,
          changes: [{ field: 'method', oldValue: open.method, newValue: PaymentMethod.Cash }],
        },
      ]);
      id = open.id;
    } else {
      const [created] = await tx
        .insert(payments)
        .values({ orderId, method: PaymentMethod.Cash, amount: due, currency: order.currency })
        .returning({ id: payments.id });
      if (!created) throw new Error('payment insert returned nothing');
      id = created.id;
    }
    await recordPaid(tx, deps.jobs, by.id, [
      { paymentId: id, orderId, method: PaymentMethod.Cash, at: new Date() },
    ]);
    return id;
  });
  return getPayment(deps.db, paymentId, locale);
}

/**
 * `PUT admin/payments/bank-transfer`: a bank-transfer payment of what the order owes to the configured
 * account, the order number as its variable symbol, and the instructions (with the QR Platba code)
 * e-mailed to the customer. An open transfer of the order is reused and its instructions sent again.
 * A paid order is a 422.
 */
export async function createBankTransfer(
  deps: FinancesDeps,
  by: Principal,
  orderId: number,
  locale: Locale,
): Promise<Payment> {
  const paymentId = await transaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound();
    if (order.dateOrderPaid !== null) throw unprocessable('orderAlreadyPaid', 'OrderId');
    const [open] = await tx.select().from(payments).where(openBankTransferOf(orderId));
    // Vouchers on the order leave less to transfer; one applied since an open transfer was made too.
    const due = await amountDueMinor(tx, order);
    let payment = open;
    if (payment && payment.amount !== due)
      [payment] = await tx
        .update(payments)
        .set({ amount: due })
        .where(eq(payments.id, payment.id))
        .returning();
    if (!payment) {
      [payment] = await tx
        .insert(payments)
        .values({
          orderId,
          method: PaymentMethod.BankTransfer,
          amount: due,
          currency: order.currency,
          variableSymbol: String(order.orderNumber),
          account: deps.bankAccount,
        })
        .returning();
      if (!payment) throw new Error('payment insert returned nothing');
      await auditMany(tx, [
        {
          entity: 'order',
          entityId: orderId,
          changedBy: by.id,
          changes: [{ field: 'bankTransfer', oldValue: null, newValue: payment.id }],
        },
      ]);
    }
    await emailTransferInstructions(tx, deps.jobs, payment.id);
    return payment.id;
  });
  return getPayment(deps.db, paymentId, locale);
}

/** The bank transfer's instructions (account, amount, variable symbol, QR Platba) e-mailed to the customer. */
export async function emailTransferInstructions(tx: Tx, jobs: Jobs, paymentId: number) {
  const [customer] = await tx
    .select({
      email: customers.email,
      language: customers.language,
      productType: productTypeNameIn(customers.language),
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(productTypes, eq(productTypes.id, orders.productTypeId))
    .where(eq(payments.id, paymentId));
  if (!customer) return;
  const language = customer.language as Locale;
  const [row] = await selectPayments(tx, language).where(eq(payments.id, paymentId));
  if (!row) return;
  const payment = toPayment(row);
  const rendered = renderMessage('paymentInstructions', language, {
    name: row.customerFullName,
    productType: customer.productType,
    orderNumber: String(row.orderNumber),
    amount: formatMoney(payment.amountMinor, language),
    account: payment.account ?? '',
    iban: payment.iban ?? '',
    variableSymbol: payment.variableSymbol ?? '',
  });
  const qr = await qrPng(payment.spayd ?? '');
  await queueEmails(tx, jobs, [
    {
      to: customer.email,
      ...rendered,
      html: rendered.html.replace(
        '</table>',
        '</table><p><img src="cid:qr-platba" alt="QR Platba" width="200" height="200"></p>',
      ),
      language,
      customerId: row.customerId,
      attachments: [
        {
          filename: 'qr-platba.png',
          contentType: 'image/png',
          content: qr.toString('base64'),
          cid: 'qr-platba',
        },
      ],
    },
  ]);
}

/** The QR Platba code as a PNG (for e-mail clients, which show no SVG). */
async function qrPng(text: string): Promise<Buffer> {
  const QRCode = await import('qrcode');
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 2, width: 400 });
}

/** The order of status moves: a notification may move a card payment forward only. */
const cardProgress: Record<number, number> = {
  [CardPaymentStatus.Pending]: 0,
  [CardPaymentStatus.Authorized]: 1,
  [CardPaymentStatus.Paid]: 2,
  [CardPaymentStatus.Cancelled]: 2,
};

/**
 * `POST /api/payments/card-notification` (signature checked by the route): the gateway's status of a
 * card payment. Moves only forward (pending → authorized → paid, or cancelled), so a repeated or late
 * notification changes nothing; paid completes the payment and pays the order.
 *
 * Paid for an order already paid another way (cash at the desk, a transfer, vouchers — while the card
 * payment was still pending or authorized) is money received twice: the card payment is recorded as
 * paid with its RefId, an overpayment to refund (`refund_due_at`), audited, but is not the order's
 * payment (its paid date, method and the customer's e-mails stay as they were). Staff who turned the
 * card payment itself into cash get a card payment of its own for the charge, which takes the
 * transaction id over. Everything happens under the order's row lock, so two notifications at once
 * record it once.
 */
export async function applyCardNotification(deps: FinancesDeps, input: CardNotification) {
  return transaction(deps.db, async (tx) => {
    const [found] = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.transactionId, input.TransactionId));
    if (!found) throw notFound();
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
    // Read again under the order's lock: a duplicate charge may have moved the transaction id meanwhile.
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.transactionId, input.TransactionId), eq(payments.orderId, found.orderId)))
      .for('update');
    if (!order || !payment) throw notFound();
    const now = new Date();
    if (payment.method !== PaymentMethod.Card) return chargeBesideConverted(tx, order, payment, input, now);
    const current = payment.cardStatus ?? CardPaymentStatus.Pending;
    const moves =
      payment.completedAt === null && (cardProgress[input.Status] ?? 0) > (cardProgress[current] ?? 0);
    if (!moves) return { paymentId: payment.id, cardStatus: current, changed: false };
    const refId = input.RefId ? { refId: input.RefId } : {};
    if (input.Status === CardPaymentStatus.Paid && order.dateOrderPaid !== null) {
      // Paid twice: recorded, to be refunded; the order keeps the payment that paid it.
      await tx
        .update(payments)
        .set({
          cardStatus: CardPaymentStatus.Paid,
          ...refId,
          completedAt: now,
          completedBy: null,
          refundDueAt: now,
        })
        .where(eq(payments.id, payment.id));
      await auditMany(tx, [
        {
          entity: 'payment',
          entityId: payment.id,
          changedBy: null,
          changes: [
            { field: 'cardStatus', oldValue: current, newValue: CardPaymentStatus.Paid },
            { field: 'refundDue', oldValue: null, newValue: payment.amount },
          ],
        },
      ]);
    } else if (input.Status === CardPaymentStatus.Paid) {
      if (input.RefId) await tx.update(payments).set(refId).where(eq(payments.id, payment.id));
      await recordPaid(tx, deps.jobs, null, [
        { paymentId: payment.id, orderId: order.id, method: PaymentMethod.Card, at: now },
      ]);
    } else {
      await tx
        .update(payments)
        .set({ cardStatus: input.Status, ...refId })
        .where(eq(payments.id, payment.id));
      await auditMany(tx, [
        {
          entity: 'payment',
          entityId: payment.id,
          changedBy: null,
          changes: [{ field: 'cardStatus', oldValue: current, newValue: input.Status }],
        },
      ]);
    }
    return { paymentId: payment.id, cardStatus: input.Status, changed: true };
  });
}

/**
 * A notification for a card payment staff turned into cash (approve-as-cash, take cash): paid means the
 * card was charged beside the cash. The charge becomes a card payment of its own, paid and to refund,
 * holding the transaction id (the cash payment keeps none: the id names the card charge), so a repeat
 * finds it and changes nothing. A gateway that cancelled the payment before it was converted charges
 * nothing later (as for a card payment: a cancelled one does not move), and the other statuses change
 * nothing either.
 */
async function chargeBesideConverted(
  tx: Tx,
  order: typeof orders.$inferSelect,
  converted: typeof payments.$inferSelect,
  input: CardNotification,
  now: Date,
) {
  const unchanged = { paymentId: converted.id, cardStatus: input.Status, changed: false };
  if (input.Status !== CardPaymentStatus.Paid) return unchanged;
  const [last] = await tx
    .select({ status: auditLog.newValue })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'payment'),
        eq(auditLog.entityId, converted.id),
        eq(auditLog.field, 'cardStatus'),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (last?.status === String(CardPaymentStatus.Cancelled)) return unchanged;
  await tx.update(payments).set({ transactionId: null }).where(eq(payments.id, converted.id));
  const [charge] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      method: PaymentMethod.Card,
      amount: converted.amount,
      currency: converted.currency,
      cardStatus: CardPaymentStatus.Paid,
      transactionId: input.TransactionId,
      refId: input.RefId ?? converted.refId,
      variableSymbol: converted.variableSymbol,
      completedAt: now,
      refundDueAt: now,
    })
    .returning({ id: payments.id });
  if (!charge) throw new Error('payment insert returned nothing');
  await auditMany(tx, [
    {
      entity: 'payment',
      entityId: converted.id,
      changedBy: null,
      changes: [{ field: 'transactionId', oldValue: input.TransactionId, newValue: null }],
    },
    {
      entity: 'payment',
      entityId: charge.id,
      changedBy: null,
      changes: [
        { field: 'transactionId', oldValue: null, newValue: input.TransactionId },
        { field: 'cardStatus', oldValue: null, newValue: CardPaymentStatus.Paid },
        { field: 'refundDue', oldValue: null, newValue: converted.amount },
      ],
    },
  ]);
  return { paymentId: charge.id, cardStatus: CardPaymentStatus.Paid, changed: true };
}

/**
 * `POST admin/payments/mark-refunded`: staff refunded an overpayment (a card charged after its order
 * was paid), with how they did it (`note`, trimmed by the contract; empty is none); audited. Under the
 * order's and the payment's row locks, so it is recorded once: a payment that is no overpayment is a
 * 422, one whose refund is recorded already a 409.
 */
export async function markRefunded(
  deps: FinancesDeps,
  by: Principal,
  paymentId: number,
  note: string | undefined,
  locale: Locale,
): Promise<Payment> {
  const refundNote = note || null;
  await transaction(deps.db, async (tx) => {
    const { payment } = await lockPayment(tx, paymentId);
    if (payment.refundDueAt === null) throw unprocessable('paymentNotRefundDue', 'PaymentId');
    if (payment.refundedAt !== null) throw conflict('paymentAlreadyRefunded', 'PaymentId');
    await tx
      .update(payments)
      .set({ refundedAt: new Date(), refundedBy: by.id, refundNote })
      .where(eq(payments.id, paymentId));
    await auditMany(tx, [
      {
        entity: 'payment',
        entityId: paymentId,
        changedBy: by.id,
        changes: [
          { field: 'refunded', oldValue: null, newValue: payment.amount },
          { field: 'refundNote', oldValue: null, newValue: refundNote },
        ],
      },
    ]);
  });
  return getPayment(deps.db, paymentId, locale);
}
