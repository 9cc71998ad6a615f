import type { OutboxMessageDetail } from '@genodesk/contract/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export function retryOutboxMessage(id: number): Promise<OutboxMessageDetail> {
  return api.post<OutboxMessageDetail>('admin/outbox/retry', { Id: id });
}

export function useRetryOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMessage,
    onSuccess: (message) => {
      queryClient.setQueryData(messagingKeys.outboxMessage(message.id), message);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.outbox() });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
