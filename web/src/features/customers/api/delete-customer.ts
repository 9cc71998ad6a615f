import type { CustomerDetail, EraseCustomerRequest } from '@genodesk/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

/** Erases a customer (issue 36): the administrator's password, the reason and the request's reference. */
export function deleteCustomer({
  id,
  ...body
}: { id: number } & EraseCustomerRequest): Promise<{ id: number }> {
  return api.delete<{ id: number }>('admin/customers', { CustomerId: id }, { body });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_reply, { id }) => {
      queryClient.removeQueries({ queryKey: [...customerKeys.details(), id] });
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['samples'] });
    },
  });
}

/** Puts the customer on legal hold (a reason) or lifts it (null). */
export function useSetLegalHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { CustomerId: number; Reason: string | null }) =>
      api.put<CustomerDetail>('admin/customers/legalhold', body),
    onSuccess: (_reply, { CustomerId }) =>
      queryClient.invalidateQueries({ queryKey: [...customerKeys.details(), CustomerId] }),
  });
}
