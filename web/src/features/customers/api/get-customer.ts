import type { CustomerDetail } from '@genodesk/contract/customers';
import type { Locale } from '@genodesk/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

export function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerDetail> {
  return api.get<CustomerDetail>('admin/customers/customer', { CustomerId: id }, { signal });
}

export const customerQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: customerKeys.detail(id, locale),
    queryFn: ({ signal }) => getCustomer(id, signal),
    // Other staff change customers and samples (work lists): always show the server's latest on opening.
    staleTime: 0,
  });

export function useCustomer(id: number, locale: Locale) {
  return useQuery({ ...customerQueryOptions(id, locale), enabled: Number.isInteger(id) && id > 0 });
}
