import { type Locale, pragueDay } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import type { ReportCompany } from '../config.js';
import type { Database, Executor } from '../db/client.js';
import { customers } from '../db/schema/index.js';
import { AppError, notFound } from '../http/errors.js';
import { recordAccess } from '../modules/audit/access-log.js';
import { type AuditExport, exportedHistories, type HistoryOf } from '../modules/audit/data-export.js';
import type { CustomersExport } from '../modules/customers/data-export.js';
import type { FinancesExport } from '../modules/finances/data-export.js';
import type { MessagingExport } from '../modules/messaging/data-export.js';
import type { ProductsExport } from '../modules/products/data-export.js';
import type { ReservationsExport } from '../modules/reservations/data-export.js';
import type { ResultsExport } from '../modules/results/data-export.js';
import type { SamplesExport } from '../modules/samples/data-export.js';
import type { VouchersExport } from '../modules/vouchers/data-export.js';
import { renderDataExportSummary } from './data-export.html.js';

// The customer's data export (GDPR Art. 15 and 20, issue 24): everything held about one customer as a
// ZIP — `data.json` (machine-readable, every section), `summary.html` (readable, in the customer's
// language), and the files the areas add (every issued report PDF byte for byte, consent scans, the
// reports as FHIR bundles). It goes to the customer, so their genetic findings are in it only as a
// physician released them: the issued versions, never what the laboratory holds unreleased. Each area brings its sections and files through its `DataExportPart`,
// registered at the composition root (`areas.ts`): the export reads no area's tables itself.

/**
 * The layout of `data.json`; raised when a field changes meaning or goes away (adding one does not).
 * 2: genetic findings only as a physician released them — a report's generated content, the doctor's
 * texts and its finding-telling changes went, and the genotypes became the markers tested (no values).
 */
export const dataExportFormatVersion = 2;
export const dataExportFormat = 'genodesk-customer-data-export';

export type { ExportedChange } from '../modules/audit/data-export.js';
export type { ExportedDocument } from '../modules/products/data-export.js';

/** Every area's sections of `data.json` (each area declares its own, beside its part). */
export type CustomerDataSections = CustomersExport &
  FinancesExport &
  VouchersExport &
  SamplesExport &
  ResultsExport &
  ProductsExport &
  ReservationsExport &
  MessagingExport &
  AuditExport;

/** `data.json`. */
export type CustomerDataExport = {
  format: typeof dataExportFormat;
  formatVersion: number;
  generatedAt: string;
  /** The language of the names beside the codes (and of `summary.html`): the customer's. */
  language: Locale;
  controller: ReportCompany;
} & CustomerDataSections;

/**
 * A file of the export ZIP: its path in the ZIP and its bytes; `stored`: compressed already (a PDF, a
 * scan), put in as it is, so its bytes (and SHA-256) come out unchanged.
 */
export type ExportFile = { file: string; content: Buffer; stored?: boolean };

/** What the export asks an area about: the customer's row, their language, and their records' audit trails. */
export type DataExportRequest = {
  customer: typeof customers.$inferSelect;
  locale: Locale;
  historyOf: HistoryOf;
};

/**
 * An area's part of the customer's data export: its sections of `data.json` and its files, read by
 * the export's own transaction (one snapshot for the whole ZIP).
 */
export type DataExportPart = (
  tx: Executor,
  request: DataExportRequest,
) => Promise<{ sections?: Partial<CustomerDataSections>; files?: ExportFile[] }>;

const dataExportParts: DataExportPart[] = [];

/** The areas' parts (called once, by the composition root). */
export function registerDataExportParts(parts: readonly DataExportPart[]) {
  dataExportParts.splice(0, dataExportParts.length, ...parts);
}

/** The export: `data.json`'s object and the areas' files. */
export type CollectedExport = { data: CustomerDataExport; files: ExportFile[] };

/** The customer's data is gone (Art. 17): nothing personal is left to export. */
export const customerErased = () => new AppError(409, 'CUSTOMER_ERASED', 'customerErasedNoExport');

/**
 * Asks every area for its part, in one read-only transaction at one snapshot (repeatable read), so
 * the sections agree with each other; then the audit trails every part asked for, in one query.
 */
export async function collectCustomerData(
  db: Database,
  customerId: number,
  controller: ReportCompany,
  now = new Date(),
): Promise<CollectedExport> {
  return db.transaction(
    async (tx) => {
      const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
      if (!customer) throw notFound();
      if (customer.erasedAt) throw customerErased();
      const locale: Locale = customer.language === 'en' ? 'en' : 'cs';
      const histories = exportedHistories();
      const sections: Partial<CustomerDataSections> = {};
      const files: ExportFile[] = [];
      for (const part of dataExportParts) {
        const answer = await part(tx, { customer, locale, historyOf: histories.historyOf });
        Object.assign(sections, answer.sections);
        files.push(...(answer.files ?? []));
      }
      await histories.readAll(tx);
      const s = sections;
      if (!s.customer || !s.agreements)
        throw new Error("the customers area's data export part is not registered");
      // Sections in the order `data.json` has always had them; an area not registered leaves its empty.
      const data: CustomerDataExport = {
        format: dataExportFormat,
        formatVersion: dataExportFormatVersion,
        generatedAt: now.toISOString(),
        language: locale,
        controller,
        customer: s.customer,
        agreements: s.agreements,
        relationship: s.relationship ?? null,
        orders: s.orders ?? [],
        payments: s.payments ?? [],
        vouchersUsed: s.vouchersUsed ?? [],
        bankStatementLines: s.bankStatementLines ?? [],
        samples: s.samples ?? [],
        markersTested: s.markersTested ?? [],
        reports: s.reports ?? [],
        questionnaires: s.questionnaires ?? [],
        reservations: s.reservations ?? [],
        messages: s.messages ?? [],
        accessLog: s.accessLog ?? [],
      };
      return { data, files };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The ZIP's name: `genodesk-customer-<id>-<day in Prague>.zip`. */
export const dataExportFileName = (customerId: number, now: Date) =>
  `genodesk-customer-${customerId}-${pragueDay(now)}.zip`;

/** The ZIP of `collectCustomerData`'s files, generated as a stream. */
export function dataExportZip({ data, files }: CollectedExport): NodeJS.ReadableStream {
  const zip = new JSZip();
  const date = new Date(data.generatedAt);
  zip.file('data.json', `${JSON.stringify(data, null, 2)}\n`, { date });
  zip.file('summary.html', renderDataExportSummary(data), { date });
  for (const { file, content, stored } of files)
    zip.file(file, content, { date, binary: true, ...(stored ? { compression: 'STORE' } : {}) });
  return zip.generateNodeStream({
    type: 'nodebuffer',
    streamFiles: true,
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
    comment: `${dataExportFormat} v${dataExportFormatVersion}`,
  });
}

/**
 * `GET admin/customers/dataexport`: the customer's data as a ZIP stream, recorded in the access log as
 * a `dataExport` read of the customer by `reader`.
 */
export async function exportCustomerData(
  db: Database,
  controller: ReportCompany,
  reader: { userId: number | null; address: string | null },
  customerId: number,
  now = new Date(),
): Promise<{ stream: NodeJS.ReadableStream; filename: string }> {
  const collected = await collectCustomerData(db, customerId, controller, now);
  await recordAccess(db, {
    kind: 'dataExport',
    userId: reader.userId,
    customerIds: [customerId],
    address: reader.address,
  });
  return { stream: dataExportZip(collected), filename: dataExportFileName(customerId, now) };
}
