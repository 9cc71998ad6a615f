import { sampleLifecycle } from '@genodesk/contract/enums';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useSamples } from '../api/get-samples';
import { sampleColumns } from '../components/sample-columns';
import { sampleStatusName } from '../components/sample-status-badge';

const filterNames = ['status'] as const;

export function SamplesListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const list = useListParams(filterNames, { sort: '-updatedAt' });
  const { params } = list;
  const samples = useSamples({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    status: params.filters.status,
  });

  return (
    <>
      <PageHeader
        title={t('samples.title')}
        description={t('samples.description')}
        breadcrumbs={[{ label: t('nav.groups.customers') }, { label: t('samples.title') }]}
      />
      <DataTable
        testId="samples-table"
        columns={sampleColumns(t, locale)}
        data={samples.data}
        loading={samples.isFetching}
        error={
          samples.error ? (isApiError(samples.error) ? samples.error.message : t('errors.loadFailed')) : null
        }
        list={list}
        rowKey={(s) => s.id}
        onRowClick={(s) => navigate(paths.samples.view(s.id))}
        searchPlaceholder={t('samples.searchPlaceholder')}
        filters={
          <Select
            placeholder={t('samples.filters.anyStatus')}
            aria-label={t('samples.fields.status')}
            data={sampleLifecycle.map((s) => ({ value: String(s), label: sampleStatusName(s, locale) }))}
            value={params.filters.status ?? null}
            onChange={(v) => list.setFilter('status', v ?? undefined)}
            clearable
            w={280}
            data-testid="samples-filter-status"
          />
        }
      />
    </>
  );
}

export const Component = SamplesListRoute;
