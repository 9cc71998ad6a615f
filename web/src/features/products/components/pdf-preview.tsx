import type { Locale } from '@genodesk/contract/locales';
import { reportNumberOf } from '@genodesk/contract/products';
import { Button, Group, Select } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { widthToFit } from '@/components/data-table/filter-select';
import { isApiError, saveBlob } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { usePreviewReportPdf } from '../api/preview-report-pdf';

/**
 * Opens a PDF in a new tab: the tab is opened at the click (a tab opened after the fetch would be
 * blocked as a pop-up) and shown the file when it arrives; without a tab, the file is downloaded.
 */
function showPdf(tab: Window | null, blob: Blob, filename: string) {
  const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  if (!tab || tab.closed) {
    saveBlob(pdf, filename);
    return;
  }
  const url = URL.createObjectURL(pdf);
  tab.location.href = url;
  // The tab's viewer has read the file long before.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Preview PDF": the report rendered now by the API (a PREVIEW watermark, not stored), in the
 * customer's language (the report carries it; the language the PDF is issued in) unless staff pick
 * the other, opened in a new tab. It shows the report as saved.
 */
export function PdfPreview({ productId, customerLanguage }: { productId: number; customerLanguage: Locale }) {
  const { t } = useTranslation();
  const preview = usePreviewReportPdf();
  const [language, setLanguage] = useState<Locale>(customerLanguage);
  // Another report (or the customer's language changed): its customer's language again.
  useEffect(() => setLanguage(customerLanguage), [customerLanguage]);
  const option = (value: Locale) => ({
    value,
    label:
      value === customerLanguage
        ? t('products.pdf.customerLanguage', { language: t(`languageName.${value}`) })
        : t(`languageName.${value}`),
  });
  const options = [option('cs'), option('en')];

  const open = () => {
    const tab = window.open('', '_blank');
    if (tab) {
      tab.opener = null;
      tab.document.title = t('products.pdf.previewLoading');
      tab.document.body.textContent = t('products.pdf.previewLoading');
    }
    preview.mutate(
      { id: productId, locale: language },
      {
        onSuccess: ({ blob, filename }) =>
          showPdf(tab, blob, filename ?? `${reportNumberOf(productId)}-preview.pdf`),
        onError: (error) => {
          tab?.close();
          const title = t('products.pdf.previewFailed');
          if (isApiError(error) && error.status > 0 && error.status < 500) notifyError(error.message, title);
          else notifyError(title);
        },
      },
    );
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid="product-pdf-preview">
      <Select
        aria-label={t('products.pdf.previewLanguage')}
        data={options}
        value={language}
        onChange={(value) => value && setLanguage(value as Locale)}
        allowDeselect={false}
        // As wide as its longer option in the reader's language ("Czech – the customer's language").
        w={widthToFit(
          options.map((o) => o.label),
          40,
          { cappedByRow: false },
        )}
        data-testid="product-pdf-preview-language"
      />
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        loading={preview.isPending}
        onClick={open}
        // Its label whole: the row wraps instead.
        style={{ flexShrink: 0 }}
        data-testid="product-pdf-preview-button"
      >
        {t('products.pdf.preview')}
      </Button>
    </Group>
  );
}
