import type { CustomerPage } from '@genodesk/contract/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CustomerListParams, customerKeys } from './keys';

export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<CustomerPage> {
  return api.get<CustomerPage>('admin/customers', { ...params }, { signal });
}

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}
