import {
  czkText,
  type Locale,
  labelIn,
  type VoucherKind,
  type VoucherType,
  voucherKindLabels,
  voucherTypeLabels,
} from '@genodesk/contract';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders, orderVouchers, vouchers } from '../../db/schema/index.js';

export type VouchersExport = {
  vouchersUsed: {
    code: string;
    kind: number;
    kindName: string;
    type: number;
    typeName: string;
    orderNumber: number;
    /** What it took off the order (a product voucher: what it paid). */
    amount: string;
    currency: string;
    forWho: string | null;
    fromWho: string | null;
    validTo: string;
    appliedAt: string;
  }[];
};

/** The vouchers area's part of the customer's data export (`privacy/data-export.ts`): the vouchers they used. */
export async function vouchersDataExport(
  tx: Executor,
  { customer, locale }: { customer: { id: number }; locale: Locale },
): Promise<{ sections: VouchersExport }> {
  const rows = await tx
    .select({
      code: vouchers.code,
      kind: vouchers.kind,
      type: vouchers.voucherType,
      forWho: vouchers.forWho,
      fromWho: vouchers.fromWho,
      validTo: vouchers.validTo,
      amount: orderVouchers.amount,
      appliedAt: orderVouchers.appliedAt,
      orderNumber: orders.orderNumber,
    })
    .from(orderVouchers)
    .innerJoin(orders, eq(orders.id, orderVouchers.orderId))
    .innerJoin(vouchers, eq(vouchers.id, orderVouchers.voucherId))
    .where(eq(orders.customerId, customer.id))
    .orderBy(asc(orderVouchers.appliedAt), asc(orderVouchers.id));
  return {
    sections: {
      vouchersUsed: rows.map((v) => ({
        code: v.code,
        kind: v.kind,
        kindName: labelIn(voucherKindLabels, v.kind as VoucherKind, locale),
        type: v.type,
        typeName: labelIn(voucherTypeLabels, v.type as VoucherType, locale),
        orderNumber: v.orderNumber,
        amount: czkText(v.amount),
        currency: 'CZK',
        forWho: v.forWho,
        fromWho: v.fromWho,
        validTo: v.validTo,
        appliedAt: v.appliedAt.toISOString(),
      })),
    },
  };
}
