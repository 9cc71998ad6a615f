import type { OutboxMessageDetail } from '@genodesk/contract/messaging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export function getOutboxMessage(id: number, signal?: AbortSignal): Promise<OutboxMessageDetail> {
  return api.get<OutboxMessageDetail>(`admin/outbox/${id}`, undefined, { signal });
}

export const outboxMessageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: messagingKeys.outboxMessage(id),
    queryFn: ({ signal }) => getOutboxMessage(id, signal),
    staleTime: 0,
    // A waiting message is followed until it goes out or fails.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5000 : false),
  });

export function useOutboxMessage(id: number) {
  return useQuery({ ...outboxMessageQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
