import type { OrderDetail } from '@genodesk/contract/finances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/** `GET admin/unpaidcustomers/{id}`: the order with the actions that apply to it now. */
export function getUnpaidOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>(`admin/unpaidcustomers/${id}`, undefined, { signal });
}

export const unpaidOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: financeKeys.unpaidOrder(id),
    queryFn: ({ signal }) => getUnpaidOrder(id, signal),
    staleTime: 0,
  });

export function useUnpaidOrder(id: number) {
  return useQuery({ ...unpaidOrderQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
