import { reportNumberOf } from '@genodesk/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products, reportDocuments } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { issuedVersion, reportFileName } from '../products/report-pdf/documents.service.js';
import { withPdf } from './bundle.js';

/**
 * `GET fhir/DiagnosticReport/{id}` (the newest released version) and `…/_history/{version}`: the
 * bundle stored with that version, the PDF's bytes put in. 404 when there is no such version, or it
 * was issued before bundles were (migration 0040). Says whose report it is: the route logs the read.
 */
export async function readReportBundle(db: Executor, productId: number, version?: number) {
  const row = await issuedVersion(db, productId, version);
  if (!row.fhirBundle) throw notFound();
  return {
    bundle: withPdf(row.fhirBundle, row.content),
    version: row.version,
    customerId: row.customerId,
    filename: reportFileName(productId, row.version, row.language, 'fhir.json'),
  };
}

/**
 * Every bundle of the customer's released versions, oldest first, as files for the customer's data
 * export (`fhir/GD-000123-v1.json`), read by the export's transaction.
 */
export async function customerBundles(db: Executor, customerId: number) {
  const rows = await db
    .select({
      productId: reportDocuments.productId,
      version: reportDocuments.version,
      bundle: reportDocuments.fhirBundle,
      content: reportDocuments.content,
    })
    .from(reportDocuments)
    .where(
      and(
        isNotNull(reportDocuments.fhirBundle),
        inArray(
          reportDocuments.productId,
          db.select({ id: products.id }).from(products).where(eq(products.customerId, customerId)),
        ),
      ),
    )
    .orderBy(asc(reportDocuments.productId), asc(reportDocuments.version));
  return rows.map((row) => ({
    file: `fhir/${reportNumberOf(row.productId)}-v${row.version}.json`,
    content: Buffer.from(`${JSON.stringify(withPdf(row.bundle ?? {}, row.content), null, 2)}\n`),
  }));
}
