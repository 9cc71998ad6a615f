import { Permissions } from '@genodesk/contract/permissions';
import type { TemplateSummary } from '@genodesk/contract/templates';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useTemplates } from '../api/get-templates';
import { GenderBadge, GeneCodes, RiskBadge } from '../components/badges';
import { CategoryFilters, GenderFilter, RiskFilter } from '../components/catalogue-filters';
import { GenotypeSummary } from '../components/genotype-summary';
import { localName, localPhenotype } from '../components/labels';
import { useRemoveTemplate } from '../components/use-remove';

const filterNames = ['categoryId', 'subCategoryId', 'geneCombinationId', 'risk', 'gender'] as const;

export function TemplatesListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canCreate = useCan(Permissions.TemplatesCreate);
  const canEdit = useCan(Permissions.TemplatesEdit);
  const list = useListParams(filterNames, { sort: 'phenotype' });
  const { params } = list;
  const templates = useTemplates({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    ...params.filters,
    locale,
  });
  const remove = useRemoveTemplate();

  const columns: DataTableColumn<TemplateSummary>[] = [
    {
      key: 'phenotype',
      header: t('templates.fields.phenotype'),
      sortField: 'phenotype',
      render: (row) => (
        <Stack gap={2}>
          <Text fz="sm" fw={600} data-testid="template-row-phenotype">
            {localPhenotype(row, locale)}
          </Text>
          <Text fz="xs" c="dimmed">
            {localName(row.category, locale)} › {localName(row.subCategory, locale)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'genes',
      priority: 2,
      header: t('templates.fields.genes'),
      render: (row) => <GeneCodes codes={row.geneCodes} />,
    },
    {
      key: 'genotypes',
      priority: 3,
      header: t('templates.fields.genotypes'),
      render: (row) => <GenotypeSummary geneCodes={row.geneCodes} combinations={row.genotypeCombinations} />,
    },
    {
      key: 'risk',
      priority: 2,
      header: t('templates.fields.risk'),
      sortField: 'risk',
      render: (row) => (
        <Stack gap={2}>
          <RiskBadge risk={row.risk} />
          {row.requiresConsultation && (
            <Text fz="xs" c="dimmed" data-testid="template-row-consultation">
              {t('templates.fields.consultationBadge')}
            </Text>
          )}
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
      key: 'customerCount',
      priority: 3,
      header: t('templates.fields.customerCount'),
      sortField: 'customerCount',
      align: 'right',
      render: (row) => formatNumber(row.customerCount, locale),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 120,
      render: (row) => (
        <RowActions
          testIdPrefix="template"
          id={row.id}
          viewTo={paths.templates.show(row.id)}
          editTo={canEdit ? paths.templates.edit(row.id) : undefined}
          onDelete={canEdit ? () => remove.run(row.id) : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('templates.title')}
        description={t('templates.description')}
        breadcrumbs={[{ label: t('templates.title') }]}
        actions={
          canCreate && (
            <Button
              component={Link}
              to={paths.templates.create}
              leftSection={<IconPlus size={18} />}
              data-testid="templates-create"
            >
              {t('templates.new')}
            </Button>
          )
        }
      />
      <DataTable
        testId="templates-table"
        columns={columns}
        data={templates.data}
        loading={templates.isFetching}
        error={
          templates.error
            ? isApiError(templates.error)
              ? templates.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(row) => row.id}
        onRowClick={(row) => navigate(paths.templates.show(row.id))}
        searchPlaceholder={t('templates.searchPlaceholder')}
        filters={
          <>
            <CategoryFilters list={list} withGeneCombination />
            <RiskFilter list={list} />
            <GenderFilter list={list} />
          </>
        }
      />
    </>
  );
}

export const Component = TemplatesListRoute;
