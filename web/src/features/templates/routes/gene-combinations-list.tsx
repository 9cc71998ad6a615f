import { Permissions } from '@genodesk/contract/permissions';
import type { GeneCombinationSummary } from '@genodesk/contract/templates';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useGeneCombinations } from '../api/get-gene-combinations';
import { ClinicalWeightBadge, GenderBadge, GeneCodes, RiskBadge } from '../components/badges';
import { CategoryFilters, GenderFilter } from '../components/catalogue-filters';
import { localName, localPhenotype } from '../components/labels';
import { useRemoveGeneCombination } from '../components/use-remove';

const filterNames = ['categoryId', 'subCategoryId', 'gender'] as const;

export function GeneCombinationsListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canEdit = useCan(Permissions.TemplatesEdit);
  const list = useListParams(filterNames, { sort: 'phenotype' });
  const { params } = list;
  const geneCombinations = useGeneCombinations({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    ...params.filters,
    locale,
  });
  const remove = useRemoveGeneCombination();

  const columns: DataTableColumn<GeneCombinationSummary>[] = [
    {
      key: 'phenotype',
      header: t('templates.fields.phenotype'),
      sortField: 'phenotype',
      render: (row) => (
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {localPhenotype(row, locale)}
          </Text>
          <Text fz="xs" c="dimmed">
            {locale === 'en' ? row.phenotype : row.phenotypeEn}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'genes',
      priority: 2,
      header: t('templates.fields.genes'),
      sortField: 'combinationGeneCode',
      render: (row) => <GeneCodes codes={row.geneCodes} />,
    },
    {
      key: 'category',
      priority: 3,
      header: t('templates.fields.category'),
      sortField: 'category',
      render: (row) => (
        <Stack gap={0}>
          <Text fz="sm">{localName(row.category, locale)}</Text>
          <Text fz="xs" c="dimmed">
            {localName(row.subCategory, locale)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'gender',
      priority: 3,
      header: t('templates.fields.gender'),
      sortField: 'gender',
      render: (row) => <GenderBadge gender={row.gender} />,
    },
    {
      // Not sortable: no index on the weight (the summary orders by it, not this list).
      key: 'clinicalWeight',
      priority: 3,
      header: t('templates.fields.clinicalWeight'),
      render: (row) => (
        <ClinicalWeightBadge weight={row.clinicalWeight} testId="gene-combination-clinical-weight" />
      ),
    },
    {
      key: 'defaultTemplateRisk',
      priority: 2,
      header: t('templates.fields.defaultRisk'),
      sortField: 'defaultTemplateRisk',
      render: (row) => (row.defaultTemplateRisk ? <RiskBadge risk={row.defaultTemplateRisk} /> : '—'),
    },
    {
      key: 'templateCount',
      priority: 3,
      header: t('geneCombinations.fields.templateCount'),
      sortField: 'templateCount',
      align: 'right',
      render: (row) => (
        <Badge variant="light" radius="sm" data-testid="gene-combination-template-count">
          {row.templateCount}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 120,
      render: (row) => (
        <RowActions
          testIdPrefix="gene-combination"
          id={row.id}
          viewTo={paths.geneCombinations.show(row.id)}
          editTo={canEdit ? paths.geneCombinations.edit(row.id) : undefined}
          onDelete={
            canEdit
              ? () =>
                  remove.run({
                    id: row.id,
                    name: localPhenotype(row, locale),
                    templateCount: row.templateCount,
                  })
              : undefined
          }
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('geneCombinations.title')}
        description={t('geneCombinations.description')}
        breadcrumbs={[{ label: t('nav.groups.templates') }, { label: t('geneCombinations.title') }]}
      />
      <DataTable
        testId="gene-combinations-table"
        columns={columns}
        data={geneCombinations.data}
        loading={geneCombinations.isFetching}
        error={
          geneCombinations.error
            ? isApiError(geneCombinations.error)
              ? geneCombinations.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(row) => row.id}
        onRowClick={(row) => navigate(paths.geneCombinations.show(row.id))}
        searchPlaceholder={t('geneCombinations.searchPlaceholder')}
        filters={
          <>
            <CategoryFilters list={list} />
            <GenderFilter list={list} />
          </>
        }
      />
    </>
  );
}

export const Component = GeneCombinationsListRoute;
