import type { OrderDetail } from '@genodesk/contract/finances';
import type { ApplyVoucherRequest, RemoveVoucherRequest } from '@genodesk/contract/vouchers';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/**
 * `POST admin/orders/apply-voucher`: a voucher, by its code, used on an unpaid order. Answers the
 * order: its vouchers with what each took off and the amount still due (paid once they cover it).
 */
export function applyVoucher(body: ApplyVoucherRequest): Promise<OrderDetail> {
  return api.post<OrderDetail>('admin/orders/apply-voucher', body);
}

/** `POST admin/orders/remove-voucher`: only while the order is unpaid; the voucher gets its use back. */
export function removeVoucher(body: RemoveVoucherRequest): Promise<OrderDetail> {
  return api.post<OrderDetail>('admin/orders/remove-voucher', body);
}

/** The order as answered, at once; then everything a voucher use changes: orders, payments, vouchers. */
function afterVoucherChange(queryClient: QueryClient, order: OrderDetail) {
  queryClient.setQueryData(financeKeys.unpaidOrder(order.id), order);
  queryClient.setQueryData(financeKeys.order(order.id), order);
  void queryClient.invalidateQueries({ queryKey: financeKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['vouchers'] });
  void queryClient.invalidateQueries({ queryKey: ['customers'] });
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
}

export function useApplyVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyVoucher,
    onSuccess: (order) => afterVoucherChange(queryClient, order),
  });
}

export function useRemoveVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVoucher,
    onSuccess: (order) => afterVoucherChange(queryClient, order),
  });
}
