import {
  type Locale,
  type VoucherExportQuery,
  voucherKindLabels,
  voucherTypeLabels,
} from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { productTypes, vouchers } from '../../db/schema/index.js';
import { asDay, type ExportColumn, exportTable, moneyCell, pragueMomentCell } from '../../db/table-export.js';
import { productTypeNameIn } from '../finances/product-types.service.js';
import { isExpired, voucherFilter, voucherOrder } from './vouchers.service.js';

type Raw = Record<string, unknown>;

const label = (labels: Record<number, { cs: string; en: string }>, value: unknown, locale: Locale) =>
  labels[Number(value)]?.[locale] ?? String(value);
const yesNo = (value: unknown, locale: Locale) =>
  value ? (locale === 'cs' ? 'Ano' : 'Yes') : locale === 'cs' ? 'Ne' : 'No';
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const columns: ExportColumn<Raw>[] = [
  { header: { cs: 'Kód', en: 'Code' }, cell: (r) => text(r.code) },
  { header: { cs: 'Druh', en: 'Kind' }, cell: (r, locale) => label(voucherKindLabels, r.kind, locale) },
  {
    header: { cs: 'Typ', en: 'Type' },
    cell: (r, locale) => label(voucherTypeLabels, r.voucher_type, locale),
  },
  {
    header: { cs: 'Hodnota (Kč)', en: 'Value (CZK)' },
    cell: (r) => moneyCell(r.amount),
  },
  { header: { cs: 'Produkt', en: 'Product' }, cell: (r) => text(r.product_type) },
  { header: { cs: 'Platí do', en: 'Valid to' }, cell: (r) => asDay(r.valid_to) ?? '' },
  { header: { cs: 'Prošlý', en: 'Expired' }, cell: (r, locale) => yesNo(r.expired, locale) },
  { header: { cs: 'Pro', en: 'For' }, cell: (r) => text(r.for_who) },
  { header: { cs: 'Od', en: 'From' }, cell: (r) => text(r.from_who) },
  { header: { cs: 'Počet použití', en: 'Usage count' }, cell: (r) => Number(r.max_usage_count) },
  { header: { cs: 'Zbývá použití', en: 'Uses left' }, cell: (r) => Number(r.remaining_usage_count) },
  { header: { cs: 'Uplatněný', en: 'Redeemed' }, cell: (r, locale) => yesNo(r.redeemed, locale) },
  {
    header: { cs: 'Vytvořeno', en: 'Created' },
    cell: (r) => pragueMomentCell(r.created_at),
  },
];

/** The vouchers list's filters and sort, every row, as CSV or XLSX (a batch is printed from it). */
export function exportVouchers(db: Database, query: VoucherExportQuery, locale: Locale) {
  return exportTable(db, {
    query: db
      .select({
        code: vouchers.code,
        kind: vouchers.kind,
        voucherType: vouchers.voucherType,
        amount: vouchers.amount,
        productType: productTypeNameIn(locale).as('product_type'),
        validTo: vouchers.validTo,
        expired: isExpired.as('expired'),
        forWho: vouchers.forWho,
        fromWho: vouchers.fromWho,
        maxUsageCount: vouchers.maxUsageCount,
        remainingUsageCount: vouchers.remainingUsageCount,
        redeemed: vouchers.redeemed,
        createdAt: vouchers.createdAt,
      })
      .from(vouchers)
      .leftJoin(productTypes, eq(productTypes.id, vouchers.productTypeId))
      .where(voucherFilter(query))
      .orderBy(voucherOrder(query.sort)),
    toRow: (raw) => raw,
    columns,
    sheet: { cs: 'Vouchery', en: 'Vouchers' },
    fileStem: 'vouchers',
    format: query.format,
    locale,
  });
}
