import type { Payment } from '@genodesk/contract/finances';
import { Permissions } from '@genodesk/contract/permissions';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ExportButtons } from '@/components/data-table/export-buttons';
import { FilterSelect } from '@/components/data-table/filter-select';
import { useListParams } from '@/components/data-table/use-list-params';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { usePayments } from '../api/get-payments';
import { money } from '../components/format';
import {
  cardStatuses,
  cardStatusName,
  PaymentStateBadge,
  paymentMethodName,
  paymentMethods,
} from '../components/labels';
import { PaymentActionButtons } from '../components/payment-action-buttons';
import { usePaymentActions } from '../components/use-payment-actions';

const filterNames = ['method', 'cardStatus', 'completed', 'refundDue', 'createdFrom', 'createdTo'] as const;

export function PaymentsListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canViewOrders = useCan(Permissions.OrdersView);
  // The actions are those of the unprocessed-orders screen, and need its permission.
  const canAct = useCan(Permissions.UnpaidCustomersView);
  const list = useListParams(filterNames, { sort: '-createdAt' });
  const { params } = list;
  const query = { sort: params.sort, search: params.search, ...params.filters };
  const payments = usePayments({ page: params.page, pageSize: params.pageSize, ...query });
  const actions = usePaymentActions();

  const columns: DataTableColumn<Payment>[] = [
    {
      key: 'orderNumber',
      header: t('finances.order.fields.orderNumber'),
      render: (p) =>
        canViewOrders ? (
          <Anchor component={Link} to={paths.orders.view(p.orderId)} ff="monospace" fz="sm" fw={600}>
            {p.orderNumber}
          </Anchor>
        ) : (
          <Text ff="monospace" fz="sm" fw={600}>
            {p.orderNumber}
          </Text>
        ),
    },
    {
      key: 'customer',
      priority: 2,
      header: t('finances.order.fields.customer'),
      render: (p) => p.customerFullName,
    },
    {
      key: 'method',
      priority: 3,
      header: t('finances.payment.method'),
      sortField: 'method',
      render: (p) => paymentMethodName(p.method, locale),
    },
    {
      key: 'amount',
      priority: 2,
      nowrap: true,
      header: t('finances.payment.amount'),
      sortField: 'amount',
      align: 'right',
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{money(p, locale)}</span>,
    },
    {
      key: 'state',
      priority: 2,
      header: t('finances.payment.state'),
      render: (p) => (
        <Stack gap={4} align="flex-start">
          <PaymentStateBadge payment={p} />
          {p.refund?.note && (
            // How it was refunded, its first lines here; the whole note on the order and in its title.
            <Text
              fz="xs"
              c="dimmed"
              lineClamp={2}
              title={p.refund.note}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="payment-refund-note"
            >
              {t('finances.payment.refundNote', { note: p.refund.note })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'identifiers',
      priority: 3,
      header: t('finances.payment.identifiers'),
      render: (p) => (
        <Stack gap={0}>
          {[
            p.transactionId,
            p.refId,
            p.variableSymbol && `${t('finances.payment.vsShort')} ${p.variableSymbol}`,
          ]
            .filter(Boolean)
            .map((value) => (
              <Text key={value} ff="monospace" fz="xs">
                {value}
              </Text>
            ))}
        </Stack>
      ),
    },
    {
      key: 'createdAt',
      priority: 3,
      nowrap: true,
      header: t('finances.payment.createdAt'),
      sortField: 'createdAt',
      render: (p) => formatDateTime(p.createdAt, locale),
    },
    {
      key: 'completedAt',
      priority: 2,
      nowrap: true,
      header: t('finances.payment.completedAt'),
      sortField: 'completedAt',
      render: (p) => formatDateTime(p.completedAt, locale),
    },
    ...(canAct
      ? [
          {
            key: 'actions',
            header: '',
            align: 'right' as const,
            render: (p: Payment) => <PaymentActionButtons payment={p} actions={actions} compact />,
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('finances.payments.title')}
        description={t('finances.payments.description')}
        breadcrumbs={[{ label: t('nav.groups.finances') }, { label: t('finances.payments.title') }]}
        actions={
          <ExportButtons
            endpoint="admin/payments/export"
            query={query}
            fileName="payments"
            failedMessage={t('finances.payments.exportFailed')}
            testId="payments-export"
          />
        }
      />
      <DataTable
        testId="payments-table"
        columns={columns}
        data={payments.data}
        loading={payments.isFetching}
        error={
          payments.error
            ? isApiError(payments.error)
              ? payments.error.message
              : t('errors.loadFailed')
            : null
        }
        list={list}
        rowKey={(p) => p.id}
        searchPlaceholder={t('finances.payments.searchPlaceholder')}
        filters={
          <>
            <FilterSelect
              list={list}
              name="method"
              placeholder={t('finances.filters.anyMethod')}
              aria-label={t('finances.payment.method')}
              data={paymentMethods.map((m) => ({ value: String(m), label: paymentMethodName(m, locale) }))}
              data-testid="payments-filter-method"
            />
            <FilterSelect
              list={list}
              name="cardStatus"
              placeholder={t('finances.filters.anyCardStatus')}
              aria-label={t('finances.payment.cardStatus')}
              data={cardStatuses.map((s) => ({ value: String(s), label: cardStatusName(s, locale) }))}
              data-testid="payments-filter-card-status"
            />
            <FilterSelect
              list={list}
              name="completed"
              placeholder={t('finances.filters.anyCompletion')}
              aria-label={t('finances.payment.state')}
              data={[
                { value: 'true', label: t('finances.payment.completed') },
                { value: 'false', label: t('finances.payment.open') },
              ]}
              data-testid="payments-filter-completed"
            />
            <FilterSelect
              list={list}
              name="refundDue"
              placeholder={t('finances.filters.anyRefund')}
              aria-label={t('finances.payment.refund')}
              data={[
                { value: 'true', label: t('finances.filters.refundDue') },
                { value: 'false', label: t('finances.filters.noRefundDue') },
              ]}
              data-testid="payments-filter-refund-due"
            />
            <DateRangeFilter
              label={t('finances.filters.created')}
              from={params.filters.createdFrom}
              to={params.filters.createdTo}
              onChange={(from, to) => list.setFilters({ createdFrom: from, createdTo: to })}
              w={270}
              data-testid="payments-filter-created"
            />
          </>
        }
      />
    </>
  );
}

export const Component = PaymentsListRoute;
