import {
  PaymentMethod,
  pragueDay,
  RegistrationSource,
  VoucherKind,
  VoucherType,
  voucherCodeAlphabet,
  voucherSuffixLength,
} from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { customers, orders, orderVouchers, payments, productTypes, vouchers } from '../db/schema/index.js';

/**
 * The vouchers of the voucher screens: standard and gift, money and product; valid, expired, partly
 * used and redeemed ones; a batch of 50 gift vouchers with the prefix `VANOCE-`; and orders paid by
 * money vouchers [5] and by a product voucher [4], and one an unpaid order's voucher has reduced.
 * Codes and order numbers are fixed (the batch's suffixes too), so the screens and tests find them.
 */
type DemoVoucher = {
  code: string;
  kind: VoucherKind;
  amount?: number;
  product?: string;
  type: VoucherType;
  validDays: number;
  uses?: number;
  forWho?: string;
  fromWho?: string;
};

const demoVouchers: DemoVoucher[] = [
  {
    code: 'DEMO-PENIZE-500',
    kind: VoucherKind.Money,
    amount: 50_000,
    type: VoucherType.Standard,
    validDays: 365,
  },
  {
    code: 'DEMO-DAR-1000',
    kind: VoucherKind.Money,
    amount: 100_000,
    type: VoucherType.Gift,
    validDays: 180,
    forWho: 'Jarmila Nováková',
    fromWho: 'Vnoučata',
  },
  {
    code: 'DEMO-PROSLY-300',
    kind: VoucherKind.Money,
    amount: 30_000,
    type: VoucherType.Standard,
    validDays: -30,
  },
  {
    code: 'DEMO-VICE-500',
    kind: VoucherKind.Money,
    amount: 50_000,
    type: VoucherType.Standard,
    validDays: 365,
    uses: 5,
  },
  {
    code: 'DEMO-VYCERPANY-2000',
    kind: VoucherKind.Money,
    amount: 200_000,
    type: VoucherType.Standard,
    validDays: 90,
  },
  {
    code: 'DEMO-PRODUKT-SPORT',
    kind: VoucherKind.Product,
    product: 'Sport a pohyb',
    type: VoucherType.Standard,
    validDays: 365,
  },
  {
    code: 'DEMO-DAR-DNA',
    kind: VoucherKind.Product,
    product: 'Kompletní DNA analýza',
    type: VoucherType.Gift,
    validDays: 365,
    forWho: 'Tomáš Dvořák',
    fromWho: 'Kolegové z práce',
  },
  {
    code: 'DEMO-PRODUKT-PROSLY',
    kind: VoucherKind.Product,
    product: 'Reprodukční genetika',
    type: VoucherType.Standard,
    validDays: -10,
  },
  {
    code: 'DEMO-PRODUKT-VYZIVA',
    kind: VoucherKind.Product,
    product: 'Výživa a metabolismus',
    type: VoucherType.Standard,
    validDays: 200,
  },
];

export const demoVoucherBatchPrefix = 'VANOCE-';
export const demoVoucherBatchSize = 50;

/** The batch's suffixes: from a fixed-seed generator (mulberry32), so the same on every seed. */
function batchSuffixes(count: number): string[] {
  let state = 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const suffixes = new Set<string>();
  while (suffixes.size < count)
    suffixes.add(
      Array.from(
        { length: voucherSuffixLength },
        () => voucherCodeAlphabet[Math.floor(next() * voucherCodeAlphabet.length)],
      ).join(''),
    );
  return [...suffixes];
}

/** Orders redeemed with vouchers, in this order; numbers fixed below the order sequence's start. */
const demoRedemptions = [
  {
    orderNumber: 2300101,
    name: 'Hana',
    surname: 'Poukazová',
    product: 'Sport a pohyb',
    codes: ['DEMO-VYCERPANY-2000', 'DEMO-VICE-500'],
  },
  {
    orderNumber: 2300102,
    name: 'Pavel',
    surname: 'Dárkový',
    product: 'Výživa a metabolismus',
    codes: ['DEMO-PRODUKT-VYZIVA'],
  },
  {
    orderNumber: 2300103,
    name: 'Irena',
    surname: 'Slevová',
    product: 'Výživa a metabolismus',
    codes: ['DEMO-VICE-500'],
  },
];

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const dayFrom = (now: number, days: number) => pragueDay(new Date(now + days * 86_400_000));

