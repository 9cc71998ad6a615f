import {
  CardPaymentStatus,
  PaymentMethod,
  Permissions,
  VoucherKind,
  voucherCodeAlphabet,
} from '@genodesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  auditLog,
  customers,
  orders,
  orderVouchers,
  outboxMessages,
  payments,
  productTypes,
  vouchers,
} from '../../db/schema/index.js';
import { createOrder } from '../finances/orders.service.js';
import { formatMoney } from '../messaging/format.js';
import { createMoneyVouchers } from './vouchers.service.js';

let t: TestApp;
let reception: Record<string, string>;
let doctor: Record<string, string>;
let receptionId: number;
let type: { id: number; price: number; name: string; nameEn: string | null };
let otherType: { id: number; price: number; name: string };
beforeAll(async () => {
  t = await testApp();
  reception = await t.authAs(demo.reception);
  doctor = await t.authAs(demo.doctor);
  receptionId = (await t.login(demo.reception)).user.id;
  const types = await t.db.select().from(productTypes).orderBy(productTypes.id).limit(2);
  type = types[0]!;
  otherType = types[1]!;
});
afterAll(() => t.close());

const pragueDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
const nextYear = pragueDay(365);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = reception) =>
  t.app.inject({ method, url, payload, headers });

let seq = 0;
const uniqueCode = (stem = 'V') => `${stem}${Date.now().toString(36).toUpperCase()}${++seq}`;

