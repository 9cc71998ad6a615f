import {
  type AccessKind,
  type AccessLogEntry,
  accessKindLabels,
  accessKinds,
} from '@genodesk/contract/access-log';
import { Permissions } from '@genodesk/contract/permissions';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ExportButtons } from '@/components/data-table/export-buttons';
import { FilterSelect } from '@/components/data-table/filter-select';
import { useListParams } from '@/components/data-table/use-list-params';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/features/auth/api/get-current-user';
import { UserFilter } from '@/features/users/components/user-filter';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useAccessLog } from '../api/get-access-log';
import { AccessCustomer, AccessKindBadge, AccessUser, AccessWhat } from '../components/access-entry';
import { CustomerFilter } from '../components/customer-filter';

const filterNames = ['kind', 'userId', 'customerId', 'from', 'to'] as const;

export function AccessLogRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canFilterUsers = useCan(Permissions.UsersView);
  const list = useListParams(filterNames, { sort: '-occurredAt' });
  const { params } = list;
  const { filters } = params;
  const query = {
    sort: params.sort,
    search: params.search,
    kind: filters.kind,
    userId: filters.userId,
    customerId: filters.customerId,
    from: filters.from,
    to: filters.to,
  };
  const log = useAccessLog({ page: params.page, pageSize: params.pageSize, ...query, locale });
  const filteredCustomer = filters.customerId
    ? log.data?.items.find((e) => String(e.customer?.id) === filters.customerId)?.customer
    : undefined;

  const columns: DataTableColumn<AccessLogEntry>[] = [
    {
      key: 'occurredAt',
      header: t('accessLog.fields.occurredAt'),
      sortField: 'occurredAt',
      render: (e) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(e.occurredAt, locale)}
        </Text>
      ),
    },
    {
      key: 'user',
      header: t('accessLog.fields.user'),
      sortField: 'user',
      render: (e) => <AccessUser user={e.user} />,
    },
    {
      key: 'kind',
      priority: 2,
      header: t('accessLog.fields.kind'),
      sortField: 'kind',
      render: (e) => <AccessKindBadge kind={e.kind} />,
    },
    {
      key: 'what',
      priority: 2,
      header: t('accessLog.fields.what'),
      render: (e) => <AccessWhat entry={e} />,
    },
    {
      key: 'customer',
      priority: 2,
      header: t('accessLog.fields.customer'),
      render: (e) => <AccessCustomer entry={e} />,
    },
    {
      key: 'address',
      priority: 3,
      header: t('accessLog.fields.address'),
      render: (e) => (
        <Text fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {e.address ?? '—'}
        </Text>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('accessLog.title')}
        description={t('accessLog.description')}
        breadcrumbs={[{ label: t('nav.groups.administration') }, { label: t('accessLog.title') }]}
        actions={
          <ExportButtons
            endpoint="admin/accesslog/export"
            query={query}
            fileName="access-log"
            failedMessage={t('accessLog.exportFailed')}
            testId="access-log-export"
          />
        }
      />
      <DataTable
        testId="access-log-table"
        columns={columns}
        data={log.data}
        loading={log.isFetching}
        error={log.error ? (isApiError(log.error) ? log.error.message : t('errors.loadFailed')) : null}
        list={list}
        rowKey={(e) => e.id}
        searchPlaceholder={t('accessLog.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="kind"
              placeholder={t('accessLog.filters.anyKind')}
              aria-label={t('accessLog.fields.kind')}
              data={accessKinds.map((kind: AccessKind) => ({
                value: kind,
                label: accessKindLabels[kind][locale],
              }))}
              comboboxProps={{ width: 280 }}
              data-testid="access-log-filter-kind"
            />
            {canFilterUsers && (
              <UserFilter
                value={filters.userId}
                onChange={(v) => list.setFilter('userId', v)}
                testId="access-log-filter-user"
              />
            )}
            <CustomerFilter
              value={filters.customerId}
              onChange={(v) => list.setFilter('customerId', v)}
              knownName={filteredCustomer?.fullName}
              testId="access-log-filter-customer"
            />
            <DateRangeFilter
              label={t('accessLog.filters.period')}
              from={filters.from}
              to={filters.to}
              onChange={(from, to) => list.setFilters({ from, to })}
              w={270}
              data-testid="access-log-filter-period"
            />
          </>
        }
      />
    </>
  );
}

export const Component = AccessLogRoute;
