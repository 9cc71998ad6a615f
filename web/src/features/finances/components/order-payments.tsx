import type { Payment } from '@genodesk/contract/finances';
import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { money } from './format';
import { PaymentStateBadge, paymentMethodName } from './labels';
import { PaymentActionButtons } from './payment-action-buttons';
import type { usePaymentActions } from './use-payment-actions';

/** The card, cash and bank-transfer payments of an order; with `actions`, the ones that apply as buttons. */
export function OrderPayments({
  payments,
  actions,
}: {
  payments: Payment[];
  actions?: ReturnType<typeof usePaymentActions>;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (payments.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid="order-payments-empty">
        {t('finances.order.noPayments')}
      </Text>
    );
  return (
    <ScrollArea>
      <Table miw={actions ? 760 : 640} fz="sm" verticalSpacing="sm" data-testid="order-payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finances.payment.method')}</Table.Th>
            <Table.Th>{t('finances.payment.amount')}</Table.Th>
            <Table.Th>{t('finances.payment.state')}</Table.Th>
            <Table.Th>{t('finances.payment.identifiers')}</Table.Th>
            <Table.Th>{t('finances.payment.createdAt')}</Table.Th>
            <Table.Th>{t('finances.payment.completedAt')}</Table.Th>
            {actions && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id} data-testid="order-payment" data-payment-id={p.id} data-method={p.method}>
              <Table.Td>{paymentMethodName(p.method, locale)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(p, locale)}</Table.Td>
              <Table.Td>
                <PaymentStateBadge payment={p} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {p.transactionId && (
                    <Text fz="xs">
                      {t('finances.payment.transactionId')}:{' '}
                      <Text span ff="monospace" fz="xs">
                        {p.transactionId}
                      </Text>
                    </Text>
                  )}
                  {p.refId && (
                    <Text fz="xs">
                      {t('finances.payment.refId')}:{' '}
                      <Text span ff="monospace" fz="xs">
                        {p.refId}
                      </Text>
                    </Text>
                  )}
                  {p.variableSymbol && (
                    <Text fz="xs">
                      {t('finances.payment.variableSymbol')}:{' '}
                      <Text span ff="monospace" fz="xs">
                        {p.variableSymbol}
                      </Text>
                    </Text>
                  )}
                  {p.account && (
                    <Text fz="xs">
                      {t('finances.payment.account')}:{' '}
                      <Text span ff="monospace" fz="xs">
                        {p.account}
                      </Text>
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>{formatDateTime(p.createdAt, locale)}</Table.Td>
              <Table.Td>{formatDateTime(p.completedAt, locale)}</Table.Td>
              {actions && (
                <Table.Td>
                  <PaymentActionButtons payment={p} actions={actions} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
