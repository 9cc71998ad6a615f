import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

export function deleteCustomer(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>('admin/customers', { CustomerId: id });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: [...customerKeys.details(), id] });
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['samples'] });
    },
  });
}
