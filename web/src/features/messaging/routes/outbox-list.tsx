import {
  messageKinds,
  type OutboxMessage,
  outboxChannels,
  outboxStatusFilters,
} from '@genodesk/contract/messaging';
import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMail, IconMessage, IconSend, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { useListParams } from '@/components/data-table/use-list-params';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { EmailAddress } from '@/components/email-address';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatPhone, formatPragueDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useOutbox } from '../api/get-outbox';
import { DeliveryAlerts } from '../components/delivery-alerts';
import { kindName } from '../components/labels';
import { OutboxStatusBadge } from '../components/outbox-status-badge';

const filterNames = ['channel', 'status', 'kind', 'createdFrom', 'createdTo', 'mailingId'] as const;

export function OutboxListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const list = useListParams(filterNames, { sort: '-createdAt' });
  const { params } = list;
  const { filters } = params;
  const outbox = useOutbox({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    channel: filters.channel,
    status: filters.status,
    kind: filters.kind,
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
    mailingId: filters.mailingId,
  });

  const columns: DataTableColumn<OutboxMessage>[] = [
    {
      key: 'createdAt',
      header: t('messaging.outbox.fields.createdAt'),
      sortField: 'createdAt',
      render: (m) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatPragueDateTime(m.createdAt, locale)}
        </Text>
      ),
    },
    {
      key: 'channel',
      priority: 2,
      header: `${t('messaging.outbox.fields.channel')} · ${t('messaging.outbox.fields.kind')}`,
      render: (m) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            {m.channel === 'sms' ? <IconMessage size={16} /> : <IconMail size={16} />}
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {t(`messaging.outbox.channels.${m.channel}`)}
            </Text>
          </Group>
          <Text fz="xs" c="dimmed" miw={140} data-testid="outbox-kind">
            {kindName(m.kind, t)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'recipient',
      header: t('messaging.outbox.fields.recipient'),
      sortField: 'recipient',
      render: (m) => (
        <Stack gap={2}>
          <Text fz="sm" fw={600} data-testid="outbox-recipient">
            {m.channel === 'sms' ? formatPhone(m.recipient) : <EmailAddress email={m.recipient} />}
          </Text>
          {m.subject && (
            <Text fz="xs" c="dimmed" lineClamp={1} maw={320}>
              {m.subject}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('messaging.outbox.fields.status'),
      sortField: 'status',
      render: (m) => <OutboxStatusBadge status={m.status} />,
    },
    {
      key: 'attempts',
      priority: 3,
      header: t('messaging.outbox.fields.attempts'),
      sortField: 'attempts',
      align: 'right',
      render: (m) => m.attempts,
    },
    {
      key: 'lastError',
      priority: 3,
      header: t('messaging.outbox.fields.lastError'),
      render: (m) =>
        m.lastError ? (
          <Tooltip label={m.lastError} multiline w={360} withArrow>
            <Text fz="xs" c="red.8" lineClamp={2} maw={260}>
              {m.lastError}
            </Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      key: 'sentAt',
      priority: 2,
      header: t('messaging.outbox.fields.sentAt'),
      sortField: 'sentAt',
      render: (m) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatPragueDateTime(m.sentAt, locale)}
        </Text>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('messaging.outbox.title')}
        description={t('messaging.outbox.description')}
        breadcrumbs={[{ label: t('nav.groups.administration') }, { label: t('messaging.outbox.title') }]}
        actions={
          <Button
            component={Link}
            to={paths.email}
            leftSection={<IconSend size={18} />}
            data-testid="outbox-compose"
          >
            {t('messaging.email.title')}
          </Button>
        }
      />
      <DeliveryAlerts />
      {filters.mailingId && (
        <Group mb="md">
          <Badge
            size="lg"
            variant="light"
            tt="none"
            data-testid="outbox-filter-mailing"
            rightSection={
              <Tooltip label={t('messaging.outbox.filters.clearMailing')}>
                <IconX
                  size={14}
                  style={{ cursor: 'pointer' }}
                  aria-label={t('messaging.outbox.filters.clearMailing')}
                  role="button"
                  onClick={() => list.setFilter('mailingId', undefined)}
                />
              </Tooltip>
            }
          >
            {t('messaging.outbox.filters.mailing', { id: filters.mailingId })}
          </Badge>
        </Group>
      )}
      <DataTable
        testId="outbox-table"
        columns={columns}
        data={outbox.data}
        loading={outbox.isFetching}
        error={
          outbox.error ? (isApiError(outbox.error) ? outbox.error.message : t('errors.loadFailed')) : null
        }
        list={list}
        rowKey={(m) => m.id}
        onRowClick={(m) => navigate(paths.outbox.view(m.id))}
        searchPlaceholder={t('messaging.outbox.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="channel"
              placeholder={t('messaging.outbox.filters.anyChannel')}
              aria-label={t('messaging.outbox.fields.channel')}
              data={outboxChannels.map((c) => ({ value: c, label: t(`messaging.outbox.channels.${c}`) }))}
              data-testid="outbox-filter-channel"
            />
            <FilterSelect
              list={list}
              name="status"
              placeholder={t('messaging.outbox.filters.anyStatus')}
              aria-label={t('messaging.outbox.fields.status')}
              data={outboxStatusFilters.map((s) => ({
                value: s,
                label: t(`messaging.outbox.statuses.${s}`),
              }))}
              comboboxProps={{ width: 260 }}
              data-testid="outbox-filter-status"
            />
            <FilterSelect
              list={list}
              name="kind"
              placeholder={t('messaging.outbox.filters.anyKind')}
              aria-label={t('messaging.outbox.fields.kind')}
              data={messageKinds.map((k) => ({ value: k, label: kindName(k, t) }))}
              searchable
              comboboxProps={{ width: 300 }}
              data-testid="outbox-filter-kind"
            />
            <DateRangeFilter
              label={t('messaging.outbox.filters.created')}
              from={filters.createdFrom}
              to={filters.createdTo}
              onChange={(from, to) => list.setFilters({ createdFrom: from, createdTo: to })}
              w={270}
              data-testid="outbox-filter-created"
            />
          </>
        }
      />
    </>
  );
}

export const Component = OutboxListRoute;
