import type { RecipientFilter, RecipientPreview } from '@genodesk/contract/messaging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export function getRecipients(filter: RecipientFilter, signal?: AbortSignal): Promise<RecipientPreview> {
  return api.get<RecipientPreview>('admin/email/recipients', { ...filter }, { signal });
}

export const recipientsQueryOptions = (filter: RecipientFilter) =>
  queryOptions({
    queryKey: messagingKeys.recipients(filter),
    queryFn: ({ signal }) => getRecipients(filter, signal),
    placeholderData: keepPreviousData,
    // Customers register and change consent all the time: count afresh whenever the filter is shown.
    staleTime: 0,
  });

/** How many customers a filter reaches (only those who agreed to e-mails) and the first ten. */
export function useRecipients(filter: RecipientFilter, enabled = true) {
  return useQuery({ ...recipientsQueryOptions(filter), enabled });
}
