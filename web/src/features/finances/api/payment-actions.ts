import type { Payment } from '@genodesk/contract/finances';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/**
 * SPEC §4 payment actions: approve completes an open payment; convert-to-cash makes it a completed cash
 * one; mark-refunded records that an overpayment (a card charged after the order was paid) was refunded.
 */
export type PaymentAction = 'approve' | 'convertToCash' | 'markRefunded';

const actionPaths: Record<PaymentAction, string> = {
  approve: 'admin/payments/approve',
  convertToCash: 'admin/payments/convert-to-cash',
  markRefunded: 'admin/payments/mark-refunded',
};

export function runPaymentAction(action: PaymentAction, paymentId: number): Promise<Payment> {
  return api.post<Payment>(actionPaths[action], { PaymentId: paymentId });
}

export function usePaymentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, paymentId }: { action: PaymentAction; paymentId: number }) =>
      runPaymentAction(action, paymentId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: financeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
