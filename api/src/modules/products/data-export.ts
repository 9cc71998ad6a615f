import {
  isReleasedStatus,
  type Locale,
  labelIn,
  type ProductSection,
  type ProductStatus,
  productSectionLabels,
  productStatusLabels,
  reportNumberOf,
} from '@genodesk/contract';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { products, productTypes, reportDocuments, users } from '../../db/schema/index.js';
import type { ReportContent } from '../../db/schema/products.js';
import type { ExportedChange, HistoryOf } from '../audit/data-export.js';
import { sectionOf } from './products.service.js';

export type ExportedDocument = {
  /** The file in the ZIP, e.g. `reports/GD-000123-v1.pdf`. */
  file: string;
  reportId: number;
  reportNumber: string;
  version: number;
  language: string;
  preliminary: boolean;
  sha256: string;
  bytes: number;
  verificationCode: string;
  replacesVersion: number | null;
  reason: string | null;
  issuedAt: string;
  issuedBy: string | null;
};

export type ProductsExport = {
  /**
   * The customer's reports as records: number, type, status, dates, who approved them, and every issued
   * version. A report's findings are in its issued versions only (`documents`: the PDF, and the FHIR
   * bundle beside it), as a physician released them — never the content as generated, the doctor's
   * drafts, a withheld result or a change of interpretation no physician released.
   */
  reports: {
    id: number;
    reportNumber: string;
    productType: string | null;
    status: number;
    statusName: string;
    section: ProductSection;
    sectionName: string;
    generatedAt: string;
    publishedAt: string | null;
    /** Whether a physician has released a version of it (there is one in `documents`). */
    released: boolean;
    /** How many phenotypes it reports while released (`phenotypeCount` below). */
    phenotypeCount: number | null;
    approvedByLaboratory: boolean;
    doctor: string | null;
    legalGuardianName: string | null;
    legalGuardianEmail: string | null;
    documents: ExportedDocument[];
    /** The record's changes that tell no finding: status, section, versions issued and why, the guardian. */
    changeLog: ExportedChange[];
    /** Reads recorded with the report before the access log (opened, previewed, downloaded). */
    readLog: ExportedChange[];
  }[];
};

/**
 * The fields of a report's change log that tell no finding. Every other (a phenotype's result changed
 * by reanalysis, a result withheld and why, the doctor's texts, the open points confirmed, the
 * technical validation) stays with the laboratory: what reaches the customer is what was released.
 */
const administrativeChanges = new Set([
  'created',
  'status',
  'section',
  'pdfVersion',
  'pdfReason',
  'legalGuardianName',
  'legalGuardianEmail',
]);

/**
 * How many phenotypes a released report reports (a withheld one is not); none for a report not
 * released now — never issued, or sent back to the physician with new results since.
 */
const phenotypeCount = (report: { status: number; content: ReportContent }, issued: boolean) =>
  issued && isReleasedStatus(report.status)
    ? (report.content?.categories ?? []).reduce(
        (sum, category) =>
          sum +
          category.subcategories.reduce(
            (inner, subcategory) => inner + subcategory.phenotypes.filter((p) => !p.withheld).length,
            0,
          ),
        0,
      )
    : null;

/**
 * The products area's part of the customer's data export (`privacy/data-export.ts`): their reports as
 * generated, with the doctor's texts, change and read logs, and every issued version's PDF as a file
 * (`reports/<number>-v<version>.pdf`, byte for byte).
 */
export async function productsDataExport(
  tx: Executor,
  { customer, locale, historyOf }: { customer: { id: number }; locale: Locale; historyOf: HistoryOf },
) {
  const doctor = alias(users, 'doctor_user');
  const reportRows = await tx
    .select({
      report: products,
      typeName: productTypes.name,
      typeNameEn: productTypes.nameEn,
      doctor: doctor.userName,
    })
    .from(products)
    .leftJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .leftJoin(doctor, eq(doctor.id, products.doctorId))
    .where(eq(products.customerId, customer.id))
    .orderBy(asc(products.id));

  const issuedBy = alias(users, 'issued_by_user');
  const documentRows = await tx
    .select({ document: reportDocuments, issuedBy: issuedBy.userName })
    .from(reportDocuments)
    .innerJoin(products, eq(products.id, reportDocuments.productId))
    .leftJoin(issuedBy, eq(issuedBy.id, reportDocuments.createdBy))
    .where(eq(products.customerId, customer.id))
    .orderBy(asc(reportDocuments.productId), asc(reportDocuments.version));

  const files: { file: string; content: Buffer; stored: boolean }[] = [];
  const documentsOf = new Map<number, ExportedDocument[]>();
  for (const { document, issuedBy: by } of documentRows) {
    const reportNumber = reportNumberOf(document.productId);
    const file = `reports/${reportNumber}-v${document.version}.pdf`;
    // A PDF is compressed already: stored as it is, so its bytes (and SHA-256) come out unchanged.
    files.push({ file, content: document.content, stored: true });
    const list = documentsOf.get(document.productId) ?? [];
    list.push({
      file,
      reportId: document.productId,
      reportNumber,
      version: document.version,
      language: document.language,
      preliminary: document.preliminary,
      sha256: document.sha256,
      bytes: document.content.length,
      verificationCode: document.verificationCode,
      replacesVersion: document.replacesVersion,
      reason: document.reason,
      issuedAt: document.createdAt.toISOString(),
      issuedBy: by,
    });
    documentsOf.set(document.productId, list);
  }

  const sections: ProductsExport = {
    reports: reportRows.map(({ report: r, typeName, typeNameEn, doctor: doctorName }) => {
      const section = sectionOf(r);
      return {
        id: r.id,
        reportNumber: reportNumberOf(r.id),
        productType: locale === 'en' ? typeNameEn || typeName : typeName,
        status: r.status,
        statusName: labelIn(productStatusLabels, r.status as ProductStatus, locale),
        section,
        sectionName: productSectionLabels[section][locale],
        generatedAt: r.generatedAt.toISOString(),
        publishedAt: r.publishedAt?.toISOString() ?? null,
        released: documentsOf.has(r.id),
        phenotypeCount: phenotypeCount(r, documentsOf.has(r.id)),
        approvedByLaboratory: r.approvedByLaboratory,
        doctor: doctorName,
        legalGuardianName: r.legalGuardianName,
        legalGuardianEmail: r.legalGuardianEmail,
        documents: documentsOf.get(r.id) ?? [],
        changeLog: historyOf('product', r.id, (field) => administrativeChanges.has(field)),
        readLog: historyOf('productRead', r.id),
      };
    }),
  };
  return { sections, files };
}
