import { createHmac } from 'node:crypto';
import { CardPaymentStatus, czkText, PaymentMethod, SampleStatus } from '@genodesk/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent } from '../../../test/consent.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  auditLog,
  customerGenotypes,
  customers,
  orders,
  outboxMessages,
  payments,
  products,
  productTypes,
  samples,
} from '../../db/schema/index.js';
import { demoPassword } from '../../seed/demo.js';
import { financesDataExport } from './data-export.js';
import { writeGpc } from './gpc.js';
import { createOrder } from './orders.service.js';

const secret = 'gateway-secret';
let t: TestApp;
let reception: Record<string, string>;
let typeId: number;
let typePrice: number;
beforeAll(async () => {
  t = await testApp({ paymentWebhookSecret: secret });
  reception = await t.authAs(demo.reception);
  const [type] = await t.db.select().from(productTypes).orderBy(productTypes.id).limit(1);
  typeId = type!.id;
  typePrice = type!.price;
});
afterAll(() => t.close());

let seq = 0;
/** A new customer (speaking `language`) with an unpaid order; optionally a card payment in `cardStatus`. */
async function unpaidOrder(options: { card?: number; language?: 'cs' | 'en' } = {}) {
  seq += 1;
  const email = `platba-${seq}-${Date.now()}@example.test`;
  const [customer] = await t.db
    .insert(customers)
    .values({
      name: 'Jana',
      surname: `Platící${seq}`,
      email,
      gender: 2,
      registrationSource: 1,
      language: options.language ?? 'cs',
    })
    .returning({ id: customers.id });
  const order = await transaction(t.db, (tx) => createOrder(tx, customer!.id, typeId));
  let paymentId: number | undefined;
  let transactionId: string | undefined;
  if (options.card) {
    transactionId = `TX-${seq}-${Date.now()}`;
    const [payment] = await t.db
      .insert(payments)
      .values({
        orderId: order.id,
        method: PaymentMethod.Card,
        amount: order.amount,
        cardStatus: options.card,
        transactionId,
        variableSymbol: String(order.orderNumber),
      })
      .returning({ id: payments.id });
    paymentId = payment!.id;
  }
  return {
    customerId: customer!.id,
    email,
    orderId: order.id,
    orderNumber: order.orderNumber,
    paymentId,
    transactionId,
  };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = reception,
) => t.app.inject({ method, url, payload, headers });
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentRow = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const mailsTo = (email: string) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));