async function moneyVoucher(fields: Record<string, unknown> = {}) {
  const code = uniqueCode('M');
  const response = await call('PUT', '/api/admin/vouchers/create-money-voucher', {
    Code: code,
    Amount: 500,
    ValidTo: nextYear,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().vouchers[0] as { id: number; code: string };
}

/** A money voucher whose validity ended yesterday: made valid, then ended early by an edit. */
async function endedVoucher(fields: Record<string, unknown> = {}) {
  const voucher = await moneyVoucher(fields);
  const edit = await call('POST', '/api/admin/vouchers/editmoneyvoucher', {
    VoucherId: voucher.id,
    ValidTo: pragueDay(-1),
  });
  expect(edit.statusCode, edit.body).toBe(200);
  return voucher;
}

async function productVoucher(fields: Record<string, unknown> = {}) {
  const response = await call('PUT', '/api/admin/vouchers/create-product-voucher', {
    Code: uniqueCode('P'),
    ProductType: type.id,
    ValidTo: nextYear,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().vouchers[0] as { id: number; code: string };
}

/** A new customer (speaking `language`) with an unpaid order of `productTypeId`. */
async function unpaidOrder(productTypeId = type.id, language: 'cs' | 'en' = 'cs') {
  seq += 1;
  const email = `voucher-${seq}-${Date.now()}@example.test`;
  const [customer] = await t.db
    .insert(customers)
    .values({ name: 'Věra', surname: `Poukazová${seq}`, email, gender: 2, registrationSource: 1, language })
    .returning({ id: customers.id });
  const order = await transaction(t.db, (tx) => createOrder(tx, customer!.id, productTypeId));
  return { orderId: order.id, email, amount: order.amount };
}

const voucherRow = async (id: number) => (await t.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const apply = (OrderId: number, Code: string, headers = reception, extra: object = {}) =>
  call('POST', '/api/admin/orders/apply-voucher', { OrderId, Code, ...extra }, headers);
const remove = (OrderId: number, VoucherId: number, headers = reception) =>
  call('POST', '/api/admin/orders/remove-voucher', { OrderId, VoucherId }, headers);

describe('permissions', () => {
  it('refuses every voucher call without Vouchers.* and the order calls without UnpaidCustomers.View', async () => {
    const v = await moneyVoucher();
    const { orderId } = await unpaidOrder();
    const refused = await Promise.all([
      call('GET', '/api/admin/vouchers', undefined, doctor),
      call('GET', '/api/admin/vouchers/export?format=csv', undefined, doctor),
      call('GET', `/api/admin/vouchers/getmoneyvoucher?Id=${v.id}`, undefined, doctor),
      call('GET', `/api/admin/vouchers/getproductvoucher?Id=${v.id}`, undefined, doctor),
      call(
        'PUT',
        '/api/admin/vouchers/create-money-voucher',
        { Code: 'X1', Amount: 1, ValidTo: nextYear },
        doctor,
      ),
      call(
        'PUT',
        '/api/admin/vouchers/create-product-voucher',
        { Code: 'X2', ProductType: type.id, ValidTo: nextYear },
        doctor,
      ),
      call('POST', '/api/admin/vouchers/editmoneyvoucher', { VoucherId: v.id, ValidTo: nextYear }, doctor),
      call('POST', '/api/admin/vouchers/editproductvoucher', { VoucherId: v.id, ValidTo: nextYear }, doctor),
      call('POST', '/api/admin/vouchers/send', { VoucherId: v.id, Email: 'a@example.test' }, doctor),
      apply(orderId, v.code, doctor),
      remove(orderId, v.id, doctor),
    ]);
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 403));
    expect((await voucherRow(v.id)).remainingUsageCount).toBe(1);
  });

  it('sends a voucher only with Vouchers.Edit: seeing it is not enough', async () => {
    const v = await moneyVoucher();
    const viewer = await t.authWith('voucher-viewer@genodesk.test', [
      Permissions.AdminPanelView,
      Permissions.VouchersView,
    ]);
    expect(
      (await call('GET', `/api/admin/vouchers/getmoneyvoucher?Id=${v.id}`, undefined, viewer)).statusCode,
    ).toBe(200);
    const send = await call(
      'POST',
      '/api/admin/vouchers/send',
      { VoucherId: v.id, Email: 'a@example.test' },
      viewer,
    );
    expect(send.statusCode).toBe(403);
    expect(
      await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'a@example.test')),
    ).toEqual([]);
  });
});

describe('creating, reading and editing vouchers', () => {
  it('creates a money voucher with the defaults (one, one use, standard), audited; reads it by kind', async () => {
    const v = await moneyVoucher({ Amount: 1234.5 });
    const detail = (await call('GET', `/api/admin/vouchers/getmoneyvoucher?Id=${v.id}`)).json();
    expect(detail).toMatchObject({
      id: v.id,
      kind: VoucherKind.Money,
      code: v.code,
      amount: 1234.5,
      amountMinor: 123_450,
      voucherType: 1,
      validTo: nextYear,
      expired: false,
      maxUsageCount: 1,
      remainingUsageCount: 1,
      redeemed: false,
      productTypeId: null,
      uses: [],
    });
    expect((await call('GET', `/api/admin/vouchers/getproductvoucher?Id=${v.id}`)).statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'voucher'), eq(auditLog.entityId, v.id)));
    expect(audits).toMatchObject([{ field: 'created', newValue: v.code, changedBy: receptionId }]);
  });

  it('creates a product voucher of a product type', async () => {
    const v = await productVoucher({ UsageCount: 3 });
    const detail = (await call('GET', `/api/admin/vouchers/getproductvoucher?Id=${v.id}`)).json();
    expect(detail).toMatchObject({
      kind: VoucherKind.Product,
      amount: null,
      productTypeId: type.id,
      productTypeName: type.name,
      maxUsageCount: 3,
      remainingUsageCount: 3,
    });
    expect((await call('GET', `/api/admin/vouchers/getmoneyvoucher?Id=${v.id}`)).statusCode).toBe(404);
  });

  it('refuses a taken code case-insensitively with a 409, for one voucher and for a product voucher', async () => {
    const v = await moneyVoucher();
    const again = await call('PUT', '/api/admin/vouchers/create-money-voucher', {
      Code: v.code.toLowerCase(),
      Amount: 1,
      ValidTo: nextYear,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`Voucher s kódem ${v.code.toLowerCase()} již existuje!`);
    const product = await call(
      'PUT',
      '/api/admin/vouchers/create-product-voucher',
      { Code: v.code, ProductType: type.id, ValidTo: nextYear },
      { ...reception, 'accept-language': 'en' },
    );
    expect(product.statusCode).toBe(409);
    expect(product.json().error.message).toBe(`A voucher with the code ${v.code} already exists!`);
  });

  it('answers the spec’s validation messages', async () => {
    const money = (payload: object) => call('PUT', '/api/admin/vouchers/create-money-voucher', payload);
    const fields = async (response: Awaited<ReturnType<typeof money>>) => {
      expect(response.statusCode).toBe(400);
      return response.json().error.fields;
    };
    expect(await fields(await money({ Code: 'A', Amount: 1, ValidTo: nextYear, HowMany: 0 }))).toMatchObject({
      HowMany: 'Počet voucherů musí být víc než 1!',
    });
    expect(await fields(await money({ Code: 'A', Amount: -1, ValidTo: nextYear }))).toMatchObject({
      Amount: 'Cena musí být víc než -1!',
    });
    expect(await fields(await money({ Amount: 1 }))).toMatchObject({
      Code: 'Pole je povinné!',
      ValidTo: 'Pole je povinné!',
    });
    expect(await fields(await money({ Code: '  ', Amount: 1, ValidTo: '' }))).toMatchObject({
      Code: 'Pole je povinné!',
      ValidTo: 'Pole je povinné!',
    });
    const product = await call('PUT', '/api/admin/vouchers/create-product-voucher', {
      Code: 'A',
      ValidTo: nextYear,
      ProductType: 0,
    });
    expect(await fields(product)).toMatchObject({ ProductType: 'Musíte zvolit jednu možnost!' });
    const unknownType = await call('PUT', '/api/admin/vouchers/create-product-voucher', {
      Code: uniqueCode(),
      ValidTo: nextYear,
      ProductType: 999_999,
    });
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json().error.message).toBe('Musíte zvolit jednu možnost!');
    // A zero-value voucher is allowed ('víc než -1').
    await moneyVoucher({ Amount: 0 });
    // A new voucher valid only until yesterday could never be used: refused, nothing made. Today is fine.
    const code = uniqueCode('PAST');
    const past = await call(
      'PUT',
      '/api/admin/vouchers/create-money-voucher',
      { Code: code, Amount: 1, ValidTo: pragueDay(-1) },
      { ...reception, 'accept-language': 'en' },
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({
      ValidTo: 'A new voucher cannot be valid only until a past day!',
    });
    expect(await t.db.select().from(vouchers).where(eq(vouchers.code, code))).toEqual([]);
    await moneyVoucher({ ValidTo: pragueDay(0) });
  });

  it('refuses a code or prefix a customer cannot type unambiguously, saying what is allowed, nothing made', async () => {
    const before = (await t.db.select({ id: vouchers.id }).from(vouchers)).length;
    const stem = uniqueCode('ZNAKY');
    const cases = [
      [
        'cs',
        'money',
        `${stem} A`,
        1,
        'Kód voucheru smí obsahovat jen písmena A–Z bez diakritiky, číslice a pomlčky!',
      ],
      [
        'cs',
        'product',
        `${stem}<b>`,
        1,
        'Kód voucheru smí obsahovat jen písmena A–Z bez diakritiky, číslice a pomlčky!',
      ],
      [
        'cs',
        'money',
        `${stem}ŽLUŤ-`,
        3,
        'Kód voucheru smí obsahovat jen písmena A–Z bez diakritiky, číslice a pomlčky!',
      ],
      [
        'en',
        'money',
        `${stem}_X`,
        1,
        'A voucher code may contain only letters A–Z without diacritics, digits and hyphens!',
      ],
      [
        'en',
        'product',
        `${stem}é`,
        2,
        'A voucher code may contain only letters A–Z without diacritics, digits and hyphens!',
      ],
    ] as const;
    for (const [language, kind, Code, HowMany, message] of cases) {
      const response = await call(
        'PUT',
        `/api/admin/vouchers/create-${kind}-voucher`,
        kind === 'money'
          ? { Code, HowMany, Amount: 100, ValidTo: nextYear }
          : { Code, HowMany, ProductType: type.id, ValidTo: nextYear },
        { ...reception, 'accept-language': language },
      );
      expect(response.statusCode, Code).toBe(400);
      expect(response.json().error.fields, Code).toEqual({ Code: message });
    }
    expect(await t.db.select({ id: vouchers.id }).from(vouchers)).toHaveLength(before);
    // Letters of either case, digits and hyphens; found again in any case.
    const made = await moneyVoucher({ Code: `${stem}-abc-9` });
    expect(made.code).toBe(`${stem}-abc-9`);
    const { orderId } = await unpaidOrder();
    expect((await apply(orderId, made.code.toUpperCase())).statusCode).toBe(200);
  });

  it('keeps for whom / from whom only on a gift, on create and on edit', async () => {
    const standard = await moneyVoucher({ VoucherType: 1, ForWho: 'Eva', FromWho: 'Petr' });
    const gift = await moneyVoucher({ VoucherType: 2, ForWho: 'Eva', FromWho: 'Petr' });
    expect(await voucherRow(standard.id)).toMatchObject({ forWho: null, fromWho: null });
    expect(await voucherRow(gift.id)).toMatchObject({ forWho: 'Eva', fromWho: 'Petr' });

    const editedStandard = await call('POST', '/api/admin/vouchers/editmoneyvoucher', {
      VoucherId: standard.id,
      ForWho: 'Someone',
      FromWho: 'Else',
      ValidTo: pragueDay(30),
    });
    expect(editedStandard.statusCode).toBe(200);
    expect(editedStandard.json()).toMatchObject({ forWho: null, fromWho: null, validTo: pragueDay(30) });

    const editedGift = await call('POST', '/api/admin/vouchers/editmoneyvoucher', {
      VoucherId: gift.id,
      ForWho: 'Jana',
      FromWho: '',
      ValidTo: pragueDay(60),
    });
    expect(editedGift.json()).toMatchObject({ forWho: 'Jana', fromWho: null, validTo: pragueDay(60) });
    const audits = await t.db
      .select({ field: auditLog.field, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'voucher'), eq(auditLog.entityId, gift.id)))
      .orderBy(auditLog.id);
    expect(audits.slice(1)).toEqual([
      { field: 'forWho', oldValue: 'Eva', newValue: 'Jana' },
      { field: 'fromWho', oldValue: 'Petr', newValue: null },
      { field: 'validTo', oldValue: nextYear, newValue: pragueDay(60) },
    ]);
    // A money voucher is not edited as a product voucher.
    const wrongKind = await call('POST', '/api/admin/vouchers/editproductvoucher', {
      VoucherId: gift.id,
      ValidTo: nextYear,
    });
    expect(wrongKind.statusCode).toBe(404);
  });
});

