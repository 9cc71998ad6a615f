import type { Page } from '@genodesk/contract/common';
import type { OrderSummary } from '@genodesk/contract/finances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys, type OrderListParams } from './keys';

export function getOrders(params: OrderListParams, signal?: AbortSignal): Promise<Page<OrderSummary>> {
  return api.get<Page<OrderSummary>>('admin/orders', { ...params }, { signal });
}

export const ordersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: financeKeys.orders(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
    // Payments arrive from the gateway and from other staff at any time.
    staleTime: 0,
  });

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
