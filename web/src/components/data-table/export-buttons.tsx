import { Button } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiDownload, type QueryParams, saveBlob } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';

type Format = 'csv' | 'xlsx';

/**
 * CSV and XLSX downloads of a list with its current filters and sort (every row, not the page), in the
 * reader's language: `GET <endpoint>?…&format&locale`.
 */
export function ExportButtons({
  endpoint,
  query,
  fileName,
  failedMessage,
  testId,
}: {
  endpoint: string;
  query: QueryParams;
  /** The download's name when the server gives none: `<fileName>.csv`. */
  fileName: string;
  failedMessage: string;
  /** `<testId>-csv` and `<testId>-xlsx` */
  testId: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const exporter = useMutation({
    mutationFn: async (format: Format) => {
      const { blob, filename } = await apiDownload(endpoint, { ...query, format, locale });
      saveBlob(blob, filename ?? `${fileName}.${format}`);
    },
    onError: () => notifyError(failedMessage),
  });
  const button = (format: Format, icon: React.ReactNode, label: string) => (
    <Button
      variant="default"
      leftSection={icon}
      onClick={() => exporter.mutate(format)}
      loading={exporter.isPending && exporter.variables === format}
      data-testid={`${testId}-${format}`}
    >
      {label}
    </Button>
  );
  return (
    <>
      {button('csv', <IconFileTypeCsv size={18} />, t('common.exportCsv'))}
      {button('xlsx', <IconFileSpreadsheet size={18} />, t('common.exportXlsx'))}
    </>
  );
}
