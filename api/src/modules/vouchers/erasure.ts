import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { auditLog, orders, orderVouchers, vouchers } from '../../db/schema/index.js';

const voucherIdsOf = async (tx: Tx, customerId: number) => [
  ...new Set(
    (
      await tx
        .select({ id: orderVouchers.voucherId })
        .from(orderVouchers)
        .innerJoin(orders, eq(orders.id, orderVouchers.orderId))
        .where(eq(orders.customerId, customerId))
    ).map((row) => row.id),
  ),
];

/**
 * The vouchers area's part of a customer's erasure (`privacy/erasure.ts`): a gift voucher used on their
 * orders loses whom it was for and from whom (the voucher stays); a voucher sent to their address
 * names it in its trail ('sent'): the value goes, the row stays.
 */
export const vouchersErasure = {
  async traces(tx: Tx, customer: { id: number }) {
    const ids = await voucherIdsOf(tx, customer.id);
    return { trails: [{ entities: ['voucher'], ids }], own: ids };
  },
  async erase(tx: Tx, customer: { email: string }, _traces: unknown, ids: number[]) {
    if (ids.length)
      await tx.update(vouchers).set({ forWho: null, fromWho: null }).where(inArray(vouchers.id, ids));
    const email = customer.email.toLowerCase();
    await tx
      .update(auditLog)
      .set({ oldValue: null, newValue: null })
      .where(
        sql`${auditLog.entity} = 'voucher' and ${auditLog.field} = 'sent' and (position(${email} in lower(coalesce(${auditLog.newValue}, ''))) > 0 or position(${email} in lower(coalesce(${auditLog.oldValue}, ''))) > 0)`,
      );
  },
};
