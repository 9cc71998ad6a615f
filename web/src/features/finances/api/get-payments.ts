import type { Page } from '@genodesk/contract/common';
import type { Payment } from '@genodesk/contract/finances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys, type PaymentListParams } from './keys';

export function getPayments(params: PaymentListParams, signal?: AbortSignal): Promise<Page<Payment>> {
  return api.get<Page<Payment>>('admin/payments', { ...params }, { signal });
}

export const paymentsQueryOptions = (params: PaymentListParams) =>
  queryOptions({
    queryKey: financeKeys.payments(params),
    queryFn: ({ signal }) => getPayments(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function usePayments(params: PaymentListParams) {
  return useQuery(paymentsQueryOptions(params));
}
