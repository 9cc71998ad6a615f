import { z } from 'zod';
import { isCalendarDay } from './common.js';
import { ProductSection } from './enums.js';
import { localeSchema } from './locale.js';
import { type Permission, Permissions } from './permissions.js';

/**
 * The search reachable from every screen (issue 37): one query, a few hits in each group the caller
 * may read. A group is answered only to a holder of its list's view permission.
 */
export const searchGroups = ['customers', 'samples', 'orders', 'vouchers', 'reports'] as const;
export type SearchGroup = (typeof searchGroups)[number];

export const searchGroupPermissions: Record<SearchGroup, Permission> = {
  customers: Permissions.CustomersView,
  samples: Permissions.SamplesView,
  orders: Permissions.OrdersView,
  vouchers: Permissions.VouchersView,
  reports: Permissions.ProductsView,
};

/** At most this many hits in a group: the search finds, the lists browse. */
export const searchHitsPerGroup = 5;
/** A shorter query answers nothing: one character matches half of every table. */
export const searchMinLength = 2;

export const searchQuerySchema = z.object({
  q: z.string().max(200, 'invalidValue').default(''),
  locale: localeSchema.optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  /** The record's id: the web opens its detail screen. */
  id: z.number().int(),
  label: z.string(),
  secondary: z.string(),
  /** A voucher's kind (its screens are per kind). */
  voucherKind: z.enum(['money', 'product']).optional(),
  /** A report's section (its screen is under the section). */
  section: z.enum(ProductSection).optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z.object({
  groups: z.array(z.object({ group: z.enum(searchGroups), hits: z.array(searchHitSchema) })),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** What a scanned barcode names: the sample to open or to act on. */
export const sampleByBarcodeQuerySchema = z.object({
  barcode: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'invalidValue'),
});
export const sampleByBarcodeSchema = z.object({ id: z.number().int(), status: z.number().int() });
export type SampleByBarcode = z.infer<typeof sampleByBarcodeSchema>;

/**
 * A birth date as staff type it: `15. 3. 1985`, `15.3.1985` or `1985-03-15`; the ISO day, or
 * undefined when the text is no real day.
 */
export function parseBirthDate(text: string): string | undefined {
  const value = text.trim();
  const czech = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/.exec(value);
  const iso = czech
    ? `${czech[3]}-${czech[2]?.padStart(2, '0')}-${czech[1]?.padStart(2, '0')}`
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? value
      : undefined;
  return iso && isCalendarDay(iso) ? iso : undefined;
}

/**
 * The digits of a query that reads as a phone number (digits with spaces, dashes, dots, brackets or a
 * leading +, at least six digits); undefined for anything else.
 */
export function phoneDigits(text: string): string | undefined {
  const value = text.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(value)) return undefined;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 6 ? digits : undefined;
}
