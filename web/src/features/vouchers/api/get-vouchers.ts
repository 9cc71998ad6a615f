import type { Page } from '@genodesk/contract/common';
import type { Voucher } from '@genodesk/contract/vouchers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type VoucherListParams, voucherKeys } from './keys';

/** `GET admin/vouchers`: filters kind, type, redeemed, validity, product type, created from/to; search. */
export function getVouchers(params: VoucherListParams, signal?: AbortSignal): Promise<Page<Voucher>> {
  return api.get<Page<Voucher>>('admin/vouchers', { ...params }, { signal });
}

export const vouchersQueryOptions = (params: VoucherListParams) =>
  queryOptions({
    queryKey: voucherKeys.list(params),
    queryFn: ({ signal }) => getVouchers(params, signal),
    placeholderData: keepPreviousData,
    // Vouchers are used up at the reception by other staff at any time.
    staleTime: 0,
  });

export function useVouchers(params: VoucherListParams) {
  return useQuery(vouchersQueryOptions(params));
}
