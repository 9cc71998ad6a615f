import type { Page } from '@genodesk/contract/common';
import type { ProductType } from '@genodesk/contract/producttypes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ProductTypeListParams, productTypeKeys } from './keys';

export function getProductTypes(
  params: ProductTypeListParams,
  signal?: AbortSignal,
): Promise<Page<ProductType>> {
  return api.get<Page<ProductType>>('admin/producttypes', { ...params }, { signal });
}

export const productTypesQueryOptions = (params: ProductTypeListParams) =>
  queryOptions({
    queryKey: productTypeKeys.list(params),
    queryFn: ({ signal }) => getProductTypes(params, signal),
    placeholderData: keepPreviousData,
  });

export function useProductTypes(params: ProductTypeListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productTypesQueryOptions(params), enabled: options.enabled ?? true });
}

/** Every product type, for the filters of the orders lists (a lab sells a handful). */
export function useProductTypeOptions(enabled = true) {
  return useProductTypes({ page: 1, pageSize: 100, sort: 'name' }, { enabled });
}
