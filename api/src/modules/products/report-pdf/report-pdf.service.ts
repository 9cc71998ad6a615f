import { type Locale, reportNumberOf } from '@genodesk/contract';
import type { Principal } from '../../../auth/principal.js';
import type { Executor } from '../../../db/client.js';
import { auditLog } from '../../../db/schema/index.js';
import { readReportSource, reportDocumentFrom } from './document.js';
import { renderReportPdf } from './render.js';

/** Where a code is checked: the back-office's verification page (issue 22; the page is still to come). */
export const verificationUrl = (origin: string, code: string) =>
  `${origin}/verify/${encodeURIComponent(code)}`;

/**
 * `GET admin/products/pdfpreview`: the report as it would be issued now, in `locale` (else the
 * customer's language), with a PREVIEW watermark and a placeholder verification code (nothing is
 * stored, so there is nothing to verify). The read is audited like the report's own read.
 */
export async function previewReportPdf(
  db: Executor,
  reader: Principal,
  input: { productId: number; locale?: Locale; origin: string },
): Promise<{ pdf: Buffer; filename: string; locale: Locale }> {
  const { source, language } = await readReportSource(db, input.productId);
  const locale = input.locale ?? language;
  const code = locale === 'cs' ? 'NAHLED' : 'PREVIEW';
  const document = await reportDocumentFrom(source, {
    locale,
    preview: true,
    verification: { code, url: verificationUrl(input.origin, code) },
  });
  const pdf = await renderReportPdf(document);
  await db.insert(auditLog).values({
    entity: 'productRead',
    entityId: input.productId,
    field: 'pdfPreview',
    oldValue: null,
    newValue: locale,
    changedBy: reader.id,
  });
  return { pdf, filename: `${reportNumberOf(input.productId)}-${locale}-preview.pdf`, locale };
}
