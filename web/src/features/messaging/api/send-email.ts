import type { Mailing, SendEmailRequest } from '@genodesk/contract/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export function sendEmail(body: SendEmailRequest): Promise<Mailing> {
  return api.post<Mailing>('admin/email/send', body);
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSuccess: (mailing) => {
      queryClient.setQueryData(messagingKeys.mailing(mailing.id), mailing);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.mailings() });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.outbox() });
    },
  });
}
