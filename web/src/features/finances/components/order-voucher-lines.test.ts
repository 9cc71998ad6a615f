import { describe, expect, it } from 'vitest';
import { orderVoucherLines, vouchersEditable } from './order-voucher-lines';

describe('the vouchers on an order', () => {
  it('lists what each money voucher took off, and their total', () => {
    const { lines, totalMinor } = orderVoucherLines({
      amount: 2490,
      moneyVouchers: [
        { id: 1, code: 'A', amount: 500 },
        { id: 2, code: 'B', amount: 1000.5 },
      ],
      productVoucher: null,
    });
    expect(lines).toEqual([
      { id: 1, code: 'A', kind: 'money', takenMinor: 50_000 },
      { id: 2, code: 'B', kind: 'money', takenMinor: 100_050 },
    ]);
    expect(totalMinor).toBe(150_050);
  });

  it('gives a product voucher whatever the money vouchers left to pay', () => {
    const { lines, totalMinor } = orderVoucherLines({
      amount: 2490,
      moneyVouchers: [{ id: 1, code: 'A', amount: 500 }],
      productVoucher: { id: 3, code: 'P' },
    });
    expect(lines[1]).toEqual({ id: 3, code: 'P', kind: 'product', takenMinor: 199_000 });
    expect(totalMinor).toBe(249_000);
  });

  it('is empty without vouchers', () => {
    expect(orderVoucherLines({ amount: 100, moneyVouchers: [], productVoucher: null })).toEqual({
      lines: [],
      totalMinor: 0,
    });
  });

  it('can be changed only while the order is unpaid', () => {
    expect(vouchersEditable({ dateOrderPaid: null })).toBe(true);
    expect(vouchersEditable({ dateOrderPaid: '2026-01-01T10:00:00Z' })).toBe(false);
  });
});
