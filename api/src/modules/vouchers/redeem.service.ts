import {
  type ApplyVoucherRequest,
  type Locale,
  type OrderDetail,
  PaymentMethod,
  type RemoveVoucherRequest,
  VoucherKind,
} from '@genodesk/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Tx, transaction } from '../../db/client.js';
import { orders, orderVouchers, payments, productTypes, vouchers } from '../../db/schema/index.js';
import { AppError, notFound, unprocessable } from '../../http/errors.js';
import { auditMany } from '../audit/audit.js';
import { getOrder } from '../finances/orders.service.js';
import {
  emailTransferInstructions,
  openBankTransferOf,
  openPayment,
  recordPaid,
} from '../finances/payments.service.js';
import { productTypeNameIn } from '../finances/product-types.service.js';
import { formatDay, formatMoney } from '../messaging/format.js';
import { amountDueMinor, takenOffMinor } from './redemptions.js';
import { isExpired, type VouchersDeps } from './vouchers.service.js';

/** The order, locked first like every order action, and refused once paid. */
async function lockUnpaidOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound();
  if (order.dateOrderPaid !== null) throw unprocessable('orderAlreadyPaid', 'OrderId');
  return order;
}

/**
 * An open bank transfer follows the amount due as vouchers come and go, so its QR code and the
 * statement that pays it ask for what is left; the customer, who has the instructions of the old
 * amount, gets them again with the new one.
 */
async function followAmountDue(tx: Tx, jobs: VouchersDeps['jobs'], order: typeof orders.$inferSelect) {
  const due = await amountDueMinor(tx, order);
  if (due === 0) return;
  const changed = await tx
    .update(payments)
    .set({ amount: due })
    .where(and(openBankTransferOf(order.id), ne(payments.amount, due)))
    .returning({ id: payments.id });
  for (const transfer of changed) await emailTransferInstructions(tx, jobs, transfer.id);
}

/**
 * A card payment of the order the gateway has not finished (pending or authorized): a voucher now
 * could pay the order beside money the card is about to take, and a later "paid" would find the
 * order paid. Refused until the gateway cancels it or the staff approve it.
 */
async function refuseBesideCardInProgress(tx: Tx, orderId: number) {
  const [card] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, PaymentMethod.Card), openPayment))
    .limit(1);
  if (card) throw unprocessable('voucherCardPaymentInProgress', 'Code');
}

/**
 * `POST admin/orders/apply-voucher`: a voucher, by code (case-insensitively), used on an unpaid order.
 * A money voucher takes its amount off (never below zero); a product voucher pays an order of its
 * product type in full. When nothing is left to pay, the order is paid by money vouchers [5] or the
 * product voucher [4] through `recordPaid`, as any payment: audited and the customer e-mailed.
 * The order row, then the voucher row, are locked: twenty orders racing for a voucher's last use
 * queue on the voucher's row, and only the first finds a use left.
 */
