import { randomInt } from 'node:crypto';
import {
  type CreateMoneyVoucherRequest,
  type CreateProductVoucherRequest,
  type CreateVouchersReply,
  type EditVoucherRequest,
  fromMinorUnits,
  type Locale,
  type Page,
  type SendVoucherRequest,
  toMinorUnits,
  type Voucher,
  type VoucherDetail,
  VoucherKind,
  type VoucherListQuery,
  VoucherType,
  voucherCodeAlphabet,
  voucherSuffixLength,
} from '@genodesk/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import {
  contains,
  likePattern,
  listPage,
  orderBy,
  pageLimit,
  pageStart,
  withinPragueDays,
} from '../../db/listing.js';
import { customers, orders, orderVouchers, productTypes, vouchers } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { auditMany, diff } from '../audit/audit.js';
import { customerErased, customerFullName } from '../customers/full-name.js';
import { formatDay, formatMoney } from '../messaging/format.js';
import { queueTemplateEmail } from '../messaging/outbox.js';

export type VouchersDeps = { db: Database; jobs: Jobs };

/** Today in Europe/Prague: a voucher is valid to the end of its `validTo` there. */
export const pragueToday = sql`(now() at time zone 'Europe/Prague')::date`;
export const isExpired = sql<boolean>`${vouchers.validTo} < ${pragueToday}`;

const voucherColumns = {
  voucher: vouchers,
  productTypeName: productTypes.name,
  productTypeNameEn: productTypes.nameEn,
  expired: isExpired,
};
type VoucherRow = {
  voucher: typeof vouchers.$inferSelect;
  productTypeName: string | null;
  productTypeNameEn: string | null;
  expired: boolean;
};

const toVoucher = ({ voucher, productTypeName, productTypeNameEn, expired }: VoucherRow): Voucher => ({
  id: voucher.id,
  kind: voucher.kind,
  code: voucher.code,
  amount: voucher.amount === null ? null : fromMinorUnits(voucher.amount),
  amountMinor: voucher.amount,
  currency: voucher.currency,
  productTypeId: voucher.productTypeId,
  productTypeName,
  productTypeNameEn,
  voucherType: voucher.voucherType,
  validTo: voucher.validTo,
  expired,
  forWho: voucher.forWho,
  fromWho: voucher.fromWho,
  maxUsageCount: voucher.maxUsageCount,
  remainingUsageCount: voucher.remainingUsageCount,
  redeemed: voucher.redeemed,
  createdAt: voucher.createdAt.toISOString(),
});

export const selectVouchers = (db: Executor) =>
  db
    .select(voucherColumns)
    .from(vouchers)
    .leftJoin(productTypes, eq(productTypes.id, vouchers.productTypeId));

/** The WHERE of the vouchers list (and its export). */
export function voucherFilter(query: Partial<VoucherListQuery>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(vouchers.kind, query.kind));
  if (query.type) conditions.push(eq(vouchers.voucherType, query.type));
  if (query.redeemed !== undefined) conditions.push(eq(vouchers.redeemed, query.redeemed));
  if (query.validity === 'valid') conditions.push(sql`${vouchers.validTo} >= ${pragueToday}`);
  if (query.validity === 'expired') conditions.push(sql`${vouchers.validTo} < ${pragueToday}`);
  if (query.productTypeId) conditions.push(eq(vouchers.productTypeId, query.productTypeId));
  conditions.push(...withinPragueDays(vouchers.createdAt, query.createdFrom, query.createdTo));
  const term = query.search?.trim();
  if (term) conditions.push(contains(vouchers.search, likePattern(term)));
  return and(...conditions);
}

export const voucherOrder = (sort: string | undefined) =>
  orderBy(
    sort,
    {
      created: sql`${vouchers.createdAt}`,
      code: sql`lower(${vouchers.code})`,
      validTo: sql`${vouchers.validTo}`,
      amount: sql`${vouchers.amount}`,
      remainingUsageCount: sql`${vouchers.remainingUsageCount}`,
    },
    '-created',
    sql`${vouchers.id}`,
  );

/** `GET admin/vouchers`: filtered, searched, sorted and paged in SQL. */
export async function listVouchers(db: Executor, query: VoucherListQuery): Promise<Page<Voucher>> {
  const where = voucherFilter(query);
  const rows = await selectVouchers(db)
    .where(where)
    .orderBy(voucherOrder(query.sort))
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toVoucher), db.select({ one: sql`1` }).from(vouchers).where(where));
}

