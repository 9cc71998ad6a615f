import { z } from 'zod';
import { daySchema, idSchema, listQuerySchema, numeric, searchTermSchema } from './common.js';
import { localeSchema } from './locale.js';

// The access log (issue 24): who read which customer's genetic or health data, when and from where.

/**
 * What was read: the customer detail, their genotypes, a report, one category of a report, a report's
 * PDF (an issued version or the preview), a report version as FHIR, a questionnaire, an export of a list with customers' rows
 * (customers, orders, payments, this log), or the customer's own data export (GDPR Art. 15/20).
 */
export const accessKinds = [
  'customer',
  'genotypes',
  'report',
  'reportCategory',
  'reportPdf',
  'reportFhir',
  'questionnaire',
  'export',
  'dataExport',
  'dnaConsentScan',
  'customerCategories',
  'customerAudit',
  'calendarFeed',
  'list',
] as const;
export type AccessKind = (typeof accessKinds)[number];

export const accessKindLabels: Record<AccessKind, { cs: string; en: string }> = {
  customer: { cs: 'Detail zákazníka', en: 'Customer detail' },
  genotypes: { cs: 'Genotypy', en: 'Genotypes' },
  report: { cs: 'Zpráva', en: 'Report' },
  reportCategory: { cs: 'Kategorie zprávy', en: 'Report category' },
  reportPdf: { cs: 'PDF zprávy', en: 'Report PDF' },
  reportFhir: { cs: 'Zpráva ve formátu FHIR', en: 'Report as FHIR' },
  questionnaire: { cs: 'Dotazník', en: 'Questionnaire' },
  export: { cs: 'Export seznamu', en: 'List export' },
  dataExport: { cs: 'Export údajů zákazníka', en: 'Customer data export' },
  dnaConsentScan: { cs: 'Sken souhlasu s analýzou DNA', en: 'DNA consent scan' },
  customerCategories: { cs: 'Kategorie výsledků zákazníka', en: "Customer's report categories" },
  calendarFeed: { cs: 'Kalendář lékaře (odběr)', en: "Doctor's calendar feed" },
  list: { cs: 'Seznam', en: 'List' },
  customerAudit: {
    cs: 'Historie změn s odpověďmi dotazníku',
    en: 'Change history with questionnaire answers',
  },
};

/**
 * The lists whose page names whose report, consultation, message or results it shows (`list` entries,
 * their `detail`): the reports, the calendar, the outbox, a results upload, the search across the app.
 */
export const accessListReads = ['reports', 'reservations', 'outbox', 'upload', 'search'] as const;
export type AccessListRead = (typeof accessListReads)[number];

/** The lists exported with customers' rows (`export` entries: `<list>[ <format>][: <filter and sort>]`). */
export const accessExportLists = ['customers', 'orders', 'payments', 'accessLog'] as const;
export type AccessExportList = (typeof accessExportLists)[number];

export const accessLogSortFields = ['occurredAt', 'kind', 'user'] as const;

const accessLogFilters = {
  kind: z.enum(accessKinds, { error: 'invalidValue' }).optional(),
  userId: numeric(z.number().int().positive()).optional(),
  customerId: numeric(z.number().int().positive()).optional(),
  /** Days in Europe/Prague, both inclusive. */
  from: daySchema.optional(),
  to: daySchema.optional(),
};

/** `GET admin/accesslog`: filters user, customer, kind and Prague days; search the user or address. */
export const accessLogQuerySchema = listQuerySchema.extend(accessLogFilters);
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

/** `GET admin/accesslog/export`: the same filters and sort, every row. */
export const accessLogExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'invalidValue' }).default('csv'),
  sort: z.string().max(64).optional(),
  search: searchTermSchema,
  locale: localeSchema.optional(),
  ...accessLogFilters,
});
export type AccessLogExportQuery = z.infer<typeof accessLogExportQuerySchema>;

/** `GET admin/customers/accesslog`: who read one customer's data, newest first. */
export const customerAccessLogQuerySchema = listQuerySchema.extend({
  CustomerId: idSchema,
  kind: accessLogFilters.kind,
});
export type CustomerAccessLogQuery = z.infer<typeof customerAccessLogQuerySchema>;

export const accessLogEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  kind: z.enum(accessKinds),
  /** Who read it (null: the account no longer exists). */
  user: z.object({ id: z.number().int(), userName: z.string(), email: z.string() }).nullable(),
  /** The report (report, category, PDF) or questionnaire read; null for a customer, genotypes, an export. */
  entityId: z.number().int().nullable(),
  /** The one customer whose data it was (`fullName` null once the customer is deleted); null for several. */
  customer: z.object({ id: z.number().int(), fullName: z.string().nullable() }).nullable(),
  /** How many customers' data it held: one for a read, the rows' customers for an export. */
  customerCount: z.number().int(),
  /** An export's row count. */
  rows: z.number().int().nullable(),
  /** What exactly: an export's name and filter, a PDF's version, a category's id (never personal values). */
  detail: z.string().nullable(),
  address: z.string().nullable(),
  /**
   * The web's screen the read was made for (its route name, e.g. `admin.customers.view`): the reads of
   * one opening of a screen are one entry.
   */
  screen: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
