import { type OrderSummary, orderMissingParts } from '@genodesk/contract/finances';
import { Badge, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useUnpaidOrders } from '../api/get-unpaid-orders';
import { OrderStateBadges, paymentMethodName } from '../components/labels';
import { orderColumns } from '../components/order-columns';
import { ProductTypeFilter } from '../components/product-type-filter';

const filterNames = ['missing', 'productTypeId', 'createdFrom', 'createdTo'] as const;

/** Unprocessed orders (SPEC §2 unpaidcustomers): every order not complete, with what it still lacks. */
export function UnpaidOrdersListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const list = useListParams(filterNames, { sort: '-created' });
  const { params } = list;
  const orders = useUnpaidOrders({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    ...params.filters,
  });

  const shared = orderColumns(t, locale);
  const columns: DataTableColumn<OrderSummary>[] = [
    shared.orderNumber,
    shared.customer,
    shared.productType,
    shared.amount,
    {
      key: 'missing',
      priority: 2,
      header: t('finances.unpaid.missing'),
      render: (o) => (
        <Stack gap={4} align="flex-start">
          <OrderStateBadges order={o} />
          {o.samplingAtCentre && (
            <Badge size="xs" variant="outline" color="cyan" tt="none">
              {t('finances.order.fields.samplingAtCentre')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'paidBy',
      priority: 3,
      header: t('finances.order.fields.paidBy'),
      render: (o) => paymentMethodName(o.paidBy, locale),
    },
    shared.created,
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 56,
      render: (o) => <RowActions testIdPrefix="unpaid" id={o.id} viewTo={paths.unpaidCustomers.view(o.id)} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('finances.unpaid.title')}
        description={t('finances.unpaid.description')}
        breadcrumbs={[{ label: t('nav.groups.customers') }, { label: t('finances.unpaid.title') }]}
      />
      <DataTable
        testId="unpaid-table"
        columns={columns}
        data={orders.data}
        loading={orders.isFetching}
        error={
          orders.error ? (isApiError(orders.error) ? orders.error.message : t('errors.loadFailed')) : null
        }
        list={list}
        rowKey={(o) => o.id}
        onRowClick={(o) => navigate(paths.unpaidCustomers.view(o.id))}
        searchPlaceholder={t('finances.orders.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="missing"
              placeholder={t('finances.filters.anyMissing')}
              aria-label={t('finances.unpaid.missing')}
              data={orderMissingParts.map((part) => ({ value: part, label: t(`finances.missing.${part}`) }))}
              data-testid="unpaid-filter-missing"
            />
            <ProductTypeFilter
              value={params.filters.productTypeId}
              onChange={(v) => list.setFilter('productTypeId', v)}
              testId="unpaid-filter-product-type"
            />
            <DateRangeFilter
              label={t('finances.filters.created')}
              from={params.filters.createdFrom}
              to={params.filters.createdTo}
              onChange={(from, to) => list.setFilters({ createdFrom: from, createdTo: to })}
              w={270}
              data-testid="unpaid-filter-created"
            />
          </>
        }
      />
    </>
  );
}

export const Component = UnpaidOrdersListRoute;
