import type { Payment } from '@genodesk/contract/finances';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/** `PUT admin/payments/bank-transfer`: the order's bank-transfer payment (an open one is reused); the customer is e-mailed. */
export function createBankTransfer(orderId: number): Promise<Payment> {
  return api.put<Payment>('admin/payments/bank-transfer', { OrderId: orderId });
}

export function useCreateBankTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBankTransfer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
  });
}
