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

/**
 * The customer's genotypes; asked only when `hasResults` (the customer detail's flag): without any
 * the API answers its designed 404, which the browser logs as a failed request.
 */
export function useCustomerResult(customerId: number, hasResults: boolean) {
  return useQuery({
    ...customerResultQueryOptions(customerId),
    enabled: hasResults && Number.isInteger(customerId) && customerId > 0,
  });
}
