import type { EditVoucherRequest, VoucherDetail } from '@genodesk/contract/vouchers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoucherKindPath } from '@/config/paths';
import { api } from '@/lib/api-client';
import { voucherKeys } from './keys';

const editPaths: Record<VoucherKindPath, string> = {
  money: 'admin/vouchers/editmoneyvoucher',
  product: 'admin/vouchers/editproductvoucher',
};

/** `POST admin/vouchers/editmoneyvoucher` or `editproductvoucher`: for whom, from whom (a gift's), valid to. */
export function editVoucher(kind: VoucherKindPath, body: EditVoucherRequest): Promise<VoucherDetail> {
  return api.post<VoucherDetail>(editPaths[kind], body);
}

export function useEditVoucher(kind: VoucherKindPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditVoucherRequest) => editVoucher(kind, body),
    onSuccess: (voucher) => {
      queryClient.setQueryData(voucherKeys.detail(kind, voucher.id), voucher);
      void queryClient.invalidateQueries({ queryKey: voucherKeys.lists() });
    },
  });
}
