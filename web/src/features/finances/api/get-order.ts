import type { OrderDetail } from '@genodesk/contract/finances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/** `GET admin/orders/getorder ?Id`: every field of SPEC §3 Order. */
export function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>('admin/orders/getorder', { Id: id }, { signal });
}

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: financeKeys.order(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });

export function useOrder(id: number) {
  return useQuery({ ...orderQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
