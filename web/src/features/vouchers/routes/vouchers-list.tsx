import { Permissions } from '@genodesk/contract/permissions';
import { type Voucher, VoucherType } from '@genodesk/contract/vouchers';
import { Button, Stack, Text } from '@mantine/core';
import { IconGift, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ExportButtons } from '@/components/data-table/export-buttons';
import { FilterSelect } from '@/components/data-table/filter-select';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { ProductTypeFilter } from '@/features/finances/components/product-type-filter';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useVouchers } from '../api/get-vouchers';
import {
  formatVoucherDay,
  kindPath,
  voucherKindName,
  voucherKinds,
  voucherTypeName,
  voucherTypes,
  voucherValue,
} from '../components/labels';
import { VoucherKindBadge, VoucherStateBadge, VoucherTypeBadge } from '../components/voucher-badges';

const filterNames = [
  'kind',
  'type',
  'validity',
  'redeemed',
  'productTypeId',
  'createdFrom',
  'createdTo',
] as const;

/** Money and product vouchers (SPEC §2 vouchers): filters, search by code or names, sort, paging, export. */
export function VouchersListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canCreate = useCan(Permissions.VouchersCreate);
  const canEdit = useCan(Permissions.VouchersEdit);
  const list = useListParams(filterNames, { sort: '-created' });
  const { params } = list;
  const query = { sort: params.sort, search: params.search, ...params.filters };
  const vouchers = useVouchers({ page: params.page, pageSize: params.pageSize, ...query });

  const columns: DataTableColumn<Voucher>[] = [
    {
      key: 'code',
      header: t('vouchers.fields.code'),
      sortField: 'code',
      render: (v) => (
        <Text ff="monospace" fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="voucher-row-code">
          {v.code}
        </Text>
      ),
    },
    {
      key: 'kind',
      priority: 2,
      header: `${t('vouchers.fields.kind')} · ${t('vouchers.fields.voucherType')}`,
      render: (v) => (
        <Stack gap={4} align="flex-start">
          <VoucherKindBadge kind={v.kind} />
          <VoucherTypeBadge type={v.voucherType} />
        </Stack>
      ),
    },
    {
      key: 'amount',
      priority: 2,
      header: t('vouchers.fields.value'),
      sortField: 'amount',
      align: 'right',
      render: (v) => (
        <Text fz="sm" style={{ whiteSpace: v.amountMinor !== null ? 'nowrap' : undefined }}>
          {voucherValue(v, locale)}
        </Text>
      ),
    },
    {
      key: 'names',
      priority: 3,
      header: `${t('vouchers.fields.forWho')} / ${t('vouchers.fields.fromWho')}`,
      render: (v) =>
        v.voucherType === VoucherType.Gift && (v.forWho || v.fromWho) ? (
          <Stack gap={0}>
            {v.forWho && <Text fz="sm">{t('vouchers.forWhoShort', { name: v.forWho })}</Text>}
            {v.fromWho && (
              <Text fz="xs" c="dimmed">
                {t('vouchers.fromWhoShort', { name: v.fromWho })}
              </Text>
            )}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'validTo',
      priority: 3,
      nowrap: true,
      header: t('vouchers.fields.validTo'),
      sortField: 'validTo',
      render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatVoucherDay(v.validTo, locale)}</span>,
    },
    {
      key: 'remainingUsageCount',
      priority: 3,
      header: t('vouchers.fields.remainingUses'),
      sortField: 'remainingUsageCount',
      align: 'right',
      render: (v) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="voucher-row-uses">
          {t('vouchers.usesLeft', { remaining: v.remainingUsageCount, max: v.maxUsageCount })}
        </span>
      ),
    },
    {
      key: 'state',
      priority: 2,
      header: t('vouchers.fields.state'),
      render: (v) => <VoucherStateBadge voucher={v} />,
    },
    {
      key: 'created',
      priority: 3,
      nowrap: true,
      header: t('vouchers.fields.createdAt'),
      sortField: 'created',
      render: (v) => formatDateTime(v.createdAt, locale),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 96,
      render: (v) => (
        <RowActions
          testIdPrefix="voucher"
          id={v.id}
          viewTo={paths.vouchers.view(kindPath(v.kind), v.id)}
          editTo={canEdit ? paths.vouchers.edit(kindPath(v.kind), v.id) : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('vouchers.title')}
        description={t('vouchers.description')}
        breadcrumbs={[{ label: t('nav.groups.finances') }, { label: t('vouchers.title') }]}
        actions={
          <>
            <ExportButtons
              endpoint="admin/vouchers/export"
              query={query}
              fileName="vouchers"
              failedMessage={t('vouchers.exportFailed')}
              testId="vouchers-export"
            />
            {canCreate && (
              <>
                <Button
                  component={Link}
                  to={paths.vouchers.create('money')}
                  leftSection={<IconTicket size={18} />}
                  data-testid="vouchers-create-money"
                >
                  {t('vouchers.newMoney')}
                </Button>
                <Button
                  component={Link}
                  to={paths.vouchers.create('product')}
                  leftSection={<IconGift size={18} />}
                  data-testid="vouchers-create-product"
                >
                  {t('vouchers.newProduct')}
                </Button>
              </>
            )}
          </>
        }
      />
      <DataTable
        testId="vouchers-table"
        columns={columns}
        data={vouchers.data}
        loading={vouchers.isFetching}
        error={
          vouchers.error
            ? isApiError(vouchers.error)
              ? vouchers.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(v) => v.id}
        onRowClick={(v) => navigate(paths.vouchers.view(kindPath(v.kind), v.id))}
        searchPlaceholder={t('vouchers.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="kind"
              placeholder={t('vouchers.filters.anyKind')}
              aria-label={t('vouchers.fields.kind')}
              data={voucherKinds.map((k) => ({ value: String(k), label: voucherKindName(k, locale) }))}
              data-testid="vouchers-filter-kind"
            />
            <FilterSelect
              list={list}
              name="type"
              placeholder={t('vouchers.filters.anyType')}
              aria-label={t('vouchers.fields.voucherType')}
              data={voucherTypes.map((k) => ({ value: String(k), label: voucherTypeName(k, locale) }))}
              data-testid="vouchers-filter-type"
            />
            <FilterSelect
              list={list}
              name="validity"
              placeholder={t('vouchers.filters.anyValidity')}
              aria-label={t('vouchers.filters.validity')}
              data={[
                { value: 'valid', label: t('vouchers.filters.valid') },
                { value: 'expired', label: t('vouchers.filters.expired') },
              ]}
              data-testid="vouchers-filter-validity"
            />
            <FilterSelect
              list={list}
              name="redeemed"
              placeholder={t('vouchers.filters.anyRedeemed')}
              aria-label={t('vouchers.fields.redeemed')}
              data={[
                { value: 'false', label: t('vouchers.filters.notRedeemed') },
                { value: 'true', label: t('vouchers.filters.redeemed') },
              ]}
              data-testid="vouchers-filter-redeemed"
            />
            <ProductTypeFilter
              value={params.filters.productTypeId}
              onChange={(v) => list.setFilter('productTypeId', v)}
              testId="vouchers-filter-product-type"
            />
            <DateRangeFilter
              label={t('vouchers.filters.created')}
              from={params.filters.createdFrom}
              to={params.filters.createdTo}
              onChange={(from, to) => list.setFilters({ createdFrom: from, createdTo: to })}
              w={270}
              data-testid="vouchers-filter-created"
            />
          </>
        }
      />
    </>
  );
}

export const Component = VouchersListRoute;