/** `GET admin/vouchers/getmoneyvoucher` / `getproductvoucher`: a voucher of that kind with its uses. */
export async function getVoucher(
  db: Executor,
  id: number,
  kind: VoucherKind,
  locale: Locale,
): Promise<VoucherDetail> {
  const [row] = await selectVouchers(db).where(and(eq(vouchers.id, id), eq(vouchers.kind, kind)));
  if (!row) throw notFound();
  const uses = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      customerFullName: customerFullName(locale),
      customerErased,
      amount: orderVouchers.amount,
      appliedAt: orderVouchers.appliedAt,
      orderPaid: sql<boolean>`${orders.dateOrderPaid} is not null`,
    })
    .from(orderVouchers)
    .innerJoin(orders, eq(orders.id, orderVouchers.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orderVouchers.voucherId, id))
    .orderBy(asc(orderVouchers.appliedAt), asc(orderVouchers.id));
  return {
    ...toVoucher(row),
    uses: uses.map((u) => ({
      ...u,
      amount: fromMinorUnits(u.amount),
      appliedAt: u.appliedAt.toISOString(),
    })),
  };
}

/** A random batch suffix from the alphabet without look-alikes. */
export const randomSuffix = () =>
  Array.from(
    { length: voucherSuffixLength },
    () => voucherCodeAlphabet[randomInt(voucherCodeAlphabet.length)],
  ).join('');

/** How many rounds a batch regenerates the suffixes that collided with stored codes. */
const collisionRounds = 5;

type NewVouchers = {
  kind: VoucherKind;
  amount: number | null;
  productTypeId: number | null;
  input: CreateMoneyVoucherRequest | CreateProductVoucherRequest;
};

/**
 * Creates `HowMany` vouchers in one transaction, all or nothing. One: `Code` is the code, and a taken
 * code (case-insensitively) is a 409. More: `Code` is a prefix and each gets a random suffix; the
 * batch goes in as one multi-row insert that skips codes taken meanwhile, and only those get new
 * suffixes (a few rounds; the suffix space is 31^8, so a second round is already rare).
 */
async function createVouchers(
  db: Database,
  by: Principal,
  { kind, amount, productTypeId, input }: NewVouchers,
  suffix: () => string,
): Promise<CreateVouchersReply> {
  const gift = input.VoucherType === VoucherType.Gift;
  const batch = input.HowMany > 1;
  const created = await transaction(db, async (tx) => {
    if (productTypeId !== null) {
      const [type] = await tx
        .select({ id: productTypes.id })
        .from(productTypes)
        .where(eq(productTypes.id, productTypeId));
      if (!type) throw unprocessable('mustPickOne', 'ProductType');
    }
    const insert = (codes: string[]) =>
      tx.execute<{ id: number; code: string }>(sql`
        insert into ${vouchers} (kind, code, amount, product_type_id, voucher_type, valid_to, for_who,
          from_who, max_usage_count, remaining_usage_count, created_by)
        select ${kind}::smallint, c, ${amount}::integer, ${productTypeId}::bigint, ${input.VoucherType}::smallint,
          ${input.ValidTo}::date, ${gift ? input.ForWho : null}::text, ${gift ? input.FromWho : null}::text,
          ${input.UsageCount}::integer, ${input.UsageCount}::integer, ${by.id}::bigint
        from unnest(${sql.param(codes)}::text[]) as c
        on conflict ((lower(code))) do nothing
        returning id::int, code`);
    if (!batch) {
      const { rows } = await insert([input.Code]);
      if (rows.length === 0) throw conflict('voucherCodeExists', 'Code', { code: input.Code });
      await auditCreated(tx, by, rows);
      return rows;
    }
    const tried = new Set<string>();
    const fresh = (count: number) => {
      const codes: string[] = [];
      // Bounded, so a suffix source that keeps repeating itself ends in a 409 instead of a loop.
      for (let attempt = 0; codes.length < count && attempt < count * 20 + 100; attempt++) {
        const code = `${input.Code}${suffix()}`;
        if (tried.has(code.toLowerCase())) continue;
        tried.add(code.toLowerCase());
        codes.push(code);
      }
      if (codes.length < count) throw conflict('voucherCodesExhausted', 'Code', { code: input.Code });
      return codes;
    };
    const rows: { id: number; code: string }[] = [];
    for (let round = 0; rows.length < input.HowMany; round++) {
      if (round === collisionRounds) throw conflict('voucherCodesExhausted', 'Code', { code: input.Code });
      const inserted = await insert(fresh(input.HowMany - rows.length));
      rows.push(...inserted.rows);
    }
    await auditCreated(tx, by, rows);
    return rows;
  });
  return { count: created.length, vouchers: created.map((v) => ({ id: Number(v.id), code: v.code })) };
}

