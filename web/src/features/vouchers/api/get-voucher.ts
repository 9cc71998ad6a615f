import type { VoucherDetail } from '@genodesk/contract/vouchers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoucherKindPath } from '@/config/paths';
import { api } from '@/lib/api-client';
import { voucherKeys } from './keys';

const detailPaths: Record<VoucherKindPath, string> = {
  money: 'admin/vouchers/getmoneyvoucher',
  product: 'admin/vouchers/getproductvoucher',
};

/**
 * `GET admin/vouchers/getmoneyvoucher ?Id` or `getproductvoucher ?Id`: every field, its remaining
 * uses and the orders that used it; 404 for a voucher of the other kind.
 */
export function getVoucher(kind: VoucherKindPath, id: number, signal?: AbortSignal): Promise<VoucherDetail> {
  return api.get<VoucherDetail>(detailPaths[kind], { Id: id }, { signal });
}

export const voucherQueryOptions = (kind: VoucherKindPath, id: number) =>
  queryOptions({
    queryKey: voucherKeys.detail(kind, id),
    queryFn: ({ signal }) => getVoucher(kind, id, signal),
    staleTime: 0,
  });

export function useVoucher(kind: VoucherKindPath, id: number) {
  return useQuery({ ...voucherQueryOptions(kind, id), enabled: Number.isInteger(id) && id > 0 });
}