describe('orders, payments and unprocessed orders', () => {
  it('lists orders searched by number, variable symbol and customer, filtered and paged in SQL', async () => {
    const order = await unpaidOrder();
    const admin = await t.authAs(demo.admin);
    const byNumber = (
      await call('GET', `/api/admin/orders?search=${order.orderNumber}`, undefined, admin)
    ).json();
    expect(byNumber).toMatchObject({
      total: 1,
      totalExact: true,
      items: [{ id: order.orderId, missing: ['payment', 'finalization'] }],
    });
    const byName = (await call('GET', `/api/admin/orders?search=Platící${seq}`, undefined, admin)).json();
    expect(byName.items.map((o: { id: number }) => o.id)).toEqual([order.orderId]);
    const complete = (
      await call('GET', '/api/admin/orders?complete=true&pageSize=100', undefined, admin)
    ).json();
    expect(complete.items.every((o: { complete: boolean }) => o.complete)).toBe(true);
    const cash = (await call('GET', '/api/admin/orders?paidBy=3&pageSize=100', undefined, admin)).json();
    expect(cash.items.every((o: { paidBy: number }) => o.paidBy === 3)).toBe(true);
    const sorted = (
      await call('GET', '/api/admin/orders?sort=orderNumber&pageSize=5', undefined, admin)
    ).json();
    const numbers = sorted.items.map((o: { orderNumber: number }) => o.orderNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect((await call('GET', '/api/admin/orders?sort=secret', undefined, admin)).statusCode).toBe(400);
    const csv = await call(
      'GET',
      `/api/admin/orders/export?format=csv&search=${order.orderNumber}`,
      undefined,
      admin,
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(String(order.orderNumber));
    // Order number; customer; e-mail; product; amount; paid by; paid at; complete; created (in Prague).
    const [type] = await t.db.select().from(productTypes).where(eq(productTypes.id, typeId));
    const row = (body: string) => body.trim().split('\r\n')[1]!.split(';');
    expect(row(csv.body)[3]).toBe(type!.name);
    expect(row(csv.body)[4]).toBe(czkText(typePrice));
    expect(row(csv.body)[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const english = await call(
      'GET',
      `/api/admin/orders/export?format=csv&search=${order.orderNumber}`,
      undefined,
      { ...admin, 'accept-language': 'en' },
    );
    expect(row(english.body)[3]).toBe(type!.nameEn || type!.name);
  });

  it('lists the unprocessed orders with what each lacks; the view shows the actions that apply', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    const list = (await call('GET', '/api/admin/unpaidcustomers?missing=payment&pageSize=100')).json();
    expect(
      list.items.every(
        (o: { complete: boolean; missing: string[] }) => !o.complete && o.missing.includes('payment'),
      ),
    ).toBe(true);
    expect(list.items.map((o: { id: number }) => o.id)).toContain(order.orderId);
    const view = (await call('GET', `/api/admin/unpaidcustomers/${order.orderId}`)).json();
    expect(view).toMatchObject({
      amount: typePrice / 100,
      amountMinor: typePrice,
      amountDue: typePrice / 100,
      cardPayment: { id: order.paymentId, cardStatus: 1, canApprove: true, canConvertToCash: true },
      cashPayment: null,
      bankTransferPayment: null,
      sample: null,
      // An open card payment is approved or converted, not paid beside in cash.
      actions: ['bankTransfer', 'samplingAtCentre'],
    });
    expect(
      (
        await call(
          'GET',
          `/api/admin/orders/getorderbypayment?Id=${order.paymentId}`,
          undefined,
          await t.authAs(demo.admin),
        )
      ).json().id,
    ).toBe(order.orderId);
    expect((await call('GET', '/api/admin/unpaidcustomers/999999')).statusCode).toBe(404);
  });

  it('approves an open payment: completed, the order paid by it, audited, the customer e-mailed in their language', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Authorized, language: 'en' });
    const response = await call('POST', '/api/admin/payments/approve', { PaymentId: order.paymentId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      completed: true,
      cardStatus: CardPaymentStatus.Paid,
      canApprove: false,
    });
    expect(await orderRow(order.orderId)).toMatchObject({ paidBy: PaymentMethod.Card, complete: false });
    expect((await orderRow(order.orderId)).dateOrderPaid).not.toBeNull();
    const [mail] = await mailsTo(order.email);
    expect(mail).toMatchObject({ kind: 'payment-received', language: 'en' });
    expect(mail?.bodyText).toContain(`Order: ${order.orderNumber}`);
    const [audited] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, order.paymentId!)));
    expect(audited!.n).toBe(1);

    const again = await call('POST', '/api/admin/payments/approve', { PaymentId: order.paymentId });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Tato platba už je dokončena.');
    expect(await mailsTo(order.email)).toHaveLength(1);
  });

  it('converts an open payment to a completed cash payment; a cancelled card payment cannot be approved', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Cancelled });
    const refused = await call('POST', '/api/admin/payments/approve', { PaymentId: order.paymentId });
    expect(refused.statusCode).toBe(422);
    const converted = await call('POST', '/api/admin/payments/convert-to-cash', {
      PaymentId: order.paymentId,
    });
    expect(converted.statusCode).toBe(200);
    expect(converted.json()).toMatchObject({ method: PaymentMethod.Cash, cardStatus: null, completed: true });
    expect(await orderRow(order.orderId)).toMatchObject({ paidBy: PaymentMethod.Cash });
    expect(
      (await call('POST', '/api/admin/payments/convert-to-cash', { PaymentId: order.paymentId })).statusCode,
    ).toBe(422);
  });

  it('approve and convert at once: exactly one completion', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    const [other] = await t.db
      .insert(payments)
      .values({
        orderId: order.orderId,
        method: PaymentMethod.BankTransfer,
        amount: typePrice,
        variableSymbol: String(order.orderNumber),
        account: '19-2000145399/0800',
      })
      .returning({ id: payments.id });
    const answers = await Promise.all([
      call('POST', '/api/admin/payments/approve', { PaymentId: order.paymentId }),
      call('POST', '/api/admin/payments/convert-to-cash', { PaymentId: order.paymentId }),
      call('POST', '/api/admin/payments/approve', { PaymentId: other!.id }),
      call('POST', '/api/admin/payments/convert-to-cash', { PaymentId: other!.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422]);
    const [completed] = await t.db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.orderId, order.orderId), sql`${payments.completedAt} is not null`));
    expect(completed!.n).toBe(1);
    expect(await mailsTo(order.email)).toHaveLength(1);
  });

  it('creates a bank transfer with the QR Platba string and e-mails the instructions with the QR code; reused while open', async () => {
    const order = await unpaidOrder();
    const response = await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId });
    expect(response.statusCode).toBe(200);
    const transfer = response.json();
    expect(transfer).toMatchObject({
      method: PaymentMethod.BankTransfer,
      account: '19-2000145399/0800',
      iban: 'CZ6508000000192000145399',
      variableSymbol: String(order.orderNumber),
      completed: false,
      spayd: `SPD*1.0*ACC:CZ6508000000192000145399*AM:${(typePrice / 100).toFixed(2)}*CC:CZK*MSG:GenoDesk ${order.orderNumber}*X-VS:${order.orderNumber}`,
    });
    const [mail] = await mailsTo(order.email);
    expect(mail).toMatchObject({ kind: 'payment-instructions' });
    expect(mail?.bodyHtml).toContain('cid:qr-platba');
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: 'qr-platba.png',
      contentType: 'image/png',
      cid: 'qr-platba',
    });
    expect(Buffer.from(mail!.attachments![0]!.content, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const again = await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId });
    expect(again.json().id).toBe(transfer.id);
    expect(await mailsTo(order.email)).toHaveLength(2);

    await call('POST', '/api/admin/payments/approve', { PaymentId: transfer.id });
    const paid = await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().error.message).toBe('Objednávka už je zaplacena.');
  });

  it('takes cash for an unpaid order without a payment: one completed cash payment, one e-mail, no transfer instructions', async () => {
    const order = await unpaidOrder();
    const offered = (await call('GET', `/api/admin/unpaidcustomers/${order.orderId}`)).json();
    expect(offered.actions).toEqual(['takeCash', 'bankTransfer', 'samplingAtCentre']);
    const response = await call('PUT', '/api/admin/payments/cash', { OrderId: order.orderId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      method: PaymentMethod.Cash,
      completed: true,
      amount: typePrice / 100,
    });
    expect(await orderRow(order.orderId)).toMatchObject({ paidBy: PaymentMethod.Cash });
    const mails = await mailsTo(order.email);
    expect(mails.map((m) => m.kind)).toEqual(['payment-received']);
    const again = await call('PUT', '/api/admin/payments/cash', { OrderId: order.orderId });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Objednávka už je zaplacena.');
    const [all] = await t.db.select({ n: count() }).from(payments).where(eq(payments.orderId, order.orderId));
    expect(all!.n).toBe(1);
  });

  it('takes cash beside a cancelled card attempt: a new cash payment, the card attempt kept as it was', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Cancelled });
    const [attempt] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId!));
    const response = await call('PUT', '/api/admin/payments/cash', { OrderId: order.orderId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ method: PaymentMethod.Cash, completed: true });
    expect(response.json().id).not.toBe(order.paymentId);
    const rows = await t.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.orderId))
      .orderBy(payments.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(attempt);
    expect(rows[1]).toMatchObject({ method: PaymentMethod.Cash, transactionId: null, cardStatus: null });
    expect(await orderRow(order.orderId)).toMatchObject({ paidBy: PaymentMethod.Cash });
  });

  it('takes cash for an order with an open transfer by turning that transfer into the cash payment; twice at once pays once', async () => {
    const order = await unpaidOrder();
    const transfer = (
      await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId })
    ).json();
    // Not offered beside an open transfer (its row's convert is), but a call still pays once.
    expect((await call('GET', `/api/admin/unpaidcustomers/${order.orderId}`)).json().actions).not.toContain(
      'takeCash',
    );
    const answers = await Promise.all([
      call('PUT', '/api/admin/payments/cash', { OrderId: order.orderId }),
      call('PUT', '/api/admin/payments/cash', { OrderId: order.orderId }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const paid = answers.find((a) => a.statusCode === 200)!.json();
    expect(paid).toMatchObject({ id: transfer.id, method: PaymentMethod.Cash, completed: true });
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(rows).toHaveLength(1);
    expect((await mailsTo(order.email)).filter((m) => m.kind === 'payment-received')).toHaveLength(1);
    expect((await call('PUT', '/api/admin/payments/cash', { OrderId: 999_999_999 })).statusCode).toBe(404);
  });

  it('finalizes only a paid order, once: sampling at the centre makes the sample [10]', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    const early = await call('POST', '/api/admin/orders/finalize', { OrderId: order.orderId });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe('Objednávku lze dokončit až po zaplacení.');
    // A sample is taken at the centre only with a valid consent to DNA analysis (issue 35).
    const unconsented = await call('POST', '/api/admin/orders/sampling-at-centre', {
      OrderId: order.orderId,
    });
    expect(unconsented.statusCode).toBe(422);
    expect(unconsented.json().error.message).toContain('odběr vzorku');
    await giveConsent(t.db, order.customerId);
    expect(
      (await call('POST', '/api/admin/orders/sampling-at-centre', { OrderId: order.orderId })).json(),
    ).toMatchObject({
      samplingAtCentre: true,
      actions: ['bankTransfer'],
    });
    await call('POST', '/api/admin/payments/approve', { PaymentId: order.paymentId });
    const finalized = await call('POST', '/api/admin/orders/finalize', { OrderId: order.orderId });
    expect(finalized.statusCode).toBe(200);
    expect(finalized.json()).toMatchObject({
      complete: true,
      missing: [],
      actions: [],
      sample: { status: SampleStatus.TakenAtCentreWithoutConsultation },
    });
    const late = await call('POST', '/api/admin/orders/sampling-at-centre', { OrderId: order.orderId });
    expect(late.statusCode).toBe(422);
  });

  it('an additional purchase is generated from stored genotypes only with a valid consent', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    await call('POST', '/api/admin/payments/approve', { PaymentId: order.paymentId });
    // Results are stored for the customer (an earlier analysis), the consent since withdrawn.
    await t.db
      .insert(customerGenotypes)
      .values({ customerId: order.customerId, geneCode: 'MTHFR', genotype: 'C/T' });
    const refused = await call('POST', '/api/admin/orders/finalize?locale=en', { OrderId: order.orderId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('generating the report');
    expect((await orderRow(order.orderId)).complete).toBe(false);
    expect(await t.db.select().from(products).where(eq(products.customerId, order.customerId))).toHaveLength(
      0,
    );
    // Nothing is lost: with a consent recorded again, the report is made.
    await giveConsent(t.db, order.customerId);
    const finalized = await call('POST', '/api/admin/orders/finalize', { OrderId: order.orderId });
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect(await t.db.select().from(products).where(eq(products.customerId, order.customerId))).toHaveLength(
      1,
    );
  });

  it('two staff pressing finalize at once: exactly one sample', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    await call('POST', '/api/admin/payments/approve', { PaymentId: order.paymentId });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/admin/orders/finalize', { OrderId: order.orderId })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const [made] = await t.db.select({ n: count() }).from(samples).where(eq(samples.orderId, order.orderId));
    expect(made!.n).toBe(1);
    expect((await t.db.select().from(samples).where(eq(samples.orderId, order.orderId)))[0]?.status).toBe(
      SampleStatus.WaitingToBeSent,
    );
  });

  it('filters and searches payments; only those who may see payments see them', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Authorized });
    const byTransaction = (await call('GET', `/api/admin/payments?search=${order.transactionId}`)).json();
    expect(byTransaction.items.map((p: { id: number }) => p.id)).toEqual([order.paymentId]);
    const authorized = (
      await call('GET', '/api/admin/payments?method=1&cardStatus=2&completed=false&pageSize=100')
    ).json();
    expect(
      authorized.items.every(
        (p: { cardStatus: number; completed: boolean }) => p.cardStatus === 2 && !p.completed,
      ),
    ).toBe(true);
    const lab = await t.authAs(demo.lab);
    expect((await call('GET', '/api/admin/payments', undefined, lab)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/admin/payments/approve', { PaymentId: order.paymentId }, lab)).statusCode,
    ).toBe(403);
    expect((await paymentRow(order.paymentId!)).completedAt).toBeNull();
  });
});

