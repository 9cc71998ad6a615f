import type { ProductType } from '@genodesk/contract/producttypes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productTypeKeys } from './keys';

export function getProductType(id: number, signal?: AbortSignal): Promise<ProductType> {
  return api.get<ProductType>('admin/producttypes/getproducttype', { ProductTypeId: id }, { signal });
}

export const productTypeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productTypeKeys.detail(id),
    queryFn: ({ signal }) => getProductType(id, signal),
  });

export function useProductType(id: number) {
  return useQuery({ ...productTypeQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
