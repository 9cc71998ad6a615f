import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/** The order actions of the unprocessed-order view (the bank transfer is a payment call of its own). */
export type OrderAction = 'takeCash' | 'samplingAtCentre' | 'finalize';

const actionCalls: Record<OrderAction, { method: 'put' | 'post'; path: string }> = {
  takeCash: { method: 'put', path: 'admin/payments/cash' },
  samplingAtCentre: { method: 'post', path: 'admin/orders/sampling-at-centre' },
  finalize: { method: 'post', path: 'admin/orders/finalize' },
};

export async function runOrderAction(action: OrderAction, orderId: number): Promise<void> {
  const { method, path } = actionCalls[action];
  await api[method]<unknown>(path, { OrderId: orderId });
}

export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, orderId }: { action: OrderAction; orderId: number }) =>
      runOrderAction(action, orderId),
    onSuccess: (_order, { action }) => {
      void queryClient.invalidateQueries({ queryKey: financeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      // Finalizing creates the customer's sample (or report).
      if (action === 'finalize') {
        void queryClient.invalidateQueries({ queryKey: ['samples'] });
        void queryClient.invalidateQueries({ queryKey: ['customers'] });
      }
    },
  });
}