export async function applyVoucher(
  deps: VouchersDeps,
  by: Principal,
  input: ApplyVoucherRequest,
  locale: Locale,
): Promise<OrderDetail> {
  await transaction(deps.db, async (tx) => {
    const order = await lockUnpaidOrder(tx, input.OrderId);
    const [found] = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(sql`lower(${vouchers.code}) = lower(${input.Code})`);
    if (!found) throw unprocessable('voucherUnknown', 'Code');
    const [voucher] = await tx
      .select({ voucher: vouchers, expired: isExpired })
      .from(vouchers)
      .where(eq(vouchers.id, found.id))
      .for('update');
    if (!voucher) throw unprocessable('voucherUnknown', 'Code');
    const v = voucher.voucher;
    const [already] = await tx
      .select({ id: orderVouchers.id })
      .from(orderVouchers)
      .where(and(eq(orderVouchers.orderId, order.id), eq(orderVouchers.voucherId, v.id)));
    if (already) throw unprocessable('voucherAlreadyOnOrder', 'Code');
    if (voucher.expired)
      throw unprocessable('voucherExpired', 'Code', { date: formatDay(v.validTo, locale) });
    if (v.remainingUsageCount <= 0) throw unprocessable('voucherExhausted', 'Code');
    if (v.kind === VoucherKind.Product && v.productTypeId !== order.productTypeId) {
      const [type] = await tx
        .select({ name: productTypeNameIn(locale) })
        .from(productTypes)
        .where(eq(productTypes.id, v.productTypeId ?? 0));
      throw unprocessable('voucherWrongProductType', 'Code', { productType: type?.name ?? '' });
    }

    await refuseBesideCardInProgress(tx, order.id);

    const due = await amountDueMinor(tx, order);
    const value = v.amount ?? 0;
    if (v.kind === VoucherKind.Money && value > due && !input.AcceptUnusedValue)
      throw new AppError(409, 'VOUCHER_EXCEEDS_AMOUNT_DUE', 'voucherExceedsAmountDue', undefined, {
        value: formatMoney(value, locale),
        due: formatMoney(due, locale),
        lost: formatMoney(value - due, locale),
      });
    const taken = v.kind === VoucherKind.Product ? due : Math.min(value, due);
    const remaining = v.remainingUsageCount - 1;
    await tx
      .insert(orderVouchers)
      .values({ orderId: order.id, voucherId: v.id, amount: taken, appliedBy: by.id });
    await tx
      .update(vouchers)
      .set({ remainingUsageCount: remaining, redeemed: remaining === 0, updatedAt: new Date() })
      .where(eq(vouchers.id, v.id));
    await auditMany(tx, [
      {
        entity: 'voucher',
        entityId: v.id,
        changedBy: by.id,
        changes: [
          { field: 'remainingUsageCount', oldValue: v.remainingUsageCount, newValue: remaining },
          { field: 'redeemed', oldValue: v.redeemed, newValue: remaining === 0 },
        ],
      },
      {
        entity: 'order',
        entityId: order.id,
        changedBy: by.id,
        changes: [{ field: 'voucherApplied', oldValue: null, newValue: `${v.code} (${taken})` }],
      },
    ]);
    if (due - taken > 0) return followAmountDue(tx, deps.jobs, order);
    await payByVouchers(
      tx,
      deps,
      by,
      order,
      v.kind === VoucherKind.Product ? PaymentMethod.ProductVoucher : PaymentMethod.MoneyVouchers,
    );
  });
  return getOrder(deps.db, input.OrderId, locale);
}

/** The vouchers cover the order: a completed payment of what they took, recorded as any other. */
async function payByVouchers(
  tx: Tx,
  deps: VouchersDeps,
  by: Principal,
  order: typeof orders.$inferSelect,
  method: PaymentMethod,
) {
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      method,
      amount: await takenOffMinor(tx, order.id),
      currency: order.currency,
      variableSymbol: String(order.orderNumber),
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('payment insert returned nothing');
  await recordPaid(tx, deps.jobs, by.id, [
    { paymentId: payment.id, orderId: order.id, method, at: new Date() },
  ]);
}

/** `POST admin/orders/remove-voucher`: only while the order is unpaid; the voucher gets its use back. */
export async function removeVoucher(
  deps: VouchersDeps,
  by: Principal,
  input: RemoveVoucherRequest,
  locale: Locale,
): Promise<OrderDetail> {
  await transaction(deps.db, async (tx) => {
    const order = await lockUnpaidOrder(tx, input.OrderId);
    const [v] = await tx.select().from(vouchers).where(eq(vouchers.id, input.VoucherId)).for('update');
    if (!v) throw notFound();
    const [removed] = await tx
      .delete(orderVouchers)
      .where(and(eq(orderVouchers.orderId, order.id), eq(orderVouchers.voucherId, v.id)))
      .returning({ amount: orderVouchers.amount });
    if (!removed) throw unprocessable('voucherNotOnOrder', 'VoucherId');
    const remaining = v.remainingUsageCount + 1;
    await tx
      .update(vouchers)
      .set({ remainingUsageCount: remaining, redeemed: false, updatedAt: new Date() })
      .where(eq(vouchers.id, v.id));
    await auditMany(tx, [
      {
        entity: 'voucher',
        entityId: v.id,
        changedBy: by.id,
        changes: [
          { field: 'remainingUsageCount', oldValue: v.remainingUsageCount, newValue: remaining },
          { field: 'redeemed', oldValue: v.redeemed, newValue: false },
        ],
      },
      {
        entity: 'order',
        entityId: order.id,
        changedBy: by.id,
        changes: [{ field: 'voucherRemoved', oldValue: `${v.code} (${removed.amount})`, newValue: null }],
      },
    ]);
    await followAmountDue(tx, deps.jobs, order);
  });
  return getOrder(deps.db, input.OrderId, locale);
}
