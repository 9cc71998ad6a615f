import {
  barcodePattern,
  type Locale,
  type Permission,
  type ProductStatus,
  parseBirthDate,
  productSectionLabels,
  productStatusLabels,
  type SampleStatus,
  type SearchGroup,
  type SearchHit,
  type SearchResult,
  sampleStatusLabels,
  searchGroupPermissions,
  searchGroups,
  searchHitsPerGroup,
  searchMinLength,
  VoucherKind,
  voucherKindLabels,
} from '@genodesk/contract';
import { type AnyColumn, and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { likePattern, perPattern } from '../../db/listing.js';
import {
  barcodes,
  customers,
  orders,
  products,
  productTypes,
  samples,
  vouchers,
} from '../../db/schema/index.js';
import { customerMatches, customerSearchPattern } from '../customers/customer-search.js';
import { customerFullName } from '../customers/full-name.js';
import { orderFilter } from '../finances/orders.service.js';
import { productTypeNameIn } from '../finances/product-types.service.js';
import { sectionOf } from '../products/products.service.js';
import { voucherFilter } from '../vouchers/vouchers.service.js';

/**
 * What one query asks of every group: the text as typed, and what it reads as — a birth date, a phone
 * number (its digits, as phones are stored), a whole barcode.
 */
type Terms = {
  text: string;
  /** The pattern of the customers' search column, as the customers list writes it: a phone's digits, else the text. */
  customerPattern: string;
  /** The ISO day when the query is a birth date. */
  birthDate?: string;
  /** The barcode when the query is a whole one (GD and eight digits, any case). */
  barcode?: string;
};

const termsOf = (text: string): Terms => {
  const upper = text.toUpperCase();
  return {
    text,
    customerPattern: customerSearchPattern(text),
    birthDate: parseBirthDate(text),
    barcode: barcodePattern.test(upper) ? upper : undefined,
  };
};

const dateFormats: Record<Locale, Intl.DateTimeFormat> = {
  cs: new Intl.DateTimeFormat('cs-CZ', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};
/** A calendar day (`YYYY-MM-DD`) in the reader's words. */
const formatDay = (day: string, locale: Locale) => dateFormats[locale].format(new Date(`${day}T00:00:00Z`));
/** A moment's day on Prague's clock. */
const formatMoment = (at: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', {
    day: 'numeric',
    month: locale === 'cs' ? 'numeric' : 'short',
    year: 'numeric',
    timeZone: 'Europe/Prague',
  }).format(at);
/** `+420 777 123 456`: the prefix, then the number in threes. */
const formatPhone = (prefix: string, phone: string) =>
  phone ? `${prefix} ${phone.replace(/(\d{3})(?=\d)/g, '$1 ')}` : '';

/**
 * Newest first, as the lists sort by default: written as `db/listing.ts` writes a descending sort, so
 * the list's `(column nulls first, id)` index is walked backwards and a broad query stops at five.
 */
const newestFirst = (column: AnyColumn, id: AnyColumn) => sql`${column} desc nulls last, ${id} desc`;

const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/**
 * Customers by name (with or without its diacritics), e-mail, phone (its digits), barcode or OpenLIMS id
 * through the search column's trigram index, as the customers list searches (`customerMatches`); a
 * birth date through the birth date's index.
 * Newest registrations first, the list's own order.
 */
async function customerHits(db: Executor, terms: Terms, locale: Locale): Promise<SearchHit[]> {
  const match = terms.birthDate
    ? eq(customers.dateOfBirth, terms.birthDate)
    : customerMatches(terms.customerPattern);
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      surname: customers.surname,
      email: customers.email,
      phonePrefix: customers.phonePrefix,
      phone: customers.phone,
      dateOfBirth: customers.dateOfBirth,
    })
    .from(customers)
    .where(and(isNull(customers.erasedAt), match))
    .orderBy(newestFirst(customers.dateRegistration, customers.id))
    .limit(searchHitsPerGroup);
  return rows.map((row) => ({
    id: row.id,
    label: `${row.name} ${row.surname}`,
    secondary: line(
      row.email,
      formatPhone(row.phonePrefix, row.phone),
      row.dateOfBirth && formatDay(row.dateOfBirth, locale),
    ),
  }));
}

/**
 * Samples by barcode: a whole one by the unique index, a part through the barcodes' trigram index (its
 * statement planned for the part typed, `perPattern`: a generic plan walked the codes' order).
 */
async function sampleHits(db: Executor, terms: Terms, locale: Locale): Promise<SearchHit[]> {
  const match = terms.barcode
    ? eq(barcodes.code, terms.barcode)
    : perPattern(sql`lower(${barcodes.code}) like ${likePattern(terms.text)}`);
  const rows = await db
    .select({
      id: samples.id,
      status: samples.status,
      code: barcodes.code,
      name: customers.name,
      surname: customers.surname,
    })
    .from(barcodes)
    .innerJoin(samples, eq(samples.barcodeId, barcodes.id))
    .innerJoin(customers, eq(customers.id, samples.customerId))
    .where(match)
    .orderBy(barcodes.code)
    .limit(searchHitsPerGroup);
  return rows.map((row) => ({
    id: row.id,
    label: row.code,
    secondary: line(`${row.name} ${row.surname}`, sampleStatusLabels[row.status as SampleStatus][locale]),
  }));
}