describe('batches', () => {
  it('gives each voucher of a batch the prefix and a unique suffix without look-alike characters', async () => {
    const prefix = `${uniqueCode('B')}-`;
    const response = await call('PUT', '/api/admin/vouchers/create-product-voucher', {
      Code: prefix,
      HowMany: 50,
      ProductType: type.id,
      VoucherType: 2,
      ForWho: 'Kolegové',
      ValidTo: nextYear,
    });
    expect(response.statusCode).toBe(200);
    const { count, vouchers: created } = response.json() as {
      count: number;
      vouchers: { id: number; code: string }[];
    };
    expect(count).toBe(50);
    expect(new Set(created.map((v) => v.code.toLowerCase())).size).toBe(50);
    const suffix = new RegExp(`^${prefix}[${voucherCodeAlphabet}]{8}$`);
    for (const { code } of created) expect(code).toMatch(suffix);
    expect(voucherCodeAlphabet).not.toMatch(/[0O1IL]/);
    const stored = await t.db
      .select()
      .from(vouchers)
      .where(
        inArray(
          vouchers.id,
          created.map((v) => v.id),
        ),
      );
    expect(stored).toHaveLength(50);
    expect(stored.every((v) => v.forWho === 'Kolegové' && v.kind === VoucherKind.Product)).toBe(true);
  });

  it('makes new suffixes for codes taken meanwhile, and is all or nothing when it cannot', async () => {
    const prefix = `${uniqueCode('C')}-`;
    const taken = await moneyVoucher({ Code: `${prefix}ZZZZZZZZ` });
    const principal = { id: receptionId } as Parameters<typeof createMoneyVouchers>[1];
    const input = {
      Code: prefix,
      HowMany: 2,
      Amount: 100,
      VoucherType: 1 as const,
      ValidTo: nextYear,
      UsageCount: 1,
    };

    // The second suffix is taken: only it is made again.
    const sequence = ['AAAAAAAA', 'ZZZZZZZZ', 'BBBBBBBB'];
    let i = 0;
    const reply = await createMoneyVouchers(
      t.db,
      principal,
      { ...input, ForWho: null, FromWho: null },
      () => sequence[i++ % sequence.length]!,
    );
    expect(reply.vouchers.map((v) => v.code).sort()).toEqual([`${prefix}AAAAAAAA`, `${prefix}BBBBBBBB`]);

    // Nothing new can be made: 409, and the batch's other code is not kept either.
    const prefix2 = `${uniqueCode('D')}-`;
    await moneyVoucher({ Code: `${prefix2}ZZZZZZZZ` });
    const stuck = ['QQQQQQQQ', 'ZZZZZZZZ'];
    let j = 0;
    await expect(
      createMoneyVouchers(
        t.db,
        principal,
        { ...input, Code: prefix2, ForWho: null, FromWho: null },
        () => stuck[j++ % stuck.length]!,
      ),
    ).rejects.toMatchObject({ statusCode: 409, messageKey: 'voucherCodesExhausted' });
    const left = await t.db
      .select({ code: vouchers.code })
      .from(vouchers)
      .where(sql`${vouchers.code} like ${`${prefix2}%`}`);
    expect(left.map((v) => v.code)).toEqual([`${prefix2}ZZZZZZZZ`]);
    expect((await voucherRow(taken.id)).code).toBe(`${prefix}ZZZZZZZZ`);
  });
});

