import { reportNumberOf } from '@genodesk/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.js';
import { reportDocuments, withdrawnReportDocuments } from '../../../db/schema/index.js';

// Issue 35: what stays of an issued PDF when its customer is erased, so that checking a genuine copy
// answers "withdrawn" rather than "not issued" (which would read as a forgery).

/**
 * Before the customer's erasure deletes their reports (in its transaction): one tombstone per issued
 * version — its code, SHA-256, report number, version and issue time, nothing of the customer. A code
 * or hash already kept (a random code met again, 50 bits) is left as it is: erasure never fails on it.
 */
export async function withdrawReportDocuments(tx: Tx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const issued = await tx
    .select({
      productId: reportDocuments.productId,
      version: reportDocuments.version,
      sha256: reportDocuments.sha256,
      verificationCode: reportDocuments.verificationCode,
      createdAt: reportDocuments.createdAt,
    })
    .from(reportDocuments)
    .where(inArray(reportDocuments.productId, [...productIds]));
  if (issued.length === 0) return;
  await tx
    .insert(withdrawnReportDocuments)
    .values(
      issued.map((row) => ({
        verificationCode: row.verificationCode,
        sha256: row.sha256,
        reportNumber: reportNumberOf(row.productId),
        version: row.version,
        issuedAt: row.createdAt,
      })),
    )
    .onConflictDoNothing();
}

/** How a document is looked up: by the SHA-256 of its bytes, or by its (normalised) printed code. */
export type DocumentMatch = { sha256: string } | { code: string };

/** The tombstone of a withdrawn document, if the code or hash is one. */
export async function findWithdrawnDocument(db: Executor, match: DocumentMatch) {
  const [row] = await db
    .select({
      reportNumber: withdrawnReportDocuments.reportNumber,
      version: withdrawnReportDocuments.version,
      sha256: withdrawnReportDocuments.sha256,
      verificationCode: withdrawnReportDocuments.verificationCode,
      issuedAt: withdrawnReportDocuments.issuedAt,
      withdrawnAt: withdrawnReportDocuments.withdrawnAt,
    })
    .from(withdrawnReportDocuments)
    .where(
      'sha256' in match
        ? eq(withdrawnReportDocuments.sha256, match.sha256)
        : eq(withdrawnReportDocuments.verificationCode, match.code),
    );
  return row ?? null;
}
