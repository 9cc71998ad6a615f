import type { CustomerDetail, EditCustomerRequest } from '@genodesk/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

export function editCustomer(body: EditCustomerRequest): Promise<CustomerDetail> {
  return api.post<CustomerDetail>('admin/customers', body);
}

export function useEditCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCustomer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
