import {
  type SecurityEvent,
  type SecurityEventType,
  securityEventLabels,
  securityEventTypes,
} from '@genodesk/contract/security';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { useListParams } from '@/components/data-table/use-list-params';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useSecurityLog } from '../api/get-security-log';
import { SecurityEventBadge, securityDetail } from '../components/security-event-badge';
import { shortUserAgent } from '../components/user-agent';
import { UserFilter } from '../components/user-filter';

const filterNames = ['event', 'userId', 'from', 'to'] as const;

/** A staff member's name linking to their page. */
function UserLink({
  user,
  testId,
}: {
  user: { id: number; userName: string; email?: string };
  testId: string;
}) {
  return (
    <Anchor component={Link} to={paths.users.view(user.id)} fz="sm" data-testid={testId}>
      {user.userName || user.email || `#${user.id}`}
    </Anchor>
  );
}

export function SecurityLogRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const list = useListParams(filterNames, { sort: '-occurredAt' });
  const { params } = list;
  const { filters } = params;
  const log = useSecurityLog({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    event: filters.event,
    userId: filters.userId,
    from: filters.from,
    to: filters.to,
    locale,
  });

  const columns: DataTableColumn<SecurityEvent>[] = [
    {
      key: 'occurredAt',
      header: t('securityLog.fields.occurredAt'),
      sortField: 'occurredAt',
      render: (e) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(e.occurredAt, locale)}
        </Text>
      ),
    },
    {
      key: 'event',
      header: t('securityLog.fields.event'),
      sortField: 'event',
      render: (e) => <SecurityEventBadge event={e.event} />,
    },
    {
      key: 'user',
      priority: 2,
      header: t('securityLog.fields.user'),
      sortField: 'user',
      render: (e) =>
        e.user ? (
          <Stack gap={0}>
            <UserLink user={e.user} testId="security-log-user" />
            <Text fz="xs" c="dimmed">
              {e.user.email}
            </Text>
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('securityLog.unknownAccount')}
          </Text>
        ),
    },
    {
      key: 'actor',
      priority: 3,
      header: t('securityLog.fields.actor'),
      render: (e) => (e.actor ? <UserLink user={e.actor} testId="security-log-actor" /> : '—'),
    },
    {
      key: 'address',
      priority: 3,
      header: t('securityLog.fields.address'),
      render: (e) => (
        <Text fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {e.address ?? '—'}
        </Text>
      ),
    },
    {
      key: 'device',
      priority: 3,
      header: t('securityLog.fields.device'),
      render: (e) => (
        <Text fz="sm" title={e.userAgent ?? undefined} style={{ whiteSpace: 'nowrap' }}>
          {shortUserAgent(e.userAgent) ?? '—'}
        </Text>
      ),
    },
    {
      key: 'detail',
      priority: 2,
      header: t('securityLog.fields.detail'),
      render: (e) => <Text fz="sm">{securityDetail(e.detail, t) ?? '—'}</Text>,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('securityLog.title')}
        description={t('securityLog.description')}
        breadcrumbs={[{ label: t('nav.groups.administration') }, { label: t('securityLog.title') }]}
      />
      <DataTable
        testId="security-log-table"
        columns={columns}
        data={log.data}
        loading={log.isFetching}
        error={log.error ? (isApiError(log.error) ? log.error.message : t('errors.loadFailed')) : null}
        list={list}
        rowKey={(e) => e.id}
        searchPlaceholder={t('securityLog.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="event"
              placeholder={t('securityLog.filters.anyEvent')}
              aria-label={t('securityLog.fields.event')}
              data={securityEventTypes.map((type: SecurityEventType) => ({
                value: type,
                label: securityEventLabels[type][locale],
              }))}
              comboboxProps={{ width: 320 }}
              data-testid="security-log-filter-event"
            />
            <UserFilter
              value={filters.userId}
              onChange={(v) => list.setFilter('userId', v)}
              testId="security-log-filter-user"
            />
            <DateRangeFilter
              label={t('securityLog.filters.period')}
              from={filters.from}
              to={filters.to}
              onChange={(from, to) => list.setFilters({ from, to })}
              w={270}
              data-testid="security-log-filter-period"
            />
          </>
        }
      />
    </>
  );
}

export const Component = SecurityLogRoute;
