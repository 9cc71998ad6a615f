import { chromosomes, type Marker } from '@genodesk/contract/markers';
import { Permissions } from '@genodesk/contract/permissions';
import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  List,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFileTypeCsv, IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { confirmAction } from '@/lib/confirm';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteMarker, useExportMarkers, useImportMarkers, useMarkers } from '../api/markers';
import { StrandAmbiguousBadge } from '../components/marker-badges';
import { locus, refusalLines } from '../components/marker-values';

const filterNames = ['chromosome'] as const;

/** A refused import: the reason, and every bad line of the file with its reason. */
function ImportRefusal({
  message,
  lines,
  onClose,
}: {
  message: string;
  lines: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      title={t('markers.import.refusedTitle')}
      data-testid="markers-import-errors"
      role="alert"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap="xs">
          <Text fz="sm">{message}</Text>
          {lines.length > 0 && (
            <List size="sm" spacing={2} data-testid="markers-import-error-lines">
              {lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </Stack>
        <CloseButton aria-label={t('common.close')} onClick={onClose} />
      </Group>
    </Alert>
  );
}

/**
 * The marker map (issue 23): where each gene code of the catalogue sits in the genome, so VCF, Illumina
 * and consumer files can be read. Templates.Edit adds, edits, deletes and imports; everyone who sees
 * the catalogue reads and exports it.
 */
export function MarkersListRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCan(Permissions.TemplatesEdit);
  const list = useListParams(filterNames, { sort: 'geneCode' });
  const { params } = list;
  const markers = useMarkers({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    chromosome: params.filters.chromosome,
  });
  const remove = useDeleteMarker();
  const importer = useImportMarkers();
  const exporter = useExportMarkers();
  const [refusal, setRefusal] = useState<{ message: string; lines: string[] } | null>(null);

  const deleteMarker = async (marker: Marker) => {
    const confirmed = await confirmAction({
      title: t('markers.delete.title'),
      message: t('markers.delete.message', { geneCode: marker.geneCode }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'marker-delete',
    });
    if (!confirmed) return;
    remove.mutate(marker.id, {
      onSuccess: () => notifySuccess(t('markers.delete.done', { geneCode: marker.geneCode })),
      onError: (error) => notifyApiError(error, '', t('markers.delete.failed')),
    });
  };

  const importFile = (file: File | null) => {
    if (!file) return;
    setRefusal(null);
    importer.mutate(file, {
      onSuccess: (reply) => notifySuccess(t('markers.import.done', reply), t('markers.import.doneTitle')),
      onError: (error) => {
        if (isApiError(error) && error.status === 422)
          setRefusal({ message: error.message, lines: refusalLines(error.fields) });
        else notifyApiError(error, '', t('markers.import.failed'));
      },
    });
  };

  const columns: DataTableColumn<Marker>[] = [
    {
      key: 'geneCode',
      header: t('markers.fields.geneCode'),
      sortField: 'geneCode',
      render: (m) => (
        <Text fz="sm" fw={600} ff="monospace" data-testid="marker-gene-code">
          {m.geneCode}
        </Text>
      ),
    },
    {
      key: 'rsid',
      priority: 2,
      header: t('markers.fields.rsid'),
      sortField: 'rsid',
      render: (m) => (
        <Text fz="sm" ff="monospace">
          {m.rsid || '—'}
        </Text>
      ),
    },
    {
      key: 'geneName',
      priority: 2,
      header: t('markers.fields.gene'),
      sortField: 'geneName',
      render: (m) => (
        <Stack gap={2}>
          <Text fz="sm" fw={500}>
            {m.geneName || '—'}
          </Text>
          {(m.hgvsC || m.protein) && (
            <Text fz="xs" c="dimmed" ff="monospace">
              {[m.hgvsC, m.protein].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'chromosome',
      priority: 3,
      header: t('markers.fields.chromosomeShort'),
      sortField: 'chromosome',
      render: (m) => (
        <Text fz="sm" ff="monospace">
          {m.chromosome}
        </Text>
      ),
    },
    {
      key: 'grch37',
      priority: 3,
      header: t('markers.fields.grch37'),
      sortField: 'positionGrch37',
      render: (m) => (
        <Text fz="sm" ff="monospace" data-testid="marker-grch37">
          {locus(m.chromosome, m.positionGrch37)}
        </Text>
      ),
    },
    {
      key: 'grch38',
      priority: 2,
      header: t('markers.fields.grch38'),
      sortField: 'positionGrch38',
      render: (m) => (
        <Text fz="sm" ff="monospace" data-testid="marker-grch38">
          {locus(m.chromosome, m.positionGrch38)}
        </Text>
      ),
    },
    {
      key: 'alleles',
      priority: 2,
      header: t('markers.fields.alleles'),
      render: (m) => (
        <Stack gap={4} align="flex-start">
          <Text fz="sm" ff="monospace">
            {`${m.reference}>${m.alternative}`}
            <Text span fz="xs" c="dimmed" ff="monospace">
              {` · ${t('markers.geneStrandShort', { strand: m.geneStrand })}`}
            </Text>
          </Text>
          {m.strandAmbiguous && <StrandAmbiguousBadge testId="marker-strand-ambiguous" />}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 96,
      render: (m) =>
        canEdit && (
          <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                component={Link}
                to={paths.markers.edit(m.id)}
                aria-label={t('markers.editOf', { geneCode: m.geneCode })}
                data-testid={`marker-edit-${m.id}`}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('markers.deleteOf', { geneCode: m.geneCode })}
                onClick={() => void deleteMarker(m)}
                data-testid={`marker-delete-${m.id}`}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('markers.title')}
        description={t('markers.description')}
        breadcrumbs={[{ label: t('nav.groups.templates') }, { label: t('markers.title') }]}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={18} />}
              loading={exporter.isPending}
              onClick={() =>
                exporter.mutate(
                  { search: params.search, chromosome: params.filters.chromosome, sort: params.sort },
                  { onError: () => notifyError(t('markers.exportFailed')) },
                )
              }
              data-testid="markers-export"
            >
              {t('common.exportCsv')}
            </Button>
            {canEdit && (
              <FileButton
                onChange={importFile}
                accept=".csv,text/csv,text/plain"
                inputProps={{ 'data-testid': 'markers-import-input' } as Record<string, string>}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={18} />}
                    loading={importer.isPending}
                    data-testid="markers-import"
                  >
                    {t('markers.import.button')}
                  </Button>
                )}
              </FileButton>
            )}
            {canEdit && (
              <Button
                component={Link}
                to={paths.markers.create}
                leftSection={<IconPlus size={16} />}
                data-testid="marker-create"
              >
                {t('markers.create')}
              </Button>
            )}
          </>
        }
      />
      {canEdit && (
        <Text fz="xs" c="dimmed" mb="sm" data-testid="markers-import-hint">
          {t('markers.import.hint')}
        </Text>
      )}
      {refusal && (
        <ImportRefusal message={refusal.message} lines={refusal.lines} onClose={() => setRefusal(null)} />
      )}
      <DataTable
        testId="markers-table"
        columns={columns}
        data={markers.data}
        loading={markers.isFetching}
        error={
          markers.error ? (isApiError(markers.error) ? markers.error.message : t('errors.loadFailed')) : null
        }
        list={list}
        rowKey={(m) => m.id}
        onRowClick={canEdit ? (m) => navigate(paths.markers.edit(m.id)) : undefined}
        searchPlaceholder={t('markers.searchPlaceholder')}
        filters={
          <FilterSelect
            list={list}
            name="chromosome"
            placeholder={t('markers.fields.chromosome')}
            aria-label={t('markers.fields.chromosome')}
            data={chromosomes.map((c) => ({ value: c, label: t('markers.chromosomeN', { chromosome: c }) }))}
            data-testid="markers-filter-chromosome"
          />
        }
        emptyText={t('markers.empty')}
      />
    </>
  );
}

export const Component = MarkersListRoute;
