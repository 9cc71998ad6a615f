import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CardPaymentStatus, PaymentMethod, RegistrationSource } from '@genodesk/contract';
import { demoBankAccount } from '../config.js';
import type { Executor } from '../db/client.js';
import { customers, orders, payments, productTypes } from '../db/schema/index.js';
import { writeGpc } from '../modules/finances/gpc.js';
import { demoProductTypes } from './customers.js';

/**
 * The orders of the finance screens, one of each state: unpaid by card (pending, authorized,
 * cancelled), waiting bank transfers, paid but not finalized (cash; card with sampling at the centre),
 * nothing chosen yet. Their order numbers are fixed, below the order sequence's start (2 400 001), so
 * `data/demo-statement.gpc` — which pays two transfers, underpays one, has one with a mistyped variable
 * symbol (to be paired by hand) and lines that pay nothing —
 * matches them however the rest of the demo changes.
 */
type DemoOrder = {
  orderNumber: number;
  name: string;
  surname: string;
  language: 'cs' | 'en';
  daysAgo: number;
  product: string;
  payment?: { method: number; cardStatus?: number; paid?: boolean };
  samplingAtCentre?: boolean;
};

const demoOrders: DemoOrder[] = [
  {
    orderNumber: 2300001,
    name: 'Lucie',
    surname: 'Marková',
    language: 'cs',
    daysAgo: 1,
    product: 'Kompletní DNA analýza',
    payment: { method: PaymentMethod.Card, cardStatus: CardPaymentStatus.Pending },
  },
  {
    orderNumber: 2300002,
    name: 'Tomáš',
    surname: 'Beneš',
    language: 'cs',
    daysAgo: 2,
    product: 'Sport a pohyb',
    payment: { method: PaymentMethod.Card, cardStatus: CardPaymentStatus.Authorized },
  },
  {
    orderNumber: 2300003,
    name: 'Emily',
    surname: 'Carter',
    language: 'en',
    daysAgo: 3,
    product: 'Výživa a metabolismus',
    payment: { method: PaymentMethod.Card, cardStatus: CardPaymentStatus.Cancelled },
  },
  {
    orderNumber: 2300004,
    name: 'Jana',
    surname: 'Horáková',
    language: 'cs',
    daysAgo: 6,
    product: 'Kompletní DNA analýza',
    payment: { method: PaymentMethod.BankTransfer },
  },
  {
    orderNumber: 2300005,
    name: 'Martin',
    surname: 'Kolář',
    language: 'cs',
    daysAgo: 5,
    product: 'Reprodukční genetika',
    payment: { method: PaymentMethod.BankTransfer },
  },
  {
    orderNumber: 2300006,
    name: 'Petra',
    surname: 'Urbanová',
    language: 'cs',
    daysAgo: 5,
    product: 'Výživa a metabolismus',
    payment: { method: PaymentMethod.BankTransfer },
  },
  {
    orderNumber: 2300007,
    name: 'David',
    surname: 'Miller',
    language: 'en',
    daysAgo: 4,
    product: 'Sport a pohyb',
    payment: { method: PaymentMethod.BankTransfer },
  },
  {
    orderNumber: 2300008,
    name: 'Klára',
    surname: 'Vaňková',
    language: 'cs',
    daysAgo: 2,
    product: 'Sport a pohyb',
    payment: { method: PaymentMethod.Cash, paid: true },
  },
  {
    orderNumber: 2300009,
    name: 'Ondřej',
    surname: 'Fiala',
    language: 'cs',
    daysAgo: 1,
    product: 'Kompletní DNA analýza',
    payment: { method: PaymentMethod.Card, cardStatus: CardPaymentStatus.Paid, paid: true },
    samplingAtCentre: true,
  },
  {
    orderNumber: 2300010,
    name: 'Věra',
    surname: 'Zemanová',
    language: 'cs',
    daysAgo: 0,
    product: 'Reprodukční genetika',
  },
];

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export async function seedFinances(db: Executor): Promise<void> {
  const now = Date.now();
  const day = 86_400_000;
  const types = new Map((await db.select().from(productTypes)).map((type) => [type.name, type]));
  for (const demo of demoOrders) {
    const type = types.get(demo.product);
    if (!type) throw new Error(`demo product type ${demo.product} is missing`);
    const at = new Date(now - demo.daysAgo * day - 3 * 3_600_000);
    const [customer] = await db
      .insert(customers)
      .values({
        name: demo.name,
        surname: demo.surname,
        email: `${ascii(demo.name)}.${ascii(demo.surname)}@objednavky.example.cz`,
        gender: demo.name.endsWith('a') || demo.name === 'Emily' ? 2 : 1,
        phonePrefix: '+420',
        phone: `7771${String(demo.orderNumber).slice(-5)}`,
        registrationSource: RegistrationSource.Online,
        dateRegistration: at,
        agreedToDataProcessing: true,
        agreedToTermsOfService: true,
        notifyByEmail: true,
        language: demo.language,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: customers.id });
    const paidAt = demo.payment?.paid ? new Date(at.getTime() + 2 * 3_600_000) : null;
    const [order] = await db
      .insert(orders)
      .values({
        customerId: customer!.id,
        orderNumber: demo.orderNumber,
        productTypeId: type.id,
        amount: type.price,
        paidBy: paidAt ? (demo.payment?.method ?? PaymentMethod.NotChosen) : PaymentMethod.NotChosen,
        dateOrderPaid: paidAt,
        samplingAtCentre: demo.samplingAtCentre ?? false,
        createdAt: at,
      })
      .returning({ id: orders.id });
    if (!demo.payment) continue;
    const card = demo.payment.method === PaymentMethod.Card;
    await db.insert(payments).values({
      orderId: order!.id,
      method: demo.payment.method,
      amount: type.price,
      cardStatus: card ? (demo.payment.cardStatus ?? CardPaymentStatus.Pending) : null,
      transactionId: card ? `TXD${demo.orderNumber}` : null,
      refId: card ? `REF-D${demo.orderNumber}` : null,
      variableSymbol: String(demo.orderNumber),
      account: demo.payment.method === PaymentMethod.BankTransfer ? demoBankAccount : null,
      completedAt: paidAt,
      createdAt: at,
    });
  }
}

export const demoStatementFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'data',
  'demo-statement.gpc',
);

/** The demo statement: what `data/demo-statement.gpc` holds (its test writes the file again and compares). */
export function demoStatement(): Buffer {
  const prices = new Map<string, number>(demoProductTypes.map((type) => [type.name, type.price]));
  const price = (product: string) => prices.get(product) ?? 0;
  const credit = (variableSymbol: string, amount: number, counterName: string) => ({
    counterAccount: '0000001234567899',
    counterBank: '0100',
    counterName,
    amount,
    credit: true,
    variableSymbol,
    valueDate: '2026-11-20',
  });
  return writeGpc({
    account: demoBankAccount.split('/')[0]!,
    accountName: 'GenoDesk s.r.o.',
    date: '2026-11-20',
    transactions: [
      credit('2300004', price('Kompletní DNA analýza'), 'Horáková Jana'),
      credit('2300005', price('Reprodukční genetika'), 'Kolář Martin'),
      credit('2300006', price('Výživa a metabolismus') - 50_000, 'Urbanová Petra'),
      // David Miller's transfer with a mistyped variable symbol: staff pair it by hand.
      credit('2300070', price('Sport a pohyb'), 'Miller David'),
      credit('2300004', price('Kompletní DNA analýza'), 'Horáková Jana'),
      { ...credit('', 1_850_000, 'Nájem laboratoře'), credit: false },
    ],
  });
}
