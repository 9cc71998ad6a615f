import {
  type CustomerExportQuery,
  isUnderage,
  type Locale,
  type RegistrationSource,
  registrationSourceLabels,
} from '@genodesk/contract';
import type { Database } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import {
  asDay,
  type ExportColumn,
  type ExportTally,
  exportTable,
  pragueMomentCell,
} from '../../db/table-export.js';
import {
  type CustomerSummaryRow,
  customerFilter,
  customerOrder,
  customerSummaryColumns,
} from './customers.service.js';

type ExportRow = CustomerSummaryRow & { street: string; streetNumber: string; zipCode: string };

const yesNo = (value: boolean, locale: Locale) =>
  value ? (locale === 'cs' ? 'Ano' : 'Yes') : locale === 'cs' ? 'Ne' : 'No';

const columns: ExportColumn<ExportRow>[] = [
  { header: { cs: 'ID', en: 'ID' }, cell: (r) => r.id },
  { header: { cs: 'Jméno', en: 'Name' }, cell: (r) => r.name },
  { header: { cs: 'Příjmení', en: 'Surname' }, cell: (r) => r.surname },
  { header: { cs: 'E-mail', en: 'E-mail' }, cell: (r) => r.email },
  { header: { cs: 'Telefon', en: 'Phone' }, cell: (r) => `${r.phonePrefix}${r.phone}` },
  {
    header: { cs: 'Pohlaví', en: 'Gender' },
    cell: (r, locale) =>
      r.gender === 1 ? (locale === 'cs' ? 'Muž' : 'Male') : locale === 'cs' ? 'Žena' : 'Female',
  },
  { header: { cs: 'Datum narození', en: 'Date of birth' }, cell: (r) => r.dateOfBirth ?? '' },
  {
    header: { cs: 'Nezletilý', en: 'Underage' },
    cell: (r, locale) => yesNo(isUnderage(r.dateOfBirth), locale),
  },
  { header: { cs: 'Ulice', en: 'Street' }, cell: (r) => `${r.street} ${r.streetNumber}`.trim() },
  { header: { cs: 'Město', en: 'City' }, cell: (r) => r.city },
  { header: { cs: 'PSČ', en: 'Zip code' }, cell: (r) => r.zipCode },
  { header: { cs: 'Čárový kód', en: 'Barcode' }, cell: (r) => r.extId ?? '' },
  { header: { cs: 'OpenLIMS ID', en: 'OpenLIMS ID' }, cell: (r) => r.openLimsId ?? '' },
  {
    header: { cs: 'Zdroj registrace', en: 'Registration source' },
    cell: (r, locale) =>
      registrationSourceLabels[r.registrationSource as RegistrationSource]?.[locale] ??
      String(r.registrationSource),
  },
  {
    header: { cs: 'Datum registrace', en: 'Registration date' },
    cell: (r) => pragueMomentCell(r.dateRegistration),
  },
];

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

/**
 * The customers list's filters and sort, every row, as CSV or XLSX; `recorded` is told the rows and
 * customers read (the access log).
 */
export function exportCustomers(
  db: Database,
  query: CustomerExportQuery,
  locale: Locale,
  recorded?: ExportTally<ExportRow>['done'],
) {
  return exportTable<ExportRow>(db, {
    query: db
      .select({
        ...customerSummaryColumns,
        street: customers.street,
        streetNumber: customers.streetNumber,
        zipCode: customers.zipCode,
      })
      .from(customers)
      .where(customerFilter(query))
      // A bad sort is refused (400) here, before the stream starts.
      .orderBy(customerOrder(query.sort)),
    toRow,
    columns,
    sheet: { cs: 'Zákazníci', en: 'Customers' },
    fileStem: 'customers',
    format: query.format,
    locale,
    tally: recorded && { customerIdsOf: (row) => row.id, done: recorded },
  });
}
