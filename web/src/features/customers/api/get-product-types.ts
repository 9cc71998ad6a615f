import type { Page } from '@genodesk/contract/common';
import type { ProductType } from '@genodesk/contract/producttypes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

/** The product types for the registration form (allowed with Customers.Create/Edit). */
export function getProductTypes(signal?: AbortSignal): Promise<Page<ProductType>> {
  return api.get<Page<ProductType>>(
    'admin/producttypes',
    { page: 1, pageSize: 100, sort: 'name' },
    { signal },
  );
}

export const productTypesQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.productTypes(),
    queryFn: ({ signal }) => getProductTypes(signal),
  });

export function useProductTypes() {
  return useQuery(productTypesQueryOptions());
}
