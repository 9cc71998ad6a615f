import type { OrderDetail } from '@genodesk/contract/finances';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/** The order actions of the unprocessed-order view (the bank transfer is a payment call of its own). */
export type OrderAction = 'samplingAtCentre' | 'finalize';

const actionPaths: Record<OrderAction, string> = {
  samplingAtCentre: 'admin/orders/sampling-at-centre',
  finalize: 'admin/orders/finalize',
};

export function runOrderAction(action: OrderAction, orderId: number): Promise<OrderDetail> {
  return api.post<OrderDetail>(actionPaths[action], { OrderId: orderId });
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
