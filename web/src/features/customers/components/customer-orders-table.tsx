import type { CustomerDetail } from '@genodesk/contract/customers';
import { type PaymentMethod, paymentMethodLabels } from '@genodesk/contract/enums';
import { Badge, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataTableColumn, FitTable, useFitColumns } from '@/components/data-table/fit-table';
import { formatDate, formatMoney, nameIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

type Order = CustomerDetail['orders'][number];

/**
 * The customer's orders, fitted to the detail's narrower column as the lists are (`FitTable`): at
 * 1280 px the amount and the payment method go to the row's second line rather than the state being
 * cut off.
 */
export function CustomerOrdersTable({ orders }: { orders: readonly Order[] }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const columns: DataTableColumn<Order>[] = [
    {
      key: 'number',
      header: t('customers.orders.number'),
      render: (o) => o.orderNumber,
    },
    {
      key: 'productType',
      header: t('customers.orders.productType'),
      render: (o) => nameIn(o.productTypeName, o.productTypeNameEn, locale),
    },
    {
      key: 'amount',
      priority: 2,
      header: t('customers.orders.amount'),
      nowrap: true,
      render: (o) => formatMoney(o.amountMinor, o.currency, locale),
    },
    {
      key: 'paidBy',
      priority: 3,
      header: t('customers.orders.paidBy'),
      render: (o) => paymentMethodLabels[o.paidBy as PaymentMethod]?.[locale] ?? '—',
    },
    {
      key: 'state',
      header: t('customers.orders.state'),
      // The date it was paid stays whole under the badge.
      nowrap: true,
      render: (o) => (
        <>
          <Badge variant="light" color={o.complete ? 'teal' : 'yellow'}>
            {o.complete ? t('customers.orders.complete') : t('customers.orders.open')}
          </Badge>
          {o.complete && (
            <Text fz="xs" c="dimmed">
              {formatDate(o.dateOrderPaid, locale)}
            </Text>
          )}
        </>
      ),
    },
  ];
  const measureKey = useMemo(() => ({ rows: orders, locale }), [orders, locale]);
  const fit = useFitColumns(columns, measureKey);
  return <FitTable fit={fit} rows={orders} rowKey={(o) => o.id} testId="customer-orders" sticky={false} />;
}
