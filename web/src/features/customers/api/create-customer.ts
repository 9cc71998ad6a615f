import type { CreateCustomerRequest, CustomerDetail } from '@genodesk/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

/**
 * `PUT admin/customers`. The form passes one `idempotencyKey` for its submits until one is answered, so
 * a double submit registers the customer once and both get the new customer, not "already exists".
 */
export function createCustomer(
  body: CreateCustomerRequest,
  idempotencyKey?: string,
): Promise<CustomerDetail> {
  return api.put<CustomerDetail>('admin/customers', body, { idempotencyKey });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateCustomerRequest; idempotencyKey: string }) =>
      createCustomer(body, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['samples'] });
    },
  });
}
