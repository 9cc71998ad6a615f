import type { SendVoucherRequest, sendVoucherReplySchema } from '@genodesk/contract/vouchers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The outbox message written, and the language it is in. */
export type SendVoucherReply = z.infer<typeof sendVoucherReplySchema>;

/**
 * `POST admin/vouchers/send`: the voucher e-mailed through the outbox, in `Language`, else in the
 * language of the customer with that address, else in Czech. The form passes one `idempotencyKey` for
 * its sends until one is answered, so a double click queues one e-mail (the second gets the first's answer).
 */
export function sendVoucher(body: SendVoucherRequest, idempotencyKey?: string): Promise<SendVoucherReply> {
  return api.post<SendVoucherReply>('admin/vouchers/send', body, { idempotencyKey });
}

export function useSendVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SendVoucherRequest; idempotencyKey: string }) =>
      sendVoucher(body, idempotencyKey),
    onSuccess: () => {
      // The message waits in the outbox (messaging's screens).
      void queryClient.invalidateQueries({ queryKey: ['messaging', 'outbox'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
