import type { Payment } from '@genodesk/contract/finances';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '@/lib/confirm';
import { genderContext } from '@/lib/format';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { type PaymentAction, usePaymentAction } from '../api/payment-actions';
import { money } from './format';
import { paymentMethodName } from './labels';

/**
 * Approve, convert to cash or mark an overpayment refunded, each after a confirmation naming the
 * payment; failures toast (SPEC §8) with the API's reason. `only` limits the buttons offered (the
 * order detail offers just the refund; the unprocessed-order view all).
 */
export function usePaymentActions(only?: readonly PaymentAction[]) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const mutation = usePaymentAction();

  const run = async (action: PaymentAction, payment: Payment) => {
    const ok = await confirmAction({
      title: t(`finances.paymentActions.${action}.title`),
      message: (
        <Text fz="sm">
          {t(`finances.paymentActions.${action}.confirm`, {
            method: paymentMethodName(payment.method, locale),
            amount: money(payment, locale),
            orderNumber: payment.orderNumber,
            customer: payment.customerFullName,
            context: genderContext(payment.customerGender),
          })}
        </Text>
      ),
      confirmLabel: t(`finances.paymentActions.${action}.button`),
      cancelLabel: t('common.cancel'),
      testId: `payment-${action}`,
    });
    if (!ok) return;
    mutation.mutate(
      { action, paymentId: payment.id },
      {
        onSuccess: () => notifySuccess(t(`finances.paymentActions.${action}.done`)),
        onError: (error) => notifyApiError(error, '', t('finances.paymentActions.failed')),
      },
    );
  };

  const pending = (action: PaymentAction, paymentId: number) =>
    mutation.isPending && mutation.variables?.action === action && mutation.variables.paymentId === paymentId;

  return { run, pending, only };
}
