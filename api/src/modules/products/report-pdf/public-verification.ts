import { type PublicReportVerification, type ReportVerification, reportNumberOf } from '@genodesk/contract';
import type { Executor } from '../../../db/client.js';
import { verifyReport } from './documents.service.js';

// Issue 35: the QR code and link on a report PDF lead anyone (an insurer, another doctor, the
// customer) to the check; it answers whether the laboratory issued the document, and nothing personal.

/**
 * The public answer made from the staff one by picking, field by field, what may be said to anyone:
 * valid or not, the report number, version and issue date, the laboratory, a newer version replacing
 * it, or its withdrawal after the customer's erasure. No name, barcode, birth date, doctor, language,
 * reason or hash.
 */
export function publicVerificationOf(
  verification: ReportVerification,
  laboratory: string,
): PublicReportVerification {
  const answer: PublicReportVerification = {
    valid: false,
    withdrawn: false,
    laboratory,
    reportNumber: null,
    version: null,
    issuedAt: null,
    replacedByVersion: null,
    withdrawnAt: null,
  };
  if (!verification.issued) return answer;
  if (verification.withdrawn)
    return {
      ...answer,
      valid: true,
      withdrawn: true,
      reportNumber: verification.reportNumber,
      version: verification.version,
      issuedAt: verification.createdAt,
      withdrawnAt: verification.withdrawnAt,
    };
  return {
    ...answer,
    valid: true,
    reportNumber: reportNumberOf(verification.productId),
    version: verification.version,
    issuedAt: verification.createdAt,
    replacedByVersion: verification.current ? null : verification.latestVersion,
  };
}

/**
 * `POST public/verify/report`: the staff lookup (`verifyReport`: the bytes by SHA-256, a typed code
 * normalised, withdrawn documents by their tombstone), answered publicly. Not recorded in the access
 * log: there is no reader to name, and the answer shows nothing of the customer.
 */
export async function verifyReportPublicly(
  db: Executor,
  input: { bytes: Buffer } | { code: string },
  laboratory: string,
): Promise<PublicReportVerification> {
  const { verification } = await verifyReport(db, input);
  return publicVerificationOf(verification, laboratory);
}
