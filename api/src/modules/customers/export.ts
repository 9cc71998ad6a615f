import { PassThrough, Readable } from 'node:stream';
import {
  type CustomerExportQuery,
  isUnderage,
  type Locale,
  type RegistrationSource,
  registrationSourceLabels,
} from '@genodesk/contract';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import {
  type CustomerSummaryRow,
  customerFilter,
  customerOrder,
  customerSummaryColumns,
} from './customers.service.js';

const columns = [
  ['id', 'ID', 'ID'],
  ['name', 'Jméno', 'Name'],
  ['surname', 'Příjmení', 'Surname'],
  ['email', 'E-mail', 'E-mail'],
  ['phone', 'Telefon', 'Phone'],
  ['gender', 'Pohlaví', 'Gender'],
  ['dateOfBirth', 'Datum narození', 'Date of birth'],
  ['underage', 'Nezletilý', 'Underage'],
  ['street', 'Ulice', 'Street'],
  ['city', 'Město', 'City'],
  ['zipCode', 'PSČ', 'Zip code'],
  ['extID', 'Čárový kód', 'Barcode'],
  ['openLimsID', 'OpenLIMS ID', 'OpenLIMS ID'],
  ['registrationSource', 'Zdroj registrace', 'Registration source'],
  ['dateRegistration', 'Datum registrace', 'Registration date'],
] as const;

type ExportRow = CustomerSummaryRow & { street: string; streetNumber: string; zipCode: string };

function cells(row: ExportRow, locale: Locale): (string | number)[] {
  const yes = locale === 'cs' ? 'Ano' : 'Yes';
  const no = locale === 'cs' ? 'Ne' : 'No';
  const gender = row.gender === 1 ? (locale === 'cs' ? 'Muž' : 'Male') : locale === 'cs' ? 'Žena' : 'Female';
  return [
    row.id,
    row.name,
    row.surname,
    row.email,
    `${row.phonePrefix}${row.phone}`,
    gender,
    row.dateOfBirth ?? '',
    isUnderage(row.dateOfBirth) ? yes : no,
    `${row.street} ${row.streetNumber}`.trim(),
    row.city,
    row.zipCode,
    row.extId ?? '',
    row.openLimsId ?? '',
    registrationSourceLabels[row.registrationSource as RegistrationSource]?.[locale] ??
      String(row.registrationSource),
    new Date(row.dateRegistration).toISOString(),
  ];
}

/**
 * Every customer of the list's filters and sort, read through a server-side cursor in batches, so a
 * million rows never sit in memory. The cursor's connection is held until the last batch.
 */
async function* customerRows(db: Database, query: Omit<CustomerExportQuery, 'format' | 'locale'>) {
  const { sql: text, params } = db
    .select({
      ...customerSummaryColumns,
      street: customers.street,
      streetNumber: customers.streetNumber,
      zipCode: customers.zipCode,
    })
    .from(customers)
    .where(customerFilter(query))
    .orderBy(customerOrder(query.sort))
    .toSQL();
  const client = await db.$client.connect();
  let open = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    open = true;
    await client.query(`declare customer_export no scroll cursor for ${text}`, params);
    for (;;) {
      const batch = await client.query('fetch 1000 from customer_export');
      for (const raw of batch.rows as Record<string, unknown>[]) yield toRow(raw);
      if (batch.rows.length < 1000) break;
    }
    await client.query('commit');
    open = false;
  } finally {
    if (open) await client.query('rollback').catch(() => {});
    client.release();
  }
}

/** pg parses a `date` into local midnight; its local day is the stored one. */
function asDay(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** The cursor answers database column names; the export reads them back by name. */
function toRow(raw: Record<string, unknown>): ExportRow {
  return {
    id: Number(raw.id),
    name: String(raw.name),
    surname: String(raw.surname),
    email: String(raw.email),
    phonePrefix: String(raw.phone_prefix),
    phone: String(raw.phone),
    gender: Number(raw.gender),
    dateOfBirth: asDay(raw.date_of_birth),
    city: String(raw.city),
    extId: (raw.ext_id as string | null) ?? null,
    openLimsId: (raw.open_lims_id as string | null) ?? null,
    registrationSource: Number(raw.registration_source),
    dateRegistration: raw.date_registration as Date,
    street: String(raw.street),
    streetNumber: String(raw.street_number),
    zipCode: String(raw.zip_code),
  };
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** CSV as Czech Excel opens it: UTF-8 with a BOM, semicolons, CRLF. */
async function* csvLines(db: Database, query: CustomerExportQuery, locale: Locale) {
  yield `\uFEFF${columns.map((c) => csvCell(locale === 'cs' ? c[1] : c[2])).join(';')}\r\n`;
  let chunk = '';
  for await (const row of customerRows(db, query)) {
    chunk += `${cells(row, locale).map(csvCell).join(';')}\r\n`;
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function writeXlsx(db: Database, query: CustomerExportQuery, locale: Locale, out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(locale === 'cs' ? 'Zákazníci' : 'Customers');
  sheet.columns = columns.map((c) => ({ header: locale === 'cs' ? c[1] : c[2], key: c[0], width: 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of customerRows(db, query)) sheet.addRow(cells(row, locale)).commit();
  sheet.commit();
  await workbook.commit();
}

export function exportCustomers(db: Database, query: CustomerExportQuery, locale: Locale) {
  // A bad sort is refused (400) before the stream starts.
  customerOrder(query.sort);
  const stamp = new Date().toISOString().slice(0, 10);
  if (query.format === 'csv')
    return {
      stream: Readable.from(csvLines(db, query, locale)),
      contentType: 'text/csv; charset=utf-8',
      filename: `customers-${stamp}.csv`,
    };
  const out = new PassThrough();
  writeXlsx(db, query, locale, out).catch((error: unknown) => out.destroy(error as Error));
  return {
    stream: out,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `customers-${stamp}.xlsx`,
  };
}