describe('card notifications from the payment gateway', () => {
  const notify = (body: object, signature?: string, app = t) => {
    const raw = JSON.stringify(body);
    return app.app.inject({
      method: 'POST',
      url: '/api/payments/card-notification',
      headers: {
        'content-type': 'application/json',
        'x-signature': signature ?? createHmac('sha256', secret).update(raw).digest('hex'),
      },
      payload: raw,
    });
  };

  it('refuses a missing or wrong signature with 401 and changes nothing', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    expect(
      (await notify({ TransactionId: order.transactionId, Status: 3 }, 'ab'.repeat(32))).statusCode,
    ).toBe(401);
    expect((await notify({ TransactionId: order.transactionId, Status: 3 }, '')).statusCode).toBe(401);
    const signedOther = createHmac('sha256', 'other').update('{}').digest('hex');
    expect((await notify({ TransactionId: order.transactionId, Status: 3 }, signedOther)).statusCode).toBe(
      401,
    );
    expect(await paymentRow(order.paymentId!)).toMatchObject({ cardStatus: 1, completedAt: null });
  });

  it('moves a payment forward only: repeats and late notifications change nothing; paid pays the order', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    const authorized = await notify({ TransactionId: order.transactionId, RefId: 'REF-9', Status: 2 });
    expect(authorized.json()).toEqual({ paymentId: order.paymentId, cardStatus: 2, changed: true });
    expect((await notify({ TransactionId: order.transactionId, Status: 2 })).json().changed).toBe(false);
    expect((await notify({ TransactionId: order.transactionId, Status: 1 })).json().changed).toBe(false);
    const paid = await notify({ TransactionId: order.transactionId, Status: 3 });
    expect(paid.json()).toMatchObject({ cardStatus: 3, changed: true });
    expect(await paymentRow(order.paymentId!)).toMatchObject({ cardStatus: 3, refId: 'REF-9' });
    expect((await orderRow(order.orderId)).paidBy).toBe(PaymentMethod.Card);
    for (const late of [2, 4, 3])
      expect((await notify({ TransactionId: order.transactionId, Status: late })).json().changed).toBe(false);
    expect((await paymentRow(order.paymentId!)).cardStatus).toBe(3);
    expect((await mailsTo(order.email)).map((m) => m.kind)).toEqual(['payment-received']);
  });

  it('cancels a pending payment; an unknown transaction is a 404, bad input a 400', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    expect((await notify({ TransactionId: order.transactionId, Status: 4 })).json()).toMatchObject({
      cardStatus: 4,
      changed: true,
    });
    expect((await notify({ TransactionId: order.transactionId, Status: 3 })).json().changed).toBe(false);
    expect((await orderRow(order.orderId)).dateOrderPaid).toBeNull();
    expect((await notify({ TransactionId: 'nope', Status: 3 })).statusCode).toBe(404);
    expect((await notify({ TransactionId: order.transactionId, Status: 9 })).statusCode).toBe(400);
  });

  it('a paid notification for an order paid another way meanwhile records an overpayment to refund, and nothing else', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Authorized });
    // The customer pays by transfer (approved by staff) while the card payment is still authorized.
    const transfer = (
      await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId })
    ).json();
    expect((await call('POST', '/api/admin/payments/approve', { PaymentId: transfer.id })).statusCode).toBe(
      200,
    );
    const paidOrder = await orderRow(order.orderId);
    const mailsBefore = await mailsTo(order.email);

    // The gateway then reports the card paid, twice at once: recorded once.
    const answers = await Promise.all([
      notify({ TransactionId: order.transactionId, RefId: 'REF-TWICE', Status: 3 }),
      notify({ TransactionId: order.transactionId, RefId: 'REF-TWICE', Status: 3 }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().changed).sort()).toEqual([false, true]);
    expect(answers.every((a) => a.json().paymentId === order.paymentId)).toBe(true);
    const charge = await paymentRow(order.paymentId!);
    expect(charge).toMatchObject({ method: PaymentMethod.Card, cardStatus: 3, refId: 'REF-TWICE' });
    expect(charge.completedAt).not.toBeNull();
    expect(charge.refundDueAt).not.toBeNull();
    expect(charge.refundedAt).toBeNull();
    // The order keeps the payment that paid it, its date and its e-mails.
    expect(await orderRow(order.orderId)).toEqual(paidOrder);
    expect(paidOrder.paidBy).toBe(PaymentMethod.BankTransfer);
    expect(await mailsTo(order.email)).toEqual(mailsBefore);
    const audited = await t.db
      .select({ field: auditLog.field, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, order.paymentId!)))
      .orderBy(auditLog.id);
    expect(audited).toEqual([
      { field: 'cardStatus', oldValue: '2', newValue: '3' },
      { field: 'refundDue', oldValue: null, newValue: String(typePrice) },
    ]);
    // A repeat or late notification changes nothing.
    for (const late of [3, 4, 2])
      expect((await notify({ TransactionId: order.transactionId, Status: late })).json().changed).toBe(false);
    expect(await paymentRow(order.paymentId!)).toEqual(charge);
    // The order is still paid once: no other completion of it can commit.
    await expect(
      t.db
        .insert(payments)
        .values({ orderId: order.orderId, method: PaymentMethod.Cash, amount: 1, completedAt: new Date() }),
    ).rejects.toThrow();

    // Staff see it: on the order (paid twice, to refund), in the payments list and on the dashboard.
    const admin = await t.authAs(demo.admin);
    const view = (
      await call('GET', `/api/admin/orders/getorder?Id=${order.orderId}`, undefined, admin)
    ).json();
    expect(view).toMatchObject({
      paidBy: PaymentMethod.BankTransfer,
      amountDue: 0,
      refundDue: typePrice / 100,
      refundDueMinor: typePrice,
    });
    const shown = view.payments.find((p: { id: number }) => p.id === order.paymentId);
    expect(shown).toMatchObject({
      completed: true,
      cardStatus: 3,
      amountMinor: typePrice,
      refund: { refundedAt: null, refundedBy: null },
      canMarkRefunded: true,
      canApprove: false,
      canConvertToCash: false,
    });
    expect(view.payments.find((p: { id: number }) => p.id === transfer.id)).toMatchObject({
      refund: null,
      canMarkRefunded: false,
    });
    const due = (
      await call('GET', `/api/admin/payments?refundDue=true&search=${order.transactionId}`, undefined, admin)
    ).json();
    expect(due.items.map((p: { id: number }) => p.id)).toEqual([order.paymentId]);
    const counters = (await call('GET', '/api/admin/dashboard', undefined, admin)).json().counters;
    const refundsDue = counters.find((c: { key: string }) => c.key === 'refundsDue');
    const dueTotal = (await call('GET', '/api/admin/payments?refundDue=true', undefined, admin)).json().total;
    expect(refundsDue).toMatchObject({ count: dueTotal });
    expect(dueTotal).toBeGreaterThan(0);
  });

  it('marks an overpayment refunded once, with a note of how, audited; refuses other payments, bad input and users without the permission', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    const cash = (await call('PUT', '/api/admin/payments/cash', { OrderId: order.orderId })).json();
    const mark = (body: object, headers = reception) =>
      call('POST', '/api/admin/payments/mark-refunded', body, headers);
    const admin = await t.authAs(demo.admin);

    // Not an overpayment (yet): 422 in the caller's language; bad input 400; the lab 403.
    const notDue = await mark({ PaymentId: cash.id }, { ...reception, 'accept-language': 'en' });
    expect(notDue.statusCode).toBe(422);
    expect(notDue.json().error.message).toBe('This payment is not an overpayment to refund.');
    const bad = await mark({ PaymentId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Neplatná hodnota!');
    expect((await mark({})).statusCode).toBe(400);
    expect((await mark({ PaymentId: 999_999_999 })).statusCode).toBe(404);

    // Cash was taken at the desk for the card payment itself; the gateway then charged the card.
    expect(cash.id).toBe(order.paymentId);
    const paid = await notify({ TransactionId: order.transactionId, RefId: 'REF-DESK', Status: 3 });
    expect(paid.statusCode).toBe(200);
    const chargeId = paid.json().paymentId as number;
    expect(paid.json()).toMatchObject({ cardStatus: 3, changed: true });
    expect(chargeId).not.toBe(cash.id);
    expect(await paymentRow(chargeId)).toMatchObject({
      orderId: order.orderId,
      method: PaymentMethod.Card,
      cardStatus: 3,
      amount: typePrice,
      transactionId: order.transactionId,
      refId: 'REF-DESK',
      refundedAt: null,
    });
    expect(await paymentRow(cash.id)).toMatchObject({ method: PaymentMethod.Cash, transactionId: null });
    expect(await orderRow(order.orderId)).toMatchObject({ paidBy: PaymentMethod.Cash });
    expect((await mailsTo(order.email)).map((m) => m.kind)).toEqual(['payment-received']);
    const repeat = await notify({ TransactionId: order.transactionId, Status: 3 });
    expect(repeat.json()).toMatchObject({ paymentId: chargeId, changed: false });

    const lab = await t.authAs(demo.lab);
    expect((await mark({ PaymentId: chargeId }, lab)).statusCode).toBe(403);
    expect((await paymentRow(chargeId)).refundedAt).toBeNull();

    // A note of how it was refunded holds at most 2000 characters (after trimming), as other notes do:
    // a longer one is refused with the limit named, in the caller's language, and nothing is recorded.
    for (const [language, text] of [
      ['cs', 'Text je příliš dlouhý (nejvýše 2000 znaků)!'],
      ['en', 'The text is too long (at most 2000 characters)!'],
    ] as const) {
      const long = await mark(
        { PaymentId: chargeId, Note: 'x'.repeat(2001) },
        { ...reception, 'accept-language': language },
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toMatchObject({ message: text, fields: { Note: text } });
    }
    expect((await mark({ PaymentId: chargeId, Note: 42 })).statusCode).toBe(400);
    expect(await paymentRow(chargeId)).toMatchObject({
      refundedAt: null,
      refundedBy: null,
      refundNote: null,
    });
    const audited = (field: string) =>
      t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'payment'), eq(auditLog.entityId, chargeId), eq(auditLog.field, field)),
        );
    expect(await audited('refunded')).toHaveLength(0);

    // Two staff marking it at once, each with a note: one records it, the other is told it is recorded
    // and its note is not kept. The note is trimmed; 2000 characters with spaces around them fit.
    const notes = [
      `  Vráceno převodem na účet zákazníka, VS ${order.orderNumber}  `,
      ` ${'y'.repeat(2000)} `,
    ];
    const answers = await Promise.all(notes.map((Note) => mark({ PaymentId: chargeId, Note })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const note = notes[winner]!.trim();
    const marked = answers[winner]!.json();
    expect(marked).toMatchObject({
      id: chargeId,
      refund: { refundedBy: { userName: expect.any(String) }, note },
      canMarkRefunded: false,
    });
    expect(marked.refund.refundedAt).not.toBeNull();
    expect(answers[1 - winner]!.json().error.message).toBe(
      'Vrácení této platby už bylo zaznamenáno; nic se nezměnilo.',
    );
    const again = await mark(
      { PaymentId: chargeId, Note: 'Vráceno v hotovosti' },
      { ...reception, 'accept-language': 'en' },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'The refund of this payment has already been recorded; nothing changed.',
    );
    expect(await paymentRow(chargeId)).toMatchObject({ refundNote: note });
    const refunds = await audited('refunded');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ newValue: String(typePrice) });
    expect(refunds[0]!.changedBy).not.toBeNull();
    expect(await audited('refundNote')).toEqual([
      expect.objectContaining({ oldValue: null, newValue: note, changedBy: refunds[0]!.changedBy }),
    ]);
    // The order views and the payments list show the note with the refund.
    const shownOnOrder = (await call('GET', `/api/admin/orders/getorder?Id=${order.orderId}`)).json();
    expect(shownOnOrder.payments.find((p: { id: number }) => p.id === chargeId).refund.note).toBe(note);
    const listed = (
      await call('GET', `/api/admin/payments?refundDue=false&search=${order.transactionId}`, undefined, admin)
    ).json();
    expect(listed.items.map((p: { id: number; refund: { note: string } }) => [p.id, p.refund.note])).toEqual([
      [chargeId, note],
    ]);
    // The payments export lists the refund with its note.
    const csv = await call(
      'GET',
      `/api/admin/payments/export?format=csv&search=${order.transactionId}`,
      undefined,
      admin,
    );
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const column = header!.split(';').indexOf('Jak vráceno');
    expect(column).toBeGreaterThan(-1);
    expect(row!.split(';')[column]).toBe(note);
    const view = (await call('GET', `/api/admin/unpaidcustomers/${order.orderId}`)).json();
    expect(view).toMatchObject({ refundDue: 0, refundDueMinor: 0 });
    expect(
      (await call('GET', `/api/admin/payments?refundDue=true&search=${order.transactionId}`)).json().total,
    ).toBe(0);
    // The customer's data export (the finances area's part) tells them of the second charge and its refund.
    const exported = (
      await financesDataExport(t.db, {
        customer: { id: order.customerId },
        locale: 'cs',
        historyOf: () => [],
      })
    ).sections;
    expect(exported.payments.find((p) => p.id === chargeId)).toMatchObject({
      refundDueAt: expect.any(String),
      refundedAt: marked.refund.refundedAt,
      refundNote: note,
    });
    expect(exported.payments.find((p) => p.id === cash.id)).toMatchObject({
      refundDueAt: null,
      refundedAt: null,
      refundNote: null,
    });

    // Erasing the customer keeps the refund (when, who) for the accounts, and drops the note, which may
    // name the account or the person the money went to.
    const erased = await call(
      'DELETE',
      `/api/admin/customers?CustomerId=${order.customerId}`,
      { Password: demoPassword, Reason: 'Žádost o výmaz', RequestReference: 'GDPR-REFUND' },
      admin,
    );
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await paymentRow(chargeId)).toMatchObject({
      refundedAt: new Date(marked.refund.refundedAt),
      refundedBy: marked.refund.refundedBy.id,
      refundNote: null,
    });
  });

  it('a gateway that cancelled a payment staff turned into cash charges nothing later', async () => {
    const order = await unpaidOrder({ card: CardPaymentStatus.Pending });
    expect((await notify({ TransactionId: order.transactionId, Status: 4 })).json().changed).toBe(true);
    await call('POST', '/api/admin/payments/convert-to-cash', { PaymentId: order.paymentId });
    expect((await notify({ TransactionId: order.transactionId, Status: 3 })).json().changed).toBe(false);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: PaymentMethod.Cash, refundDueAt: null });
  });

  it('answers 503 when no secret is configured', async () => {
    const other = await testApp();
    try {
      expect((await notify({ TransactionId: 'x', Status: 3 }, undefined, other)).statusCode).toBe(503);
    } finally {
      await other.close();
    }
  });
});

