import type { Mailing, SendEmailRequest } from '@genodesk/contract/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

/**
 * `POST admin/email/send`. The review passes one `idempotencyKey` for its sends, so a double click on
 * "Send" makes one mailing (the second click gets the first's answer).
 */
export function sendEmail(body: SendEmailRequest, idempotencyKey?: string): Promise<Mailing> {
  return api.post<Mailing>('admin/email/send', body, { idempotencyKey });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SendEmailRequest; idempotencyKey: string }) =>
      sendEmail(body, idempotencyKey),
    onSuccess: (mailing) => {
      queryClient.setQueryData(messagingKeys.mailing(mailing.id), mailing);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.mailings() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.outbox() });
    },
  });
}
