import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useDownloadReportBundle } from '../api/download-report-bundle';

/** "FHIR": a released version as an HL7 FHIR R4 Bundle, for the physician's or hospital's system. */
export function ReportBundleDownload({ productId, version }: { productId: number; version: number }) {
  const { t } = useTranslation();
  const download = useDownloadReportBundle();
  const save = () =>
    download.mutate(
      { id: productId, version },
      {
        onError: (error) => {
          const title = t('fhir.downloadFailed');
          if (isApiError(error) && error.status > 0 && error.status < 500) notifyError(error.message, title);
          else notifyError(title);
        },
      },
    );
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} />}
      loading={download.isPending}
      onClick={save}
      aria-label={t('fhir.downloadVersion', { version })}
      title={t('fhir.downloadHint')}
      data-testid="product-fhir-download"
    >
      {t('fhir.download')}
    </Button>
  );
}