/** Orders as the orders list finds them: a number by order number or variable symbol, else by customer. */
async function orderHits(db: Executor, terms: Terms, locale: Locale): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      customer: customerFullName(locale),
      productType: productTypeNameIn(locale),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(productTypes, eq(productTypes.id, orders.productTypeId))
    .where(orderFilter({ search: terms.text }))
    .orderBy(newestFirst(orders.createdAt, orders.id))
    .limit(searchHitsPerGroup);
  return rows.map((row) => ({
    id: row.id,
    label: line(String(row.orderNumber), row.customer),
    secondary: line(row.productType, formatMoment(row.createdAt, locale)),
  }));
}

/** Vouchers as the vouchers list finds them: code, for whom, from whom. */
async function voucherHits(db: Executor, terms: Terms, locale: Locale): Promise<SearchHit[]> {
  const rows = await db
    .select({ id: vouchers.id, code: vouchers.code, kind: vouchers.kind, validTo: vouchers.validTo })
    .from(vouchers)
    .where(voucherFilter({ search: terms.text }))
    .orderBy(newestFirst(vouchers.createdAt, vouchers.id))
    .limit(searchHitsPerGroup);
  return rows.map((row) => {
    const kind = row.kind === VoucherKind.Money ? 'money' : 'product';
    return {
      id: row.id,
      label: row.code,
      secondary: line(voucherKindLabels[row.kind as VoucherKind][locale], formatDay(row.validTo, locale)),
      voucherKind: kind,
    };
  });
}

/**
 * Reports by their customer (as the customers are found) or their sample's barcode, as the reports
 * lists search; the hit names the customer, the report's state and section — never its contents.
 */
async function reportHits(db: Executor, terms: Terms, locale: Locale): Promise<Found> {
  const byCustomer: SQL = terms.birthDate
    ? eq(customers.dateOfBirth, terms.birthDate)
    : customerMatches(terms.customerPattern);
  const byBarcode: SQL = terms.barcode
    ? eq(barcodes.code, terms.barcode)
    : perPattern(sql`lower(${barcodes.code}) like ${likePattern(terms.text)}`);
  // A union, not an OR across the join: each side reads its own index (the customers' or the
  // barcodes'), then the reports by their customer or sample.
  const matching = sql`${products.id} in (
    select p.id from ${products} p where p.customer_id in (select ${customers.id} from ${customers} where ${byCustomer})
    union
    select p.id from ${products} p join ${samples} s on s.id = p.sample_id join ${barcodes} on ${barcodes.id} = s.barcode_id where ${byBarcode})`;
  const rows = await db
    .select({
      id: products.id,
      status: products.status,
      customerId: products.customerId,
      isArchived: products.isArchived,
      isInDoctorSection: products.isInDoctorSection,
      name: customers.name,
      surname: customers.surname,
      code: barcodes.code,
    })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .leftJoin(samples, eq(samples.id, products.sampleId))
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .where(and(isNull(customers.erasedAt), matching))
    .orderBy(desc(products.generatedAt), desc(products.id))
    .limit(searchHitsPerGroup);
  return {
    hits: rows.map((row) => {
      const section = sectionOf(row);
      return {
        id: row.id,
        label: `${row.name} ${row.surname}`,
        secondary: line(
          row.code,
          productStatusLabels[row.status as ProductStatus][locale],
          productSectionLabels[section][locale],
        ),
        section,
      };
    }),
    customerIds: rows.map((row) => row.customerId),
  };
}

/** A group's hits and, where they name reports, whose (the access log records those). */
type Found = { hits: SearchHit[]; customerIds?: number[] };

const hitsOnly =
  (find: (db: Executor, terms: Terms, locale: Locale) => Promise<SearchHit[]>) =>
  async (db: Executor, terms: Terms, locale: Locale): Promise<Found> => ({
    hits: await find(db, terms, locale),
  });

const finders: Record<SearchGroup, (db: Executor, terms: Terms, locale: Locale) => Promise<Found>> = {
  customers: hitsOnly(customerHits),
  samples: hitsOnly(sampleHits),
  orders: hitsOnly(orderHits),
  vouchers: hitsOnly(voucherHits),
  reports: reportHits,
};

export type SearchAnswer = SearchResult & {
  /** Whose reports the answer names: the route records them in the access log. */
  reportCustomerIds: number[];
};

/**
 * `GET admin/search`: a few hits in every group the caller may read (its list's view permission),
 * each group one indexed query. A query shorter than `searchMinLength` answers nothing.
 */
export async function search(
  db: Executor,
  permissions: ReadonlySet<Permission>,
  query: string,
  locale: Locale,
): Promise<SearchAnswer> {
  const text = query.trim();
  if (text.length < searchMinLength) return { groups: [], reportCustomerIds: [] };
  const terms = termsOf(text);
  const groups: SearchResult['groups'] = [];
  const reportCustomerIds: number[] = [];
  for (const group of searchGroups) {
    if (!permissions.has(searchGroupPermissions[group])) continue;
    const found = await finders[group](db, terms, locale);
    reportCustomerIds.push(...(found.customerIds ?? []));
    groups.push({ group, hits: found.hits });
  }
  return { groups, reportCustomerIds };
}
