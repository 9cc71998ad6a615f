import type { CreateProductVoucherRequest, CreateVouchersReply } from '@genodesk/contract/vouchers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voucherKeys } from './keys';

/** `PUT admin/vouchers/create-product-voucher`: as the money one, with ProductType instead of Amount. */
export function createProductVouchers(body: CreateProductVoucherRequest): Promise<CreateVouchersReply> {
  return api.put<CreateVouchersReply>('admin/vouchers/create-product-voucher', body);
}

export function useCreateProductVouchers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProductVouchers,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: voucherKeys.lists() });
    },
  });
}
