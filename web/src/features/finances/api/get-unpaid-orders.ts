import type { Page } from '@genodesk/contract/common';
import type { OrderSummary } from '@genodesk/contract/finances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys, type UnpaidOrderListParams } from './keys';

/** `GET admin/unpaidcustomers`: the orders not complete, with what each lacks. */
export function getUnpaidOrders(
  params: UnpaidOrderListParams,
  signal?: AbortSignal,
): Promise<Page<OrderSummary>> {
  return api.get<Page<OrderSummary>>('admin/unpaidcustomers', { ...params }, { signal });
}

export const unpaidOrdersQueryOptions = (params: UnpaidOrderListParams) =>
  queryOptions({
    queryKey: financeKeys.unpaidOrders(params),
    queryFn: ({ signal }) => getUnpaidOrders(params, signal),
    placeholderData: keepPreviousData,
    // A work list shared between staff.
    staleTime: 0,
  });

export function useUnpaidOrders(params: UnpaidOrderListParams) {
  return useQuery(unpaidOrdersQueryOptions(params));
}
