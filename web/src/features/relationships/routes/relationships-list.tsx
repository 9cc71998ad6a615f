import type { Relationship } from '@genodesk/contract/customers';
import {
  type RelationshipStatus,
  relationshipStatuses,
  relationshipStatusLabels,
} from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { useListParams } from '@/components/data-table/use-list-params';
import { EmailAddress } from '@/components/email-address';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useRelationships } from '../api/get-relationships';
import { AcceptRelationshipModal } from '../components/accept-modal';
import { RelationshipStatusBadge } from '../components/relationship-status-badge';

const filterNames = ['status'] as const;

function Person({ name, email }: { name: string | null; email: string | null }) {
  if (!name && !email) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={0}>
      <Text fz="sm">{name ?? '—'}</Text>
      <Text fz="xs" c="dimmed">
        {email}
      </Text>
    </Stack>
  );
}

export function RelationshipsListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canEdit = useCan(Permissions.CustomersEdit);
  const list = useListParams(filterNames, { sort: '-requestedAt' });
  const { params } = list;
  const [open, setOpen] = useState<number | null>(null);
  const rows = useRelationships({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    status: params.filters.status,
  });

  const columns: DataTableColumn<Relationship>[] = [
    {
      key: 'customerFullName',
      header: t('relationships.fields.customer'),
      sortField: 'customerFullName',
      render: (r) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={paths.customers.view(r.customerId)}
            fz="sm"
            fw={600}
            onClick={(e) => e.stopPropagation()}
          >
            {r.customerFullName}
          </Anchor>
          <Text fz="xs" c="dimmed">
            <EmailAddress email={r.customerEmail} />
          </Text>
        </Stack>
      ),
    },
    {
      key: 'requested',
      priority: 2,
      header: t('relationships.fields.requestedPartner'),
      render: (r) => <Person name={r.requestedPartnerFullName} email={r.requestedPartnerEmail} />,
    },
    {
      key: 'partner',
      priority: 2,
      header: t('relationships.fields.partner'),
      render: (r) => <Person name={r.partnerFullName} email={r.partnerEmail} />,
    },
    {
      key: 'status',
      header: t('relationships.fields.status'),
      sortField: 'status',
      render: (r) => <RelationshipStatusBadge status={r.status} />,
    },
    {
      key: 'requestedAt',
      priority: 3,
      nowrap: true,
      header: t('relationships.fields.requestedAt'),
      sortField: 'requestedAt',
      render: (r) => formatDateTime(r.requestedAt, locale),
    },
    {
      key: 'acceptedAt',
      priority: 3,
      nowrap: true,
      header: t('relationships.fields.acceptedAt'),
      sortField: 'acceptedAt',
      render: (r) => formatDateTime(r.acceptedAt, locale),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('relationships.title')}
        description={t('relationships.description')}
        breadcrumbs={[{ label: t('nav.groups.customers') }, { label: t('relationships.title') }]}
      />
      <DataTable
        testId="relationships-table"
        columns={columns}
        data={rows.data}
        loading={rows.isFetching}
        error={rows.error ? (isApiError(rows.error) ? rows.error.message : t('errors.loadFailed')) : null}
        list={list}
        rowKey={(r) => r.customerId}
        onRowClick={(r) => setOpen(r.customerId)}
        searchPlaceholder={t('relationships.searchPlaceholder')}
        filters={
          <FilterSelect
            list={list}
            name="status"
            placeholder={t('relationships.filters.anyStatus')}
            aria-label={t('relationships.fields.status')}
            data={relationshipStatuses.map((s: RelationshipStatus) => ({
              value: s,
              label: relationshipStatusLabels[s][locale],
            }))}
            data-testid="relationships-filter-status"
          />
        }
      />
      <AcceptRelationshipModal customerId={open} canEdit={canEdit} onClose={() => setOpen(null)} />
    </>
  );
}

export const Component = RelationshipsListRoute;
