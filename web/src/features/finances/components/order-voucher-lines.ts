import type { OrderDetail } from '@genodesk/contract/finances';

export interface OrderVoucherLine {
  id: number;
  code: string;
  kind: 'money' | 'product';
  /** What the voucher took off the order, in haléře. */
  takenMinor: number;
}

const minor = (czk: number) => Math.round(czk * 100);

/**
 * The vouchers applied to an order and what each took off: a money voucher its amount as recorded
 * (never more than was due), a product voucher whatever the money vouchers before it left to pay.
 */
export function orderVoucherLines(order: Pick<OrderDetail, 'amount' | 'moneyVouchers' | 'productVoucher'>): {
  lines: OrderVoucherLine[];
  totalMinor: number;
} {
  const lines: OrderVoucherLine[] = order.moneyVouchers.map((v) => ({
    id: v.id,
    code: v.code,
    kind: 'money',
    takenMinor: minor(v.amount),
  }));
  const moneyMinor = lines.reduce((sum, line) => sum + line.takenMinor, 0);
  if (order.productVoucher)
    lines.push({
      id: order.productVoucher.id,
      code: order.productVoucher.code,
      kind: 'product',
      takenMinor: Math.max(0, minor(order.amount) - moneyMinor),
    });
  return { lines, totalMinor: lines.reduce((sum, line) => sum + line.takenMinor, 0) };
}

/** Vouchers can be applied and removed while the order is unpaid. */
export const vouchersEditable = (order: Pick<OrderDetail, 'dateOrderPaid'>) => order.dateOrderPaid === null;
