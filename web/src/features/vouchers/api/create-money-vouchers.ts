import type { CreateMoneyVoucherRequest, CreateVouchersReply } from '@genodesk/contract/vouchers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voucherKeys } from './keys';

/** `PUT admin/vouchers/create-money-voucher`: one voucher (Code is the code) or a batch (Code is a prefix). */
export function createMoneyVouchers(body: CreateMoneyVoucherRequest): Promise<CreateVouchersReply> {
  return api.put<CreateVouchersReply>('admin/vouchers/create-money-voucher', body);
}

export function useCreateMoneyVouchers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMoneyVouchers,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: voucherKeys.lists() });
    },
  });
}
