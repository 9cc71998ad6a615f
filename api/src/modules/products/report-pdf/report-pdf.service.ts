import { type Locale, reportNumberOf } from '@genodesk/contract';
import type { Config } from '../../../config.js';
import type { Executor } from '../../../db/client.js';
import { readReportSource, reportDocumentFrom } from './document.js';
import { latestReportDocument, nextVersion } from './documents.service.js';
import { renderReportPdf } from './render.js';
import { reportTextsFor } from './report-texts.service.js';

/** Where a code is checked: the back-office's verification page (`/verify/:code`). */
export const verificationUrl = (origin: string, code: string) =>
  `${origin}/verify/${encodeURIComponent(code)}`;

const pendingReason: Record<Locale, string> = {
  cs: 'důvod uvede lékař při vydání',
  en: 'the physician gives the reason when issuing it',
};

/**
 * `GET admin/products/pdfpreview`: the report as it would be issued now, in `locale` (else the
 * customer's language), with a PREVIEW watermark and a placeholder verification code (nothing is
 * stored, so there is nothing to verify), the configured header and the catalogue's texts. Says whose
 * report it is: the route records the read in the access log.
 */
export async function previewReportPdf(
  db: Executor,
  input: { productId: number; locale?: Locale; origin: string; owner: number },
  config: Pick<Config, 'reportCompany' | 'reportPdfTimeoutMs'>,
): Promise<{ pdf: Buffer; filename: string; locale: Locale; customerId: number }> {
  const { source, language, customerId } = await readReportSource(db, input.productId);
  const locale = input.locale ?? language;
  const code = locale === 'cs' ? 'NAHLED' : 'PREVIEW';
  // The version a publication now would issue: the next one, replacing the newest (its reason is the
  // physician's, given at the publication).
  const latest = await latestReportDocument(db, input.productId);
  const document = await reportDocumentFrom(source, {
    locale,
    preview: true,
    ...nextVersion(latest, pendingReason[locale]),
    verification: { code, url: verificationUrl(input.origin, code) },
    company: config.reportCompany,
    texts: await reportTextsFor(db, locale),
  });
  const pdf = await renderReportPdf(document, { timeoutMs: config.reportPdfTimeoutMs, owner: input.owner });
  return {
    pdf,
    filename: `${reportNumberOf(input.productId)}-${locale}-preview.pdf`,
    locale,
    customerId,
  };
}
