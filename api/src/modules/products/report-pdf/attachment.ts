import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  customers,
  type InlineAttachment,
  products,
  type ReportPdfAttachment,
  reportDocuments,
} from '../../../db/schema/index.js';
import { DeliveryError } from '../../messaging/transports.js';
import { encryptPdf } from './encrypt-pdf.js';

/** The customer's password for an encrypted report: the date of birth (`YYYY-MM-DD`) as DDMMYYYY. */
export const reportPassword = (dateOfBirth: string) => {
  const [year, month, day] = dateOfBirth.split('-');
  return `${day}${month}${year}`;
};

/**
 * A report PDF attachment as it is sent: the stored version, encrypted with AES-256 for the customer
 * (their date of birth as DDMMYYYY), made at each attempt and never stored. A document or date of birth
 * gone since the message was queued fails the message for good.
 */
export async function reportPdfAttachment(
  db: Executor,
  attachment: ReportPdfAttachment,
): Promise<InlineAttachment> {
  const [row] = await db
    .select({ content: reportDocuments.content, dateOfBirth: customers.dateOfBirth })
    .from(reportDocuments)
    .innerJoin(products, eq(products.id, reportDocuments.productId))
    .innerJoin(customers, eq(customers.id, products.customerId))
    .where(eq(reportDocuments.id, attachment.reportDocumentId));
  if (!row?.dateOfBirth)
    throw new DeliveryError('the report PDF to attach, or the date of birth that encrypts it, is gone', {
      permanent: true,
    });
  const encrypted = await encryptPdf(row.content, reportPassword(row.dateOfBirth));
  return {
    filename: attachment.filename,
    contentType: attachment.contentType,
    content: encrypted.toString('base64'),
  };
}
