import type { CreateCustomerRequest, CustomerDetail } from '@genodesk/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

export function createCustomer(body: CreateCustomerRequest): Promise<CustomerDetail> {
  return api.put<CustomerDetail>('admin/customers', body);
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['samples'] });
    },
  });
}