async function auditCreated(db: Executor, by: Principal, created: { id: number; code: string }[]) {
  await auditMany(
    db,
    created.map((v) => ({
      entity: 'voucher',
      entityId: Number(v.id),
      changedBy: by.id,
      changes: [{ field: 'created', oldValue: null, newValue: v.code }],
    })),
  );
}

/** `PUT admin/vouchers/create-money-voucher`. */
export const createMoneyVouchers = (
  db: Database,
  by: Principal,
  input: CreateMoneyVoucherRequest,
  suffix = randomSuffix,
) =>
  createVouchers(
    db,
    by,
    { kind: VoucherKind.Money, amount: toMinorUnits(input.Amount), productTypeId: null, input },
    suffix,
  );

/** `PUT admin/vouchers/create-product-voucher`. */
export const createProductVouchers = (
  db: Database,
  by: Principal,
  input: CreateProductVoucherRequest,
  suffix = randomSuffix,
) =>
  createVouchers(
    db,
    by,
    { kind: VoucherKind.Product, amount: null, productTypeId: input.ProductType, input },
    suffix,
  );

/** `POST admin/vouchers/editmoneyvoucher` / `editproductvoucher`: for/from whom (a gift's only), valid to. */
export async function editVoucher(
  db: Database,
  by: Principal,
  kind: VoucherKind,
  input: EditVoucherRequest,
  locale: Locale,
): Promise<VoucherDetail> {
  const id = input.VoucherId;
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.id, id), eq(vouchers.kind, kind)))
      .for('update');
    if (!before) throw notFound();
    const gift = before.voucherType === VoucherType.Gift;
    const after = {
      forWho: gift ? input.ForWho : null,
      fromWho: gift ? input.FromWho : null,
      validTo: input.ValidTo,
    };
    await tx
      .update(vouchers)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(vouchers.id, id));
    await auditMany(tx, [
      {
        entity: 'voucher',
        entityId: id,
        changedBy: by.id,
        changes: diff(before, after, ['forWho', 'fromWho', 'validTo']),
      },
    ]);
  });
  return getVoucher(db, id, kind, locale);
}

/**
 * `POST admin/vouchers/send`: the voucher e-mailed through the outbox (always sent, whatever any
 * notification setting), in the language asked for, else that of a customer with the address, else
 * Czech. For and from whom only on a gift; audited.
 */
export async function sendVoucher(
  deps: VouchersDeps,
  by: Principal,
  input: SendVoucherRequest,
  locale: Locale,
): Promise<{ outboxId: number; language: Locale }> {
  return transaction(deps.db, async (tx) => {
    const [row] = await selectVouchers(tx).where(eq(vouchers.id, input.VoucherId));
    if (!row) throw notFound();
    const { voucher } = row;
    // A code nobody can redeem any more is not sent to anyone: the same refusals as at redemption.
    if (row.expired)
      throw unprocessable('voucherExpired', 'VoucherId', { date: formatDay(voucher.validTo, locale) });
    if (voucher.remainingUsageCount <= 0) throw unprocessable('voucherExhausted', 'VoucherId');
    const [customer] = await tx
      .select({ id: customers.id, language: customers.language })
      .from(customers)
      .where(sql`lower(${customers.email}) = lower(${input.Email})`)
      .limit(1);
    const language = input.Language ?? (customer?.language as Locale | undefined) ?? 'cs';
    const gift = voucher.voucherType === VoucherType.Gift;
    const outboxId = await queueTemplateEmail(
      tx,
      deps.jobs,
      { email: input.Email, language, customerId: customer?.id ?? null },
      'voucher',
      {
        code: voucher.code,
        // A product voucher's value is the product it pays.
        value: voucher.amount === null ? (row.productTypeName ?? '') : formatMoney(voucher.amount, language),
        validTo: formatDay(voucher.validTo, language),
        forWho: gift ? (voucher.forWho ?? '') : '',
        fromWho: gift ? (voucher.fromWho ?? '') : '',
      },
    );
    await auditMany(tx, [
      {
        entity: 'voucher',
        entityId: voucher.id,
        changedBy: by.id,
        changes: [{ field: 'sent', oldValue: null, newValue: input.Email }],
      },
    ]);
    return { outboxId, language };
  });
}
