import { resultUploadStatusLabels } from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useResults } from '../api/get-results';
import { uploadStatusName, uploadsInProgressFilter } from '../components/labels';
import { resultColumns } from '../components/result-columns';
import { ResultsDropzone } from '../components/results-dropzone';

const filterNames = ['status'] as const;
const statuses = Object.keys(resultUploadStatusLabels).map(Number);

export function ResultsListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canUpload = useCan(Permissions.ResultsUpload);
  const list = useListParams(filterNames, { sort: '-uploadedAt' });
  const { params } = list;
  const results = useResults(
    {
      page: params.page,
      pageSize: params.pageSize,
      sort: params.sort,
      search: params.search,
      status: params.filters.status,
    },
    locale,
  );

  return (
    <>
      <PageHeader
        title={t('results.title')}
        description={t('results.description')}
        breadcrumbs={[{ label: t('nav.groups.customers') }, { label: t('results.title') }]}
      />
      <Stack gap="lg">
        {canUpload && <ResultsDropzone />}
        <DataTable
          testId="results-table"
          columns={resultColumns(t, locale)}
          data={results.data}
          // Background polling refreshes the rows in place; only a real reload shows the overlay.
          loading={results.isFetching && (results.isPlaceholderData || !results.data)}
          error={
            results.error
              ? isApiError(results.error)
                ? results.error.message
                : t('errors.loadFailed')
              : null
          }
          list={list}
          rowKey={(u) => u.id}
          onRowClick={(u) => navigate(paths.results.view(u.id))}
          searchPlaceholder={t('results.searchPlaceholder')}
          filters={
            <FilterSelect
              list={list}
              name="status"
              placeholder={t('results.filters.anyStatus')}
              aria-label={t('results.fields.status')}
              data={[
                { value: uploadsInProgressFilter, label: t('results.filters.inProgress') },
                ...statuses.map((s) => ({ value: String(s), label: uploadStatusName(s, locale) })),
              ]}
              data-testid="results-filter-status"
            />
          }
        />
      </Stack>
    </>
  );
}

export const Component = ResultsListRoute;
