import { type QuestionnaireSummary, questionnaireSections } from '@genodesk/contract/questionnaires';
import { Anchor, Button, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { EmailAddress } from '@/components/email-address';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useQuestionnaires } from '../api/get-questionnaires';

const filterNames = ['customerId'] as const;

export function QuestionnairesListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const list = useListParams(filterNames, { sort: '-updatedAt' });
  const { params } = list;
  const rows = useQuestionnaires({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    customerId: params.filters.customerId,
  });
  const total = questionnaireSections.length;

  const columns: DataTableColumn<QuestionnaireSummary>[] = [
    {
      key: 'customerFullName',
      header: t('questionnaires.fields.customer'),
      sortField: 'customerFullName',
      render: (q) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={paths.customers.view(q.customerId)}
            fz="sm"
            fw={600}
            onClick={(e) => e.stopPropagation()}
          >
            {q.customerFullName}
          </Anchor>
          <Text fz="xs" c="dimmed">
            <EmailAddress email={q.customerEmail} />
          </Text>
        </Stack>
      ),
    },
    {
      key: 'sectionsFilled',
      priority: 2,
      header: t('questionnaires.fields.sectionsFilled'),
      render: (q) => (
        <Stack gap={4} w={160}>
          <Text fz="xs">{`${q.sectionsFilled} / ${total}`}</Text>
          <Progress
            value={(q.sectionsFilled / total) * 100}
            size="sm"
            aria-label={t('questionnaires.fields.sectionsFilled')}
          />
        </Stack>
      ),
    },
    {
      key: 'filledAt',
      priority: 2,
      nowrap: true,
      header: t('questionnaires.fields.filledAt'),
      sortField: 'filledAt',
      render: (q) => formatDateTime(q.filledAt, locale),
    },
    {
      key: 'updatedAt',
      priority: 3,
      nowrap: true,
      header: t('questionnaires.fields.updatedAt'),
      sortField: 'updatedAt',
      render: (q) => formatDateTime(q.updatedAt, locale),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('questionnaires.title')}
        description={t('questionnaires.description')}
        breadcrumbs={[{ label: t('nav.groups.customers') }, { label: t('questionnaires.title') }]}
      />
      <DataTable
        testId="questionnaires-table"
        columns={columns}
        data={rows.data}
        loading={rows.isFetching}
        error={rows.error ? (isApiError(rows.error) ? rows.error.message : t('errors.loadFailed')) : null}
        list={list}
        rowKey={(q) => q.id}
        onRowClick={(q) => navigate(paths.questionnaires.show(q.id))}
        searchPlaceholder={t('questionnaires.searchPlaceholder')}
        filters={
          params.filters.customerId && (
            <Button
              variant="light"
              size="xs"
              rightSection={<IconX size={14} />}
              onClick={() => list.setFilter('customerId', undefined)}
              data-testid="questionnaires-filter-customer"
            >
              {t('questionnaires.filters.customer', { id: params.filters.customerId })}
            </Button>
          )
        }
      />
    </>
  );
}

export const Component = QuestionnairesListRoute;