describe('the vouchers list', () => {
  it('filters, searches, sorts, pages and exports in SQL', async () => {
    const stem = uniqueCode('L');
    const gift = await moneyVoucher({ Code: `${stem}-GIFT`, VoucherType: 2, ForWho: 'Zdeňka Listová' });
    const expired = await endedVoucher({ Code: `${stem}-OLD` });
    const product = await productVoucher({ Code: `${stem}-PROD` });
    const list = async (query: string) =>
      (await call('GET', `/api/admin/vouchers?search=${stem}&${query}`)).json() as {
        total: number;
        items: { id: number; code: string; expired: boolean }[];
      };
    expect((await list('sort=code')).items.map((v) => v.id)).toEqual([gift.id, expired.id, product.id]);
    expect((await list('sort=-code')).items.map((v) => v.id)).toEqual([product.id, expired.id, gift.id]);
    expect((await list('kind=2')).items.map((v) => v.id)).toEqual([product.id]);
    expect((await list('type=2')).items.map((v) => v.id)).toEqual([gift.id]);
    expect((await list('validity=expired')).items).toMatchObject([{ id: expired.id, expired: true }]);
    expect((await list('validity=valid&sort=code')).items.map((v) => v.id)).toEqual([gift.id, product.id]);
    expect((await list(`productTypeId=${type.id}`)).items.map((v) => v.id)).toEqual([product.id]);
    expect((await list('redeemed=true')).total).toBe(0);
    expect((await list(`createdFrom=${pragueDay()}&createdTo=${pragueDay()}`)).total).toBe(3);
    expect((await list(`createdTo=${pragueDay(-1)}`)).total).toBe(0);
    const page2 = await list('sort=code&pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 3, items: [{ id: product.id }] });
    const byName = (await call('GET', '/api/admin/vouchers?search=zdeňka listová')).json();
    expect(byName.items.map((v: { id: number }) => v.id)).toEqual([gift.id]);
    // Typed without the diacritics (and in capitals), the name still finds it.
    const plainName = (await call('GET', '/api/admin/vouchers?search=ZDENKA listova')).json();
    expect(plainName.items.map((v: { id: number }) => v.id)).toEqual([gift.id]);
    expect((await call('GET', '/api/admin/vouchers?sort=secret')).statusCode).toBe(400);

    const csv = await call('GET', `/api/admin/vouchers/export?format=csv&search=${stem}&sort=code`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${stem}-GIFT`);
    expect(lines[1]).toContain('Zdeňka Listová');
    // Code; kind; type; value; product; valid to; expired; for; from; uses; left; redeemed; created.
    const giftLine = lines[1]!.split(';');
    expect(giftLine[3]).toBe('500.00');
    expect(giftLine[5]).toBe(nextYear);
    // Created when the staff's clock in Prague said so.
    expect(giftLine[12]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const createdAt = (await t.db.select().from(vouchers).where(eq(vouchers.id, gift.id))).at(0)?.createdAt;
    expect(giftLine[12]).toBe(
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Prague',
        dateStyle: 'short',
        timeStyle: 'medium',
      }).format(createdAt),
    );
    const xlsx = await call('GET', `/api/admin/vouchers/export?format=xlsx&search=${stem}&sort=code`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Vouchery');
    // A value is a number of CZK a sheet can sum, shown with two decimals.
    expect(sheet?.getRow(2).getCell(4).value).toBe(500);
    expect(sheet?.getRow(2).getCell(4).numFmt).toBe('0.00');
    expect(sheet?.getRow(2).getCell(6).value).toBe(nextYear);
  });
});

describe('sending a voucher', () => {
  it('queues the e-mail through the outbox in the recipient’s language, for/from whom only on a gift', async () => {
    const gift = await moneyVoucher({ Amount: 750, VoucherType: 2, ForWho: 'Babička', FromWho: 'Vnoučata' });
    const { email } = await unpaidOrder(type.id, 'en');
    const sent = await call('POST', '/api/admin/vouchers/send', { VoucherId: gift.id, Email: email });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().language).toBe('en');
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, sent.json().outboxId));
    expect(mail).toMatchObject({ recipient: email, kind: 'voucher', language: 'en', channel: 'email' });
    expect(mail!.subject).toContain(gift.code);
    expect(mail!.bodyText).toContain(`Code: ${gift.code}`);
    expect(mail!.bodyText).toContain('CZK');
    expect(mail!.bodyText).toContain('For: Babička');
    expect(mail!.bodyText).toContain('From: Vnoučata');

    const standard = await productVoucher();
    const toStranger = await call('POST', '/api/admin/vouchers/send', {
      VoucherId: standard.id,
      Email: 'neznamy@example.test',
    });
    const [czech] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, toStranger.json().outboxId));
    expect(czech!.language).toBe('cs');
    expect(czech!.bodyText).toContain(`Kód: ${standard.code}`);
    expect(czech!.bodyText).toContain(`Hodnota: ${type.name}`);
    expect(czech!.bodyText).not.toContain('Pro:');

    const asked = await call('POST', '/api/admin/vouchers/send', {
      VoucherId: standard.id,
      Email: 'neznamy@example.test',
      Language: 'en',
    });
    expect(asked.json().language).toBe('en');
    expect(
      (await call('POST', '/api/admin/vouchers/send', { VoucherId: 999_999, Email: email })).statusCode,
    ).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'voucher'), eq(auditLog.entityId, gift.id), eq(auditLog.field, 'sent')));
    expect(audits).toMatchObject([{ newValue: email }]);
  });
});

describe('sending a voucher twice at once', () => {
  it('two sends under one Idempotency-Key (a double click) queue one e-mail, both answered alike', async () => {
    const v = await moneyVoucher();
    const recipient = `dvakrat-${Date.now()}@example.test`;
    const send = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/vouchers/send',
        payload: { VoucherId: v.id, Email: recipient },
        headers: { ...reception, 'idempotency-key': key },
      });
    const key = `voucher-send-${v.id}-form`;
    const [first, second] = await Promise.all([send(key), send(key)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect([first, second].filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    const queued = () => t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
    expect(await queued()).toHaveLength(1);
    // Another form (another key) is another send.
    expect((await send(`voucher-send-${v.id}-again`)).statusCode).toBe(200);
    expect(await queued()).toHaveLength(2);
  });
});

describe('sending a voucher nobody can redeem', () => {
  it('refuses an expired or used-up voucher with the redemption’s message, nothing queued', async () => {
    const before = await t.db.select({ id: outboxMessages.id }).from(outboxMessages);
    const ended = await endedVoucher();
    const expired = await call(
      'POST',
      '/api/admin/vouchers/send',
      { VoucherId: ended.id, Email: 'komu@example.test' },
      { ...reception, 'accept-language': 'en' },
    );
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toMatch(/^The voucher expired on /);
    const used = await moneyVoucher({ Amount: 100 });
    const order = await unpaidOrder();
    expect((await apply(order.orderId, used.code)).statusCode).toBe(200);
    const exhausted = await call('POST', '/api/admin/vouchers/send', {
      VoucherId: used.id,
      Email: 'komu@example.test',
    });
    expect(exhausted.statusCode).toBe(422);
    expect(exhausted.json().error.message).toBe('Voucher už byl vyčerpán (žádné zbývající použití).');
    expect(await t.db.select({ id: outboxMessages.id }).from(outboxMessages)).toHaveLength(before.length);
  });
});

describe('redeeming vouchers on orders', () => {
  it('takes money vouchers off (several combine, never below zero) and pays the order by money vouchers [5]', async () => {
    const order = await unpaidOrder();
    const price = order.amount / 100;
    const first = await moneyVoucher({ Amount: 300, UsageCount: 2 });
    const applied = await apply(order.orderId, first.code.toLowerCase());
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      moneyVouchers: [{ id: first.id, code: first.code, amount: 300 }],
      productVoucher: null,
      amountDue: price - 300,
      paidBy: PaymentMethod.NotChosen,
    });
    expect(await voucherRow(first.id)).toMatchObject({ remainingUsageCount: 1, redeemed: false });

    // The second is worth more than what is left: the staff are told what would be lost, nothing changed.
    const second = await moneyVoucher({ Amount: price });
    const asked = await apply(order.orderId, second.code);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.message).toBe(
      `Voucher má hodnotu ${formatMoney(price * 100, 'cs')}, ale zbývá uhradit jen ${formatMoney((price - 300) * 100, 'cs')}. Uplatněním se spotřebuje celý a ${formatMoney(30_000, 'cs')} propadne.`,
    );
    expect(await voucherRow(second.id)).toMatchObject({ remainingUsageCount: 1, redeemed: false });
    expect((await orderRow(order.orderId)).dateOrderPaid).toBeNull();
    // Confirmed, it takes only what is left, and the order is paid.
    const paid = await apply(order.orderId, second.code, reception, { AcceptUnusedValue: true });
    expect(paid.json()).toMatchObject({
      moneyVouchers: [
        { id: first.id, amount: 300 },
        { id: second.id, amount: price - 300 },
      ],
      amountDue: 0,
      paidBy: PaymentMethod.MoneyVouchers,
      missing: ['finalization'],
    });
    expect((await orderRow(order.orderId)).dateOrderPaid).not.toBeNull();
    expect(await voucherRow(second.id)).toMatchObject({ remainingUsageCount: 0, redeemed: true });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(payment).toMatchObject({ method: PaymentMethod.MoneyVouchers, amount: order.amount });
    expect(payment!.completedAt).not.toBeNull();
    const mails = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, order.email));
    expect(mails.map((m) => m.kind)).toContain('payment-received');

    const detail = (await call('GET', `/api/admin/vouchers/getmoneyvoucher?Id=${second.id}`)).json();
    expect(detail.uses).toMatchObject([{ orderId: order.orderId, amount: price - 300, orderPaid: true }]);

    // Paid: nothing more is applied or removed.
    const third = await moneyVoucher();
    expect((await apply(order.orderId, third.code)).statusCode).toBe(422);
    const removed = await remove(order.orderId, first.id);
    expect(removed.statusCode).toBe(422);
    expect(removed.json().error.message).toBe('Objednávka už je zaplacena.');
  });

  it('pays an order of its product type in full with a product voucher [4], and refuses another type', async () => {
    const v = await productVoucher({ UsageCount: 2 });
    const other = await unpaidOrder(otherType.id);
    const refused = await apply(other.orderId, v.code, { ...reception, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(422);
    // The product named in the reader's language.
    expect(type.nameEn).toBeTruthy();
    expect(refused.json().error.message).toBe(
      `The product voucher is valid only for the product ${type.nameEn}.`,
    );
    const inCzech = await apply(other.orderId, v.code);
    expect(inCzech.json().error.message).toContain(type.name);

    const order = await unpaidOrder(type.id);
    const paid = await apply(order.orderId, v.code);
    expect(paid.json()).toMatchObject({
      productVoucher: { id: v.id, code: v.code },
      moneyVouchers: [],
      amountDue: 0,
      paidBy: PaymentMethod.ProductVoucher,
    });
    expect(await voucherRow(v.id)).toMatchObject({ remainingUsageCount: 1 });
  });

  it('refuses unknown, expired, used-up vouchers and one already on the order with clear 422s', async () => {
    const order = await unpaidOrder();
    const message = async (code: string, locale = 'cs') => {
      const response = await apply(order.orderId, code, { ...reception, 'accept-language': locale });
      expect(response.statusCode).toBe(422);
      return response.json().error.message as string;
    };
    expect(await message('NO-SUCH-CODE')).toBe('Voucher s tímto kódem neexistuje.');
    expect(await message('NO-SUCH-CODE', 'en')).toBe('There is no voucher with this code.');

    const expired = await endedVoucher();
    const yesterday = new Date(`${pragueDay(-1)}T12:00:00Z`);
    const longDay = (tag: string) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(yesterday);
    expect(await message(expired.code, 'en')).toBe(`The voucher expired on ${longDay('en-GB')}.`);
    expect(await message(expired.code)).toContain(longDay('cs-CZ'));
    // Valid to the end of its day.
    const lastDay = await moneyVoucher({ Amount: 1, ValidTo: pragueDay() });
    expect((await apply(order.orderId, lastDay.code)).statusCode).toBe(200);

    const once = await moneyVoucher({ Amount: 1 });
    expect((await apply(order.orderId, once.code)).statusCode).toBe(200);
    expect(await message(once.code)).toBe('Tento voucher už je na objednávce uplatněn.');
    const elsewhere = await unpaidOrder();
    const usedUp = await apply(elsewhere.orderId, once.code);
    expect(usedUp.statusCode).toBe(422);
    expect(usedUp.json().error.message).toBe('Voucher už byl vyčerpán (žádné zbývající použití).');
    expect((await apply(999_999_999, once.code)).statusCode).toBe(404);
  });

  it('leaves the rest to the other methods: a bank transfer is for what the vouchers left', async () => {
    const order = await unpaidOrder();
    const transfer = async () =>
      (await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId })).json();
    expect((await transfer()).amountMinor).toBe(order.amount);
    const v = await moneyVoucher({ Amount: 200 });
    await apply(order.orderId, v.code);
    // The open transfer is reused, for the new remainder.
    const after = await transfer();
    expect(after.amountMinor).toBe(order.amount - 20_000);
    const [open] = await t.db.select().from(payments).where(eq(payments.id, after.id));
    expect(open!.amount).toBe(order.amount - 20_000);
  });

  it('keeps an open bank transfer at the amount due as vouchers are applied and removed', async () => {
    const order = await unpaidOrder();
    const transfer = (
      await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId })
    ).json();
    const openAmount = async () =>
      (await t.db.select().from(payments).where(eq(payments.id, transfer.id)))[0]!.amount;
    const v = await moneyVoucher({ Amount: 300 });
    expect((await apply(order.orderId, v.code)).statusCode).toBe(200);
    expect(await openAmount()).toBe(order.amount - 30_000);
    expect((await remove(order.orderId, v.id)).statusCode).toBe(200);
    expect(await openAmount()).toBe(order.amount);
  });

  it('refuses a voucher beside a card payment the gateway has not finished; a cancelled card attempt is no hindrance', async () => {
    for (const cardStatus of [CardPaymentStatus.Pending, CardPaymentStatus.Authorized, null]) {
      const order = await unpaidOrder();
      await t.db.insert(payments).values({
        orderId: order.orderId,
        method: PaymentMethod.Card,
        amount: order.amount,
        cardStatus,
        transactionId: `TX-${uniqueCode()}`,
      });
      const v = await moneyVoucher({ Amount: 100 });
      const refused = await apply(order.orderId, v.code, { ...reception, 'accept-language': 'en' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fields.Code).toBe(
        'A card payment of the order is in progress: apply the voucher once the gateway cancels it, or approve the payment.',
      );
      expect(await voucherRow(v.id)).toMatchObject({ remainingUsageCount: 1 });
    }
    const order = await unpaidOrder();
    await t.db.insert(payments).values({
      orderId: order.orderId,
      method: PaymentMethod.Card,
      amount: order.amount,
      cardStatus: CardPaymentStatus.Cancelled,
      transactionId: `TX-${uniqueCode()}`,
    });
    expect((await apply(order.orderId, (await moneyVoucher({ Amount: 100 })).code)).statusCode).toBe(200);
  });

  it('follows an open bank transfer to the new amount due and e-mails the customer its instructions again', async () => {
    const order = await unpaidOrder();
    const transfer = await call('PUT', '/api/admin/payments/bank-transfer', { OrderId: order.orderId });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const instructions = async () =>
      (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, order.email))).filter(
        (m) => m.kind === 'payment-instructions',
      );
    expect(await instructions()).toHaveLength(1);
    const v = await moneyVoucher({ Amount: 1000 });
    expect((await apply(order.orderId, v.code)).statusCode).toBe(200);
    const [open] = await t.db.select().from(payments).where(eq(payments.id, transfer.json().id));
    expect(open!.amount).toBe(order.amount - 100_000);
    const sent = await instructions();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.bodyText).toContain(formatMoney(order.amount - 100_000, 'cs'));
    // Removed again: the amount goes back, told once more.
    expect((await remove(order.orderId, v.id)).statusCode).toBe(200);
    expect(await instructions()).toHaveLength(3);
  });

  it('gives the use back when a voucher is removed from an unpaid order', async () => {
    const order = await unpaidOrder();
    const v = await moneyVoucher({ Amount: 100 });
    await apply(order.orderId, v.code);
    expect(await voucherRow(v.id)).toMatchObject({ remainingUsageCount: 0, redeemed: true });
    const removed = await remove(order.orderId, v.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ moneyVouchers: [], amountDue: order.amount / 100 });
    expect(await voucherRow(v.id)).toMatchObject({ remainingUsageCount: 1, redeemed: false });
    const again = await remove(order.orderId, v.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('Tento voucher na objednávce uplatněn není.');
    const audits = await t.db
      .select({ field: auditLog.field })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.orderId)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.field)).toEqual(['voucherApplied', 'voucherRemoved']);
    // Usable again elsewhere.
    const other = await unpaidOrder();
    expect((await apply(other.orderId, v.code)).statusCode).toBe(200);
  });

  it('lets the last use of a voucher applied to twenty orders at once succeed exactly once', async () => {
    const v = await moneyVoucher({ Amount: 100 });
    const targets = await Promise.all(Array.from({ length: 20 }, () => unpaidOrder()));
    const responses = await Promise.all(targets.map((o) => apply(o.orderId, v.code)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    expect(await voucherRow(v.id)).toMatchObject({ remainingUsageCount: 0, redeemed: true });
    const uses = await t.db.select().from(orderVouchers).where(eq(orderVouchers.voucherId, v.id));
    expect(uses).toHaveLength(1);
  });
});
