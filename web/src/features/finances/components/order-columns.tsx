import type { OrderSummary } from '@genodesk/contract/finances';
import type { Locale } from '@genodesk/contract/locales';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { EmailAddress } from '@/components/email-address';
import { LongName } from '@/components/long-name';
import { formatDateTime, nameIn } from '@/lib/format';
import { money } from './format';

/** The columns the orders and the unprocessed orders lists share. */
export function orderColumns(t: TFunction, locale: Locale) {
  return {
    orderNumber: {
      key: 'orderNumber',
      header: t('finances.order.fields.orderNumber'),
      sortField: 'orderNumber',
      render: (o) => (
        <Text ff="monospace" fz="sm" fw={600} data-testid="order-row-number">
          {o.orderNumber}
        </Text>
      ),
    },
    customer: {
      key: 'customerName',
      priority: 2,
      header: t('finances.order.fields.customer'),
      sortField: 'customerName',
      render: (o) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            <LongName>{o.customerFullName}</LongName>
          </Text>
          <Text fz="xs" c="dimmed">
            <EmailAddress email={o.customerEmail} />
          </Text>
        </Stack>
      ),
    },
    productType: {
      key: 'productType',
      priority: 2,
      header: t('finances.order.fields.productType'),
      render: (o) => nameIn(o.productTypeName, o.productTypeNameEn, locale),
    },
    amount: {
      key: 'amount',
      priority: 2,
      nowrap: true,
      header: t('finances.order.fields.amount'),
      sortField: 'amount',
      align: 'right',
      render: (o) => <span style={{ whiteSpace: 'nowrap' }}>{money(o, locale)}</span>,
    },
    created: {
      key: 'created',
      priority: 3,
      nowrap: true,
      header: t('finances.order.fields.created'),
      sortField: 'created',
      render: (o) => formatDateTime(o.created, locale),
    },
  } satisfies Record<string, DataTableColumn<OrderSummary>>;
}
