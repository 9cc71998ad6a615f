import type { Locale } from '@genodesk/contract/locales';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/**
 * `GET admin/products/pdfpreview ?Id&locale`: the report's PDF rendered now (a PREVIEW watermark,
 * not stored), in `locale` or, without it, the customer's language.
 */
export function previewReportPdf(id: number, locale?: Locale) {
  return apiDownload('admin/products/pdfpreview', { Id: id, locale });
}

export function usePreviewReportPdf() {
  return useMutation({
    mutationFn: ({ id, locale }: { id: number; locale?: Locale }) => previewReportPdf(id, locale),
  });
}
