import type { IssuedReport } from '@genodesk/contract/products';
import { Badge, Button, Group, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReportBundleDownload } from '@/features/fhir/components/report-bundle-download';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useDownloadReportDocument } from '../api/download-report-document';
import { useReportDocuments } from '../api/get-report-documents';

/** The first 12 hex digits of a SHA-256, as the list shows it (the full one in its title). */
const shortSha256 = (sha256: string) => sha256.slice(0, 12);

function VersionRow({
  productId,
  document,
  current,
}: {
  productId: number;
  document: IssuedReport;
  current: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const download = useDownloadReportDocument();
  const save = () =>
    download.mutate(
      { id: productId, version: document.version },
      {
        onError: (error) => {
          const title = t('products.pdf.downloadFailed');
          if (isApiError(error) && error.status > 0 && error.status < 500) notifyError(error.message, title);
          else notifyError(title);
        },
      },
    );
  return (
    <Table.Tr data-testid="product-pdf-version" data-version={document.version}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="product-pdf-version-number">
            {t('products.pdf.versionN', { version: document.version })}
          </Text>
          {current && (
            <Badge size="sm" variant="light" color="green" data-testid="product-pdf-version-current">
              {t('products.pdf.current')}
            </Badge>
          )}
          {document.preliminary && (
            <Badge size="sm" variant="light" color="teal" data-testid="product-pdf-version-preliminary">
              {t('products.pdf.preliminary')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{t(`products.pdf.language.${document.language}`)}</Table.Td>
      <Table.Td>
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(document.createdAt, locale)}
        </Text>
        <Text fz="xs" c="dimmed">
          {document.createdBy?.userName ?? t('products.changeLog.system')}
        </Text>
      </Table.Td>
      <Table.Td maw={260} data-testid="product-pdf-version-replaces">
        {document.replacesVersion === null ? (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Text fz="sm" lineClamp={3}>
            {t('products.pdf.replaces', { version: document.replacesVersion, reason: document.reason ?? '' })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }} data-testid="product-pdf-version-code">
          {document.verificationCode}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text ff="monospace" fz="xs" title={document.sha256}>
          {shortSha256(document.sha256)}…
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="stretch">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            loading={download.isPending}
            onClick={save}
            aria-label={t('products.pdf.downloadVersion', { version: document.version })}
            data-testid="product-pdf-download"
          >
            {t('products.pdf.download')}
          </Button>
          <ReportBundleDownload productId={productId} version={document.version} />
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** The report's issued PDFs, newest first, each downloadable as stored. */
export function ReportDocuments({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const documents = useReportDocuments(productId);

  if (documents.isError) {
    return (
      <Text c="red" fz="sm" data-testid="product-pdf-versions-failed">
        {t('products.pdf.loadFailed')}
      </Text>
    );
  }
  if (!documents.data) {
    return (
      <Text c="dimmed" fz="sm">
        {t('products.pdf.loading')}
      </Text>
    );
  }
  if (documents.data.length === 0) {
    return (
      <Text c="dimmed" fz="sm" data-testid="product-pdf-versions-empty">
        {t('products.pdf.empty')}
      </Text>
    );
  }
  return (
    <ScrollArea>
      <Table verticalSpacing="xs" miw={860} data-testid="product-pdf-versions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.pdf.columns.version')}</Table.Th>
            <Table.Th>{t('products.pdf.columns.language')}</Table.Th>
            <Table.Th>{t('products.pdf.columns.issued')}</Table.Th>
            <Table.Th>{t('products.pdf.columns.replaces')}</Table.Th>
            <Table.Th>{t('products.pdf.columns.code')}</Table.Th>
            <Table.Th>{t('products.pdf.columns.sha256')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('products.pdf.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.data.map((document, index) => (
            <VersionRow
              key={document.version}
              productId={productId}
              document={document}
              current={index === 0}
            />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
