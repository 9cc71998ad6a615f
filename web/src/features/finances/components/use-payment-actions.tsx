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
import { openMarkRefundedDialog } from './mark-refunded-dialog';

/**
 * Approve, convert to cash or mark an overpayment refunded, each after a confirmation naming the
 * payment (the refund's also asks how it was made); failures toast (SPEC §8) with the API's reason. `only` limits the buttons offered (the
 * order detail offers just the refund; the unprocessed-order view all).
 */
export function usePaymentActions(only?: readonly PaymentAction[]) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const mutation = usePaymentAction();

  const run = async (action: PaymentAction, payment: Payment) => {
    const title = t(`finances.paymentActions.${action}.title`);
    const message = (
      <Text fz="sm">
        {t(`finances.paymentActions.${action}.confirm`, {
          method: paymentMethodName(payment.method, locale),
          amount: money(payment, locale),
          orderNumber: payment.orderNumber,
          customer: payment.customerFullName,
          context: genderContext(payment.customerGender),
        })}
      </Text>
    );
    const confirmLabel = t(`finances.paymentActions.${action}.button`);
    const done = () => notifySuccess(t(`finances.paymentActions.${action}.done`));
    const failed = (error: unknown) => notifyApiError(error, '', t('finances.paymentActions.failed'));
    if (action === 'markRefunded') {
      // The refund's confirmation also asks how it was made; the dialog waits for the answer.
      openMarkRefundedDialog({
        paymentId: payment.id,
        title,
        message,
        confirmLabel,
        record: async (note) => {
          await mutation.mutateAsync({ action, paymentId: payment.id, note });
          done();
        },
        onFailed: failed,
      });
      return;
    }
    const ok = await confirmAction({
      title,
      message,
      confirmLabel,
      cancelLabel: t('common.cancel'),
      testId: `payment-${action}`,
    });
    if (!ok) return;
    mutation.mutate({ action, paymentId: payment.id }, { onSuccess: done, onError: failed });
  };

  const pending = (action: PaymentAction, paymentId: number) =>
    mutation.isPending && mutation.variables?.action === action && mutation.variables.paymentId === paymentId;

  return { run, pending, only };
}