export async function seedVouchers(db: Executor): Promise<void> {
  const now = Date.now();
  const day = 86_400_000;
  const types = new Map((await db.select().from(productTypes)).map((type) => [type.name, type]));
  const typeOf = (name: string) => {
    const type = types.get(name);
    if (!type) throw new Error(`demo product type ${name} is missing`);
    return type;
  };
  const rows = [
    ...demoVouchers.map((v, i) => ({
      kind: v.kind,
      code: v.code,
      amount: v.amount ?? null,
      productTypeId: v.product ? typeOf(v.product).id : null,
      voucherType: v.type,
      validTo: dayFrom(now, v.validDays),
      forWho: v.type === VoucherType.Gift ? (v.forWho ?? null) : null,
      fromWho: v.type === VoucherType.Gift ? (v.fromWho ?? null) : null,
      maxUsageCount: v.uses ?? 1,
      remainingUsageCount: v.uses ?? 1,
      createdAt: new Date(now - (40 - i) * day),
    })),
    ...batchSuffixes(demoVoucherBatchSize).map((suffix) => ({
      kind: VoucherKind.Money,
      code: `${demoVoucherBatchPrefix}${suffix}`,
      amount: 100_000,
      productTypeId: null,
      voucherType: VoucherType.Gift,
      validTo: dayFrom(now, 120),
      forWho: null,
      fromWho: 'GenoDesk',
      maxUsageCount: 1,
      remainingUsageCount: 1,
      createdAt: new Date(now - 20 * day),
    })),
  ];
  const created = await db.insert(vouchers).values(rows).returning();
  const byCode = new Map(created.map((v) => [v.code, v]));

  for (const [index, demo] of demoRedemptions.entries()) {
    const type = typeOf(demo.product);
    const at = new Date(now - (10 - index) * day);
    const [customer] = await db
      .insert(customers)
      .values({
        name: demo.name,
        surname: demo.surname,
        email: `${ascii(demo.name)}.${ascii(demo.surname)}@vouchery.example.cz`,
        gender: demo.name.endsWith('a') ? 2 : 1,
        phonePrefix: '+420',
        phone: `7772${String(demo.orderNumber).slice(-5)}`,
        registrationSource: RegistrationSource.Online,
        dateRegistration: at,
        agreedToDataProcessing: true,
        agreedToTermsOfService: true,
        language: 'cs',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: customers.id });
    const [order] = await db
      .insert(orders)
      .values({
        customerId: customer!.id,
        orderNumber: demo.orderNumber,
        productTypeId: type.id,
        amount: type.price,
        createdAt: at,
      })
      .returning({ id: orders.id });
    // As `applyVoucher` does it: money off what is due, a product voucher pays the rest.
    let due = type.price;
    let method: number = PaymentMethod.MoneyVouchers;
    for (const code of demo.codes) {
      const voucher = byCode.get(code);
      if (!voucher) throw new Error(`demo voucher ${code} is missing`);
      const taken = voucher.kind === VoucherKind.Product ? due : Math.min(voucher.amount ?? 0, due);
      if (voucher.kind === VoucherKind.Product) method = PaymentMethod.ProductVoucher;
      due -= taken;
      await db
        .insert(orderVouchers)
        .values({ orderId: order!.id, voucherId: voucher.id, amount: taken, appliedAt: at });
      voucher.remainingUsageCount -= 1;
    }
    if (due > 0) continue;
    const paidAt = new Date(at.getTime() + 3_600_000);
    await db.update(orders).set({ paidBy: method, dateOrderPaid: paidAt }).where(eq(orders.id, order!.id));
    await db.insert(payments).values({
      orderId: order!.id,
      method,
      amount: type.price,
      variableSymbol: String(demo.orderNumber),
      completedAt: paidAt,
      createdAt: paidAt,
    });
  }
  for (const voucher of created)
    if (voucher.remainingUsageCount !== voucher.maxUsageCount)
      await db
        .update(vouchers)
        .set({
          remainingUsageCount: voucher.remainingUsageCount,
          redeemed: voucher.remainingUsageCount === 0,
        })
        .where(eq(vouchers.id, voucher.id));
}