describe('bank statements', () => {
  const account = '19-2000145399';
  const importFile = (bytes: Buffer, headers = reception) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/payments/bank-statement?FileName=vypis.gpc',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  it('pays the transfers a credit matches and keeps the rest with the reason; the same file again changes nothing', async () => {
    const transferOf = async () => {
      const order = await unpaidOrder();
      const payment = (
        await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId })
      ).json();
      return { ...order, paymentId: payment.id as number };
    };
    const [a, b, c] = [await transferOf(), await transferOf(), await transferOf()];
    const credit = (variableSymbol: string, amount: number) => ({
      counterAccount: '1234567',
      counterBank: '0800',
      counterName: 'Zakaznik',
      amount,
      credit: true,
      variableSymbol,
      valueDate: '2026-11-20',
    });
    const statement = writeGpc({
      account,
      accountName: 'GenoDesk',
      date: '2026-11-20',
      transactions: [
        credit(String(a.orderNumber), typePrice),
        credit(String(b.orderNumber), typePrice - 100),
        credit('999999999', typePrice),
        credit(String(c.orderNumber), typePrice),
        credit(String(c.orderNumber), typePrice),
        { ...credit('', 50_000), credit: false, counterName: 'Najem' },
      ],
    });
    const response = await importFile(statement);
    expect(response.statusCode).toBe(200);
    const imported = response.json();
    // The statement names its own account without the bank code; it is the configured account.
    expect(imported).toMatchObject({ account: `${account}/0800`, lines: 6, matched: 2, unmatched: 4 });
    expect(imported.items.map((l: { outcome: string }) => l.outcome)).toEqual([
      'matched',
      'amountDiffers',
      'unknownVariableSymbol',
      'matched',
      'alreadyPaid',
      'notCredit',
    ]);
    expect(imported.items[0]).toMatchObject({
      paymentId: a.paymentId,
      orderId: a.orderId,
      orderNumber: a.orderNumber,
      amountMinor: typePrice,
    });
    expect(await orderRow(a.orderId)).toMatchObject({ paidBy: PaymentMethod.BankTransfer });
    expect((await orderRow(a.orderId)).dateOrderPaid?.toISOString().slice(0, 10)).toBe('2026-11-20');
    expect((await orderRow(b.orderId)).dateOrderPaid).toBeNull();
    expect((await paymentRow(c.paymentId)).completedAt).not.toBeNull();
    expect((await mailsTo(a.email)).map((m) => m.kind)).toEqual(['payment-instructions', 'payment-received']);

    const before = await t.db.select({ n: count() }).from(outboxMessages);
    const again = await importFile(statement);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Tento výpis už byl importován; nic se nezměnilo.');
    expect(await t.db.select({ n: count() }).from(outboxMessages)).toEqual(before);
    expect((await orderRow(b.orderId)).dateOrderPaid).toBeNull();

    const list = (await call('GET', '/api/admin/payments/bank-statements')).json();
    expect(list.items[0]).toMatchObject({
      id: imported.id,
      matched: 2,
      unmatched: 4,
      importedBy: { userName: expect.any(String) },
    });
    expect(
      (await call('GET', `/api/admin/payments/bank-statements/${imported.id}`)).json().items,
    ).toHaveLength(6);
  });

  it('pairs an unmatched credit with an order by hand: the order is paid, the line matched and audited; only once', async () => {
    const [d, e] = [await unpaidOrder(), await unpaidOrder()];
    const credit = (variableSymbol: string, amount: number, valueDate = '2026-11-21') => ({
      counterAccount: '7654321',
      counterBank: '0100',
      counterName: 'Zakaznice bez VS',
      amount,
      credit: true,
      variableSymbol,
      valueDate,
    });
    const imported = (
      await importFile(
        writeGpc({
          account,
          accountName: 'GenoDesk',
          date: '2026-11-21',
          transactions: [
            credit('', typePrice),
            credit('11', typePrice),
            credit('', typePrice - 1),
            { ...credit('', typePrice), credit: false },
          ],
        }),
      )
    ).json();
    const [noSymbol, wrongSymbol, tooLittle, debit] = imported.items as { id: number; outcome: string }[];
    expect(noSymbol?.outcome).toBe('unknownVariableSymbol');
    const match = (lineId: number, OrderNumber: number, headers = reception) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/payments/bank-statements/lines/${lineId}/match`,
        payload: { OrderNumber },
        headers,
      });

    // Refusals change nothing.
    expect((await match(tooLittle!.id, d.orderNumber)).json().error.message).toBe(
      `Platba ${((typePrice - 1) / 100).toFixed(2)} Kč neodpovídá dlužné částce objednávky ${(typePrice / 100).toFixed(2)} Kč.`,
    );
    expect((await match(debit!.id, d.orderNumber)).statusCode).toBe(422);
    expect((await match(noSymbol!.id, 99_999_999)).json().error.message).toBe(
      'Objednávka 99999999 neexistuje.',
    );
    expect((await match(999_999_999, d.orderNumber)).statusCode).toBe(404);
    expect((await orderRow(d.orderId)).dateOrderPaid).toBeNull();

    // Two credits for one order at once: one pays it, the other is told the order is paid.
    const answers = await Promise.all([
      match(noSymbol!.id, d.orderNumber),
      match(wrongSymbol!.id, d.orderNumber),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const after = answers.find((a) => a.statusCode === 200)!.json();
    expect(after).toMatchObject({ matched: 1, unmatched: 3 });
    const matchedLine = after.items.find((l: { outcome: string }) => l.outcome === 'matched');
    expect(matchedLine).toMatchObject({ orderId: d.orderId, orderNumber: d.orderNumber });
    expect(await orderRow(d.orderId)).toMatchObject({ paidBy: PaymentMethod.BankTransfer });
    expect((await orderRow(d.orderId)).dateOrderPaid?.toISOString().slice(0, 10)).toBe('2026-11-21');
    expect((await mailsTo(d.email)).map((m) => m.kind)).toEqual(['payment-received']);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bankStatementLine'), eq(auditLog.entityId, matchedLine.id)));
    expect(audited).toMatchObject([{ field: 'matchedOrder', newValue: String(d.orderNumber) }]);

    // A matched line pays nothing twice.
    const again = await match(matchedLine.id, e.orderNumber);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Tento řádek výpisu už je spárován.');
    expect((await orderRow(e.orderId)).dateOrderPaid).toBeNull();
  });

  it('refuses a file that is not a GPC statement, naming the line, and records nothing', async () => {
    const response = await importFile(Buffer.from('barcode;gene\nGD1;rs1\n'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Soubor není bankovní výpis ve formátu GPC (ABO): řádek 1 nelze přečíst.',
    );
  });
});
