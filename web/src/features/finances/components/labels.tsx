import {
  CardPaymentStatus,
  cardPaymentStatusLabels,
  PaymentMethod,
  paymentMethodLabels,
} from '@genodesk/contract/enums';
import type { OrderSummary, Payment } from '@genodesk/contract/finances';
import type { Locale } from '@genodesk/contract/locales';
import { Badge, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';

export const paymentMethods = Object.values(PaymentMethod) as PaymentMethod[];
export const cardStatuses = Object.values(CardPaymentStatus) as CardPaymentStatus[];

export function paymentMethodName(method: number, locale: Locale): string {
  return paymentMethodLabels[method as PaymentMethod]?.[locale] ?? String(method);
}

export function cardStatusName(status: number, locale: Locale): string {
  return cardPaymentStatusLabels[status as CardPaymentStatus]?.[locale] ?? String(status);
}

const cardStatusColors: Record<number, string> = { 1: 'yellow', 2: 'blue', 3: 'teal', 4: 'red' };

/**
 * A payment's state: completed, or open (with a card's gateway status); an overpayment (a card charged
 * after the order was paid another way) says it was paid twice and is to be refunded, or was refunded.
 */
export function PaymentStateBadge({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Stack gap={4} align="flex-start">
      <Badge
        variant="light"
        color={payment.completed ? 'teal' : 'yellow'}
        data-testid="payment-state"
        data-completed={payment.completed}
      >
        {payment.completed ? t('finances.payment.completed') : t('finances.payment.open')}
      </Badge>
      {payment.cardStatus !== null && (
        <Badge
          variant="outline"
          color={cardStatusColors[payment.cardStatus] ?? 'gray'}
          data-testid="payment-card-status"
        >
          {cardStatusName(payment.cardStatus, locale)}
        </Badge>
      )}
      {payment.refund && (
        <Badge
          variant={payment.refund.refundedAt ? 'outline' : 'filled'}
          color={payment.refund.refundedAt ? 'gray' : 'orange'}
          data-testid="payment-refund"
          data-refunded={payment.refund.refundedAt !== null}
        >
          {payment.refund.refundedAt ? t('finances.payment.refunded') : t('finances.payment.refundDue')}
        </Badge>
      )}
    </Stack>
  );
}

/** An order's state: complete, or what it still lacks (payment, finalization). */
export function OrderStateBadges({ order }: { order: Pick<OrderSummary, 'complete' | 'missing'> }) {
  const { t } = useTranslation();
  if (order.complete)
    return (
      <Badge variant="light" color="teal" data-testid="order-state">
        {t('finances.order.complete')}
      </Badge>
    );
  return (
    <Stack gap={4} align="flex-start" data-testid="order-state">
      {order.missing.map((part) => (
        <Badge key={part} variant="light" color={part === 'payment' ? 'orange' : 'blue'} data-missing={part}>
          {t(`finances.missing.${part}`)}
        </Badge>
      ))}
    </Stack>
  );
}
