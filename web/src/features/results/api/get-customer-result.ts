import type { CustomerResult } from '@genodesk/contract/results';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';

export function getCustomerResult(customerId: number, signal?: AbortSignal): Promise<CustomerResult> {
  return api.get<CustomerResult>('admin/results/getcustomerresult', { CustomerId: customerId }, { signal });
}

export const customerResultQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: resultKeys.customer(customerId),
    queryFn: ({ signal }) => getCustomerResult(customerId, signal),
    staleTime: 0,
  });

export function useCustomerResult(customerId: number) {
  return useQuery({
    ...customerResultQueryOptions(customerId),
    enabled: Number.isInteger(customerId) && customerId > 0,
  });
}
