import type { CustomerSummary } from '@genodesk/contract/customers';
import { registrationSources } from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ExportButtons } from '@/components/data-table/export-buttons';
import { FilterSelect } from '@/components/data-table/filter-select';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { EmailAddress } from '@/components/email-address';
import { LongName } from '@/components/long-name';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime, formatPhone } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCustomers } from '../api/get-customers';
import { registrationSourceName } from '../components/labels';

const filterNames = ['registrationSource', 'registeredFrom', 'registeredTo'] as const;

export function CustomersListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canCreate = useCan(Permissions.CustomersCreate);
  const canEdit = useCan(Permissions.CustomersEdit);
  const list = useListParams(filterNames, { sort: '-dateRegistration' });
  const { params } = list;
  const query = {
    sort: params.sort,
    search: params.search,
    registrationSource: params.filters.registrationSource,
    registeredFrom: params.filters.registeredFrom,
    registeredTo: params.filters.registeredTo,
  };
  const customers = useCustomers({ page: params.page, pageSize: params.pageSize, ...query });

  const columns: DataTableColumn<CustomerSummary>[] = [
    {
      key: 'surname',
      header: t('customers.fields.fullName'),
      sortField: 'surname',
      render: (c) => (
        <Stack gap={2} align="flex-start">
          {/* No wider than the cell: sized to its content, a name of one long word would run past it. */}
          <Text fz="sm" fw={600} maw="100%">
            <LongName>{c.fullName}</LongName>
          </Text>
          {c.isUnderage && (
            <Badge size="xs" color="orange" variant="light" tt="none">
              {t('customers.underage')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'email',
      priority: 2,
      header: t('customers.fields.email'),
      sortField: 'email',
      render: (c) => <EmailAddress email={c.email} />,
    },
    {
      key: 'phone',
      priority: 2,
      nowrap: true,
      header: t('customers.fields.phone'),
      sortField: 'phone',
      render: (c) => formatPhone(c.phonePrefix, c.phone),
    },
    {
      key: 'city',
      priority: 3,
      header: t('customers.fields.city'),
      sortField: 'city',
      render: (c) => c.city || '—',
    },
    {
      key: 'extID',
      priority: 2,
      header: t('customers.fields.barcode'),
      sortField: 'extID',
      render: (c) => (
        <Text ff="monospace" fz="sm">
          {c.extID ?? '—'}
        </Text>
      ),
    },
    {
      key: 'openLimsID',
      priority: 3,
      header: t('customers.fields.openLimsID'),
      sortField: 'openLimsID',
      render: (c) => c.openLimsID ?? '—',
    },
    {
      key: 'dateOfBirth',
      priority: 3,
      nowrap: true,
      header: t('customers.fields.dateOfBirth'),
      sortField: 'dateOfBirth',
      render: (c) => formatDate(c.dateOfBirth, locale),
    },
    {
      key: 'registrationSource',
      priority: 3,
      header: t('customers.fields.registrationSource'),
      sortField: 'registrationSource',
      render: (c) => (
        <Badge variant="light" color="gray" tt="none">
          {registrationSourceName(c.registrationSource, locale)}
        </Badge>
      ),
    },
    {
      key: 'dateRegistration',
      priority: 2,
      nowrap: true,
      header: t('customers.fields.dateRegistration'),
      sortField: 'dateRegistration',
      render: (c) => formatDateTime(c.dateRegistration, locale),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 96,
      render: (c) => (
        <RowActions
          testIdPrefix="customer"
          id={c.id}
          viewTo={paths.customers.view(c.id)}
          editTo={canEdit ? paths.customers.edit(c.id) : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('customers.title')}
        description={t('customers.description')}
        breadcrumbs={[{ label: t('nav.groups.customers') }, { label: t('customers.title') }]}
        actions={
          <>
            <ExportButtons
              endpoint="admin/customers/export"
              query={query}
              fileName="customers"
              failedMessage={t('customers.exportFailed')}
              testId="customers-export"
            />
            {canCreate && (
              <Button
                component={Link}
                to={paths.customers.create}
                leftSection={<IconPlus size={18} />}
                data-testid="customers-create"
              >
                {t('customers.new')}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        testId="customers-table"
        columns={columns}
        data={customers.data}
        loading={customers.isFetching}
        error={
          customers.error
            ? isApiError(customers.error)
              ? customers.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(c) => c.id}
        onRowClick={(c) => navigate(paths.customers.view(c.id))}
        searchPlaceholder={t('customers.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="registrationSource"
              placeholder={t('customers.filters.anySource')}
              aria-label={t('customers.fields.registrationSource')}
              data={registrationSources.map((s) => ({
                value: String(s),
                label: registrationSourceName(s, locale),
              }))}
              data-testid="customers-filter-source"
            />
            <DateRangeFilter
              label={t('customers.filters.registered')}
              from={params.filters.registeredFrom}
              to={params.filters.registeredTo}
              onChange={(from, to) => list.setFilters({ registeredFrom: from, registeredTo: to })}
              w={270}
              data-testid="customers-filter-registered"
            />
          </>
        }
      />
    </>
  );
}

export const Component = CustomersListRoute;
