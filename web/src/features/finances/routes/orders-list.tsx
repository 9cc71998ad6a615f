import type { OrderSummary } from '@genodesk/contract/finances';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ExportButtons } from '@/components/data-table/export-buttons';
import { FilterSelect } from '@/components/data-table/filter-select';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useOrders } from '../api/get-orders';
import { OrderStateBadges, paymentMethodName, paymentMethods } from '../components/labels';
import { orderColumns } from '../components/order-columns';
import { ProductTypeFilter } from '../components/product-type-filter';

const filterNames = ['complete', 'paidBy', 'productTypeId', 'createdFrom', 'createdTo'] as const;

export function OrdersListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const list = useListParams(filterNames, { sort: '-created' });
  const { params } = list;
  const query = { sort: params.sort, search: params.search, ...params.filters };
  const orders = useOrders({ page: params.page, pageSize: params.pageSize, ...query });

  const shared = orderColumns(t, locale);
  const columns: DataTableColumn<OrderSummary>[] = [
    shared.orderNumber,
    shared.customer,
    shared.productType,
    shared.amount,
    {
      key: 'paidBy',
      priority: 3,
      header: t('finances.order.fields.paidBy'),
      render: (o) => paymentMethodName(o.paidBy, locale),
    },
    {
      key: 'state',
      priority: 2,
      header: t('finances.order.fields.state'),
      render: (o) => <OrderStateBadges order={o} />,
    },
    shared.created,
    {
      key: 'dateOrderPaid',
      priority: 3,
      nowrap: true,
      header: t('finances.order.fields.dateOrderPaid'),
      sortField: 'dateOrderPaid',
      render: (o) => formatDateTime(o.dateOrderPaid, locale),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 56,
      render: (o) => <RowActions testIdPrefix="order" id={o.id} viewTo={paths.orders.view(o.id)} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('finances.orders.title')}
        description={t('finances.orders.description')}
        breadcrumbs={[{ label: t('nav.groups.finances') }, { label: t('finances.orders.title') }]}
        actions={
          <ExportButtons
            endpoint="admin/orders/export"
            query={query}
            fileName="orders"
            failedMessage={t('finances.orders.exportFailed')}
            testId="orders-export"
          />
        }
      />
      <DataTable
        testId="orders-table"
        columns={columns}
        data={orders.data}
        loading={orders.isFetching}
        error={
          orders.error ? (isApiError(orders.error) ? orders.error.message : t('errors.loadFailed')) : null
        }
        list={list}
        rowKey={(o) => o.id}
        onRowClick={(o) => navigate(paths.orders.view(o.id))}
        searchPlaceholder={t('finances.orders.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="complete"
              placeholder={t('finances.filters.anyState')}
              aria-label={t('finances.order.fields.state')}
              data={[
                { value: 'false', label: t('finances.filters.notComplete') },
                { value: 'true', label: t('finances.order.complete') },
              ]}
              data-testid="orders-filter-complete"
            />
            <FilterSelect
              list={list}
              name="paidBy"
              placeholder={t('finances.filters.anyPaidBy')}
              aria-label={t('finances.order.fields.paidBy')}
              data={paymentMethods.map((m) => ({ value: String(m), label: paymentMethodName(m, locale) }))}
              data-testid="orders-filter-paid-by"
            />
            <ProductTypeFilter
              value={params.filters.productTypeId}
              onChange={(v) => list.setFilter('productTypeId', v)}
              testId="orders-filter-product-type"
            />
            <DateRangeFilter
              label={t('finances.filters.created')}
              from={params.filters.createdFrom}
              to={params.filters.createdTo}
              onChange={(from, to) => list.setFilters({ createdFrom: from, createdTo: to })}
              w={270}
              data-testid="orders-filter-created"
            />
          </>
        }
      />
    </>
  );
}

export const Component = OrdersListRoute;
