import { Permissions } from '@genodesk/contract/permissions';
import type { VoucherDetail } from '@genodesk/contract/vouchers';
import { Anchor, Badge, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** The orders a voucher was used on: what it took off each, when, and whether the order is paid. */
export function VoucherUses({ voucher }: { voucher: VoucherDetail }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canViewOrders = useCan(Permissions.OrdersView);
  const canProcessOrders = useCan(Permissions.UnpaidCustomersView);
  if (voucher.uses.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid="voucher-uses-empty">
        {t('vouchers.uses.none')}
      </Text>
    );
  const orderLink = (orderId: number) =>
    canViewOrders
      ? paths.orders.view(orderId)
      : canProcessOrders
        ? paths.unpaidCustomers.view(orderId)
        : null;
  return (
    <ScrollArea>
      <Table miw={560} fz="sm" verticalSpacing="sm" data-testid="voucher-uses">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('vouchers.uses.order')}</Table.Th>
            <Table.Th>{t('vouchers.uses.customer')}</Table.Th>
            <Table.Th ta="right">{t('vouchers.uses.takenOff')}</Table.Th>
            <Table.Th>{t('vouchers.uses.appliedAt')}</Table.Th>
            <Table.Th>{t('vouchers.uses.orderState')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {voucher.uses.map((use) => {
            const to = orderLink(use.orderId);
            return (
              <Table.Tr key={use.orderId} data-testid="voucher-use" data-order-number={use.orderNumber}>
                <Table.Td>
                  {to ? (
                    <Anchor component={Link} to={to} ff="monospace" fz="sm" fw={600}>
                      {use.orderNumber}
                    </Anchor>
                  ) : (
                    <Text ff="monospace" fz="sm" fw={600}>
                      {use.orderNumber}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{use.customerFullName}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(Math.round(use.amount * 100), voucher.currency, locale)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(use.appliedAt, locale)}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    tt="none"
                    color={use.orderPaid ? 'teal' : 'orange'}
                    styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                    data-testid="voucher-use-paid"
                    data-paid={use.orderPaid}
                  >
                    {use.orderPaid ? t('vouchers.uses.paid') : t('vouchers.uses.unpaid')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
