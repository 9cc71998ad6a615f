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

/** `note`: how an overpayment was refunded (mark-refunded only; left out when empty). */
export function runPaymentAction(action: PaymentAction, paymentId: number, note?: string): Promise<Payment> {
  return api.post<Payment>(actionPaths[action], { PaymentId: paymentId, ...(note ? { Note: note } : {}) });
}

export function usePaymentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, paymentId, note }: { action: PaymentAction; paymentId: number; note?: string }) =>
      runPaymentAction(action, paymentId, note),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: financeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
