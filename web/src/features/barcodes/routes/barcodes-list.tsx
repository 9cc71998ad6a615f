import type { Barcode } from '@genodesk/contract/barcodes';
import { Permissions } from '@genodesk/contract/permissions';
import { Anchor, Badge, Box, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconBarcode, IconPrinter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { FitTable, useFitColumns } from '@/components/data-table/fit-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { SampleStatusBadge } from '@/features/samples/components/sample-status-badge';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { type BarcodeBatchSummary, useBarcodeBatches } from '../api/get-barcode-batches';
import { useBarcodes } from '../api/get-barcodes';
import { GenerateBatchModal } from '../components/generate-batch-modal';

const filterNames = ['state', 'batchId'] as const;

export function BarcodesListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canGenerate = useCan(Permissions.BarcodesView, Permissions.SamplesEdit);
  const canViewSamples = useCan(Permissions.SamplesView);
  const [generating, setGenerating] = useState(false);
  const list = useListParams(filterNames, { sort: 'code' });
  const { params } = list;
  const barcodes = useBarcodes({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    state: params.filters.state,
    batchId: params.filters.batchId,
  });
  const batches = useBarcodeBatches();

  const batchColumns: DataTableColumn<BarcodeBatchSummary>[] = [
    { key: 'batch', header: t('barcodes.fields.batch'), nowrap: true, render: (batch) => `#${batch.id}` },
    {
      key: 'createdAt',
      header: t('barcodes.fields.createdAt'),
      nowrap: true,
      render: (batch) => formatDateTime(batch.createdAt, locale),
    },
    {
      key: 'createdBy',
      header: t('barcodes.fields.createdBy'),
      priority: 3,
      render: (batch) => batch.createdBy?.userName ?? '—',
    },
    {
      key: 'freeOfCount',
      header: t('barcodes.fields.freeOfCount'),
      priority: 2,
      nowrap: true,
      render: (batch) => `${batch.freeCount} / ${batch.count}`,
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (batch) => (
        // The two buttons go one under the other where the row has no room for both side by side.
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="subtle" onClick={() => list.setFilter('batchId', String(batch.id))}>
            {t('barcodes.showCodes')}
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={paths.barcodes.labels(batch.id)}
            leftSection={<IconPrinter size={14} />}
            data-testid={`barcode-batch-labels-${batch.id}`}
          >
            {t('barcodes.labels')}
          </Button>
        </Group>
      ),
    },
  ];
  const batchesKey = useMemo(() => ({ rows: batches.data, locale }), [batches.data, locale]);
  const batchFit = useFitColumns(batchColumns, batchesKey);

  const columns: DataTableColumn<Barcode>[] = [
    {
      key: 'code',
      header: t('barcodes.fields.code'),
      sortField: 'code',
      render: (b) => (
        <Text ff="monospace" fz="sm" fw={600}>
          {b.code}
        </Text>
      ),
    },
    {
      key: 'batchId',
      priority: 3,
      header: t('barcodes.fields.batch'),
      sortField: 'batchId',
      render: (b) => `#${b.batchId}`,
    },
    {
      key: 'state',
      priority: 2,
      header: t('barcodes.fields.state'),
      render: (b) => (
        <Badge variant="light" color={b.free ? 'teal' : 'gray'} tt="none" data-testid="barcode-state">
          {b.free ? t('barcodes.free') : t('barcodes.assigned')}
        </Badge>
      ),
    },
    {
      key: 'sample',
      priority: 2,
      header: t('barcodes.fields.sample'),
      render: (b) =>
        b.sample ? (
          <Group gap="sm" wrap="nowrap">
            {canViewSamples ? (
              <Anchor component={Link} to={paths.samples.view(b.sample.id)} fz="sm">
                #{b.sample.id}
              </Anchor>
            ) : (
              <Text fz="sm">#{b.sample.id}</Text>
            )}
            <Anchor component={Link} to={paths.customers.view(b.sample.customerId)} fz="sm">
              {b.sample.customerName}
            </Anchor>
            <SampleStatusBadge status={b.sample.status} />
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            {b.free ? '—' : t('barcodes.sampleDeleted')}
          </Text>
        ),
    },
    {
      key: 'assignedAt',
      priority: 3,
      nowrap: true,
      header: t('barcodes.fields.assignedAt'),
      sortField: 'assignedAt',
      render: (b) => formatDateTime(b.assignedAt, locale),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('barcodes.title')}
        description={t('barcodes.description')}
        breadcrumbs={[{ label: t('nav.groups.administration') }, { label: t('barcodes.title') }]}
        actions={
          canGenerate && (
            <Button
              leftSection={<IconBarcode size={18} />}
              onClick={() => setGenerating(true)}
              data-testid="barcodes-generate"
            >
              {t('barcodes.generateTitle')}
            </Button>
          )
        }
      />
      <Card withBorder radius="md" p="lg" mb="lg" data-testid="barcode-batches">
        <Title order={5} mb="sm">
          {t('barcodes.batches')}
        </Title>
        {/* The newest batches, scrolled within the card (up and down only: the columns fit). */}
        <Box mah={260} style={{ overflowY: 'auto' }}>
          <FitTable
            fit={batchFit}
            rows={batches.data?.items}
            rowKey={(batch) => batch.id}
            testId="barcode-batch"
            sticky={false}
          />
        </Box>
      </Card>
      <DataTable
        testId="barcodes-table"
        columns={columns}
        data={barcodes.data}
        loading={barcodes.isFetching}
        error={
          barcodes.error
            ? isApiError(barcodes.error)
              ? barcodes.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(b) => b.id}
        searchPlaceholder={t('barcodes.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="state"
              placeholder={t('barcodes.filters.anyState')}
              aria-label={t('barcodes.fields.state')}
              data={[
                { value: 'free', label: t('barcodes.free') },
                { value: 'assigned', label: t('barcodes.assigned') },
              ]}
              data-testid="barcodes-filter-state"
            />
            <FilterSelect
              list={list}
              name="batchId"
              placeholder={t('barcodes.filters.anyBatch')}
              aria-label={t('barcodes.fields.batch')}
              data={(batches.data?.items ?? []).map((b) => ({ value: String(b.id), label: `#${b.id}` }))}
              data-testid="barcodes-filter-batch"
            />
          </>
        }
      />
      <GenerateBatchModal opened={generating} onClose={() => setGenerating(false)} />
    </>
  );
}

export const Component = BarcodesListRoute;
