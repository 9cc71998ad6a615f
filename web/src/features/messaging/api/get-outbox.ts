import type { Page } from '@genodesk/contract/common';
import type { OutboxMessage } from '@genodesk/contract/messaging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys, type OutboxListParams } from './keys';

export function getOutbox(params: OutboxListParams, signal?: AbortSignal): Promise<Page<OutboxMessage>> {
  return api.get<Page<OutboxMessage>>('admin/outbox', { ...params }, { signal });
}

export const outboxQueryOptions = (params: OutboxListParams) =>
  queryOptions({
    queryKey: messagingKeys.outboxList(params),
    queryFn: ({ signal }) => getOutbox(params, signal),
    placeholderData: keepPreviousData,
    // Delivery changes statuses in the background: show the server's latest on opening.
    staleTime: 0,
  });

export function useOutbox(params: OutboxListParams) {
  return useQuery(outboxQueryOptions(params));
}
