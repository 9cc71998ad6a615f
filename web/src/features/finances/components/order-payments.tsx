import { PaymentMethod } from '@genodesk/contract/enums';
import type { Payment } from '@genodesk/contract/finances';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { money } from './format';
import { PaymentStateBadge, paymentMethodName } from './labels';
import { PaymentActionButtons } from './payment-action-buttons';
import type { usePaymentActions } from './use-payment-actions';

/**
 * The card, cash and bank-transfer payments of an order, one block each that wraps to the width of its
 * card (a table of seven columns pushed the actions out of sight); with `actions`, the ones that apply
 * as buttons beside the payment.
 */
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
  const identifier = (label: string, value: string | null) =>
    value && (
      <Text fz="xs" c="dimmed">
        {label}:{' '}
        <Text span ff="monospace" fz="xs" c="var(--mantine-color-text)">
          {value}
        </Text>
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="order-payments" role="list">
      {payments.map((p) => (
        <Paper
          key={p.id}
          withBorder
          radius="md"
          p="sm"
          role="listitem"
          data-testid="order-payment"
          data-payment-id={p.id}
          data-method={p.method}
        >
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={6} style={{ flex: '1 1 220px', minWidth: 0 }}>
              <Group gap="sm" wrap="wrap">
                <Text fw={600} fz="sm">
                  {paymentMethodName(p.method, locale)}
                </Text>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {money(p, locale)}
                </Text>
                <PaymentStateBadge payment={p} />
              </Group>
              <Group gap="md" wrap="wrap">
                {identifier(t('finances.payment.transactionId'), p.transactionId)}
                {identifier(t('finances.payment.refId'), p.refId)}
                {identifier(t('finances.payment.variableSymbol'), p.variableSymbol)}
                {/* Only a transfer is paid to an account; a payment converted to cash keeps none to show. */}
                {p.method === PaymentMethod.BankTransfer &&
                  identifier(t('finances.payment.account'), p.account)}
              </Group>
              <Text fz="xs" c="dimmed">
                {t('finances.payment.createdAt')}: {formatDateTime(p.createdAt, locale)}
                {p.completedAt &&
                  ` · ${t('finances.payment.completedAt')}: ${formatDateTime(p.completedAt, locale)}`}
              </Text>
              {p.refund && (
                <Text
                  fz="xs"
                  fw={p.refund.refundedAt ? undefined : 600}
                  c={p.refund.refundedAt ? 'dimmed' : 'orange.9'}
                  data-testid="order-payment-refund"
                >
                  {p.refund.refundedAt
                    ? p.refund.refundedBy
                      ? t('finances.payment.refundedOnBy', {
                          date: formatDateTime(p.refund.refundedAt, locale),
                          user: p.refund.refundedBy.userName,
                        })
                      : t('finances.payment.refundedOn', {
                          date: formatDateTime(p.refund.refundedAt, locale),
                        })
                    : t('finances.payment.refundDueSince', {
                        amount: money(p, locale),
                        date: formatDateTime(p.refund.dueAt, locale),
                      })}
                </Text>
              )}
              {p.refund?.note && (
                // Staff's own words, kept as written: their line breaks, a reference of any length.
                <Text
                  fz="xs"
                  c="dimmed"
                  style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                  data-testid="order-payment-refund-note"
                >
                  {t('finances.payment.refundNote', { note: p.refund.note })}
                </Text>
              )}
            </Stack>
            {actions && <PaymentActionButtons payment={p} actions={actions} />}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
