import { PaymentMethod, voucherCodeAlphabet } from '@genodesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { demoVoucherBatchPrefix } from '../../seed/vouchers.js';

let t: TestApp;
let reception: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  reception = await t.authAs(demo.reception);
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: reception })).json();

describe('the voucher demo', () => {
  it('seeds valid, expired, partly used and redeemed vouchers of both kinds and types, and a batch of 50', async () => {
    const demoCodes = await get('/api/admin/vouchers?search=demo-&sort=code&pageSize=100');
    const byCode = Object.fromEntries(demoCodes.items.map((v: { code: string }) => [v.code, v])) as Record<
      string,
      Record<string, unknown>
    >;
    expect(byCode['DEMO-DAR-1000']).toMatchObject({
      kind: 1,
      voucherType: 2,
      forWho: 'Jarmila Nováková',
      expired: false,
    });
    expect(byCode['DEMO-PENIZE-500']).toMatchObject({
      kind: 1,
      voucherType: 1,
      forWho: null,
      redeemed: false,
    });
    expect(byCode['DEMO-PROSLY-300']).toMatchObject({ expired: true });
    expect(byCode['DEMO-PRODUKT-PROSLY']).toMatchObject({ kind: 2, expired: true });
    expect(byCode['DEMO-DAR-DNA']).toMatchObject({ kind: 2, voucherType: 2, fromWho: 'Kolegové z práce' });
    expect(byCode['DEMO-VICE-500']).toMatchObject({
      maxUsageCount: 5,
      remainingUsageCount: 3,
      redeemed: false,
    });
    expect(byCode['DEMO-VYCERPANY-2000']).toMatchObject({ remainingUsageCount: 0, redeemed: true });
    expect(byCode['DEMO-PRODUKT-VYZIVA']).toMatchObject({ remainingUsageCount: 0, redeemed: true });

    const batch = await get(`/api/admin/vouchers?search=${demoVoucherBatchPrefix}&pageSize=100`);
    expect(batch.total).toBe(50);
    for (const v of batch.items as { code: string }[])
      expect(v.code).toMatch(new RegExp(`^${demoVoucherBatchPrefix}[${voucherCodeAlphabet}]{8}$`));
  });

  it('seeds orders paid by money vouchers and by a product voucher, and one a voucher has reduced', async () => {
    const orders = await get('/api/admin/orders?search=vouchery.example&pageSize=100&sort=orderNumber');
    const [byMoney, byProduct, reduced] = orders.items as { id: number }[];
    const money = await get(`/api/admin/orders/getorder?Id=${byMoney!.id}`);
    expect(money).toMatchObject({
      paidBy: PaymentMethod.MoneyVouchers,
      amountDue: 0,
      moneyVouchers: [
        { code: 'DEMO-VYCERPANY-2000', amount: 2000 },
        { code: 'DEMO-VICE-500', amount: 490 },
      ],
    });
    const product = await get(`/api/admin/orders/getorder?Id=${byProduct!.id}`);
    expect(product).toMatchObject({
      paidBy: PaymentMethod.ProductVoucher,
      productVoucher: { code: 'DEMO-PRODUKT-VYZIVA' },
      amountDue: 0,
    });
    const partly = await get(`/api/admin/orders/getorder?Id=${reduced!.id}`);
    expect(partly).toMatchObject({
      paidBy: PaymentMethod.NotChosen,
      amountDue: 2490,
      missing: ['payment', 'finalization'],
    });
  });
});
