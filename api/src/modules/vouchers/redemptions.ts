import { fromMinorUnits, VoucherKind } from '@genodesk/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderVouchers, vouchers } from '../../db/schema/index.js';

export type OrderVouchers = {
  moneyVouchers: { id: number; code: string; amount: number }[];
  productVoucher: { id: number; code: string } | null;
  /** What the vouchers took off the order together, in haléře. */
  takenMinor: number;
};

/** The vouchers used on an order and what each took off, in one query (the order detail's part). */
export async function vouchersOfOrder(db: Executor, orderId: number): Promise<OrderVouchers> {
  const rows = await db
    .select({ id: vouchers.id, code: vouchers.code, kind: vouchers.kind, amount: orderVouchers.amount })
    .from(orderVouchers)
    .innerJoin(vouchers, eq(vouchers.id, orderVouchers.voucherId))
    .where(eq(orderVouchers.orderId, orderId))
    .orderBy(asc(orderVouchers.id));
  const product = rows.find((r) => r.kind === VoucherKind.Product);
  return {
    moneyVouchers: rows
      .filter((r) => r.kind === VoucherKind.Money)
      .map((r) => ({ id: r.id, code: r.code, amount: fromMinorUnits(r.amount) })),
    productVoucher: product ? { id: product.id, code: product.code } : null,
    takenMinor: rows.reduce((sum, r) => sum + r.amount, 0),
  };
}

/** What the vouchers on an order took off so far, in haléře. */
export async function takenOffMinor(db: Executor, orderId: number): Promise<number> {
  const [row] = await db
    .select({ taken: sql<number>`coalesce(sum(${orderVouchers.amount}), 0)::int` })
    .from(orderVouchers)
    .where(eq(orderVouchers.orderId, orderId));
  return Number(row?.taken ?? 0);
}

/** What an order still owes after its vouchers, in haléře (never below zero). */
export async function amountDueMinor(db: Executor, order: { id: number; amount: number }): Promise<number> {
  return Math.max(0, order.amount - (await takenOffMinor(db, order.id)));
}
