import { ResultUploadStatus } from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';
import type { ResultUpload } from '@genodesk/contract/results';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { GeneratedProgress } from './generated-progress';
import { formatFileSize } from './labels';
import { UploadStatusBadge } from './upload-status-badge';

/** The columns of the uploads list. */
export function resultColumns(t: TFunction, locale: Locale): DataTableColumn<ResultUpload>[] {
  return [
    {
      key: 'fileName',
      header: t('results.fields.fileName'),
      sortField: 'fileName',
      width: 280,
      render: (u) => (
        <div>
          <Text
            fz="sm"
            fw={600}
            data-testid="result-file-name"
            style={{ overflowWrap: 'anywhere', minWidth: 180 }}
          >
            {u.fileName}
          </Text>
          <Text fz="xs" c="dimmed">
            {formatFileSize(u.fileSize, locale)}
          </Text>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('results.fields.status'),
      sortField: 'status',
      // A failed upload says why right in the list (the first lines; the detail has them all).
      render: (u) => (
        <Stack gap={4} align="flex-start" maw={360}>
          <UploadStatusBadge status={u.status} />
          {u.status === ResultUploadStatus.Failed && u.exception && (
            <Text
              fz="xs"
              c="red.8"
              lineClamp={3}
              title={u.exception}
              style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', minWidth: 180 }}
              data-testid="result-failure"
            >
              {u.exception}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'paired',
      priority: 2,
      header: t('results.fields.paired'),
      sortField: 'paired',
      align: 'right',
      render: (u) => <span data-testid="result-paired">{u.paired}</span>,
    },
    {
      key: 'unpairable',
      priority: 2,
      header: t('results.fields.unpairable'),
      sortField: 'unpairable',
      align: 'right',
      render: (u) => (
        <Text fz="sm" c={u.unpairable > 0 ? 'orange.8' : undefined} fw={u.unpairable > 0 ? 600 : undefined}>
          <span data-testid="result-unpairable">{u.unpairable}</span>
        </Text>
      ),
    },
    {
      key: 'generated',
      priority: 3,
      header: t('results.fields.generated'),
      render: (u) => <GeneratedProgress upload={u} />,
    },
    {
      key: 'uploadedAt',
      priority: 3,
      header: t('results.fields.uploadedAt'),
      sortField: 'uploadedAt',
      // When and by whom: the date, the uploader under it.
      render: (u) => (
        <div>
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(u.uploadedAt, locale)}
          </Text>
          <Text fz="xs" c="dimmed" data-testid="result-uploaded-by">
            {u.uploadedBy?.userName ?? '—'}
          </Text>
        </div>
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 60,
      render: (u) => <RowActions testIdPrefix="result" id={u.id} viewTo={paths.results.view(u.id)} />,
    },
  ];
}
