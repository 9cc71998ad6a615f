import { type Mailing, MailingStatus } from '@genodesk/contract/messaging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveryPollMs, messagingKeys, queueingPollMs } from './keys';

export function getMailing(id: number, signal?: AbortSignal): Promise<Mailing> {
  return api.get<Mailing>(`admin/email/mailings/${id}`, undefined, { signal });
}

/** Still being written to the outbox by the 'queue-mailing' job. */
export function isQueueing(mailing: Mailing | undefined): boolean {
  return mailing?.status === MailingStatus.Queued || mailing?.status === MailingStatus.Queueing;
}

/** Written, but some of its messages are not delivered yet (nor failed for good). */
export function isDelivering(mailing: Mailing | undefined): boolean {
  return mailing?.status === MailingStatus.Done && mailing.sent + mailing.failed < mailing.queued;
}

export function mailingPollInterval(mailing: Mailing | undefined): number | false {
  if (isQueueing(mailing)) return queueingPollMs;
  return isDelivering(mailing) ? deliveryPollMs : false;
}

export const mailingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: messagingKeys.mailing(id),
    queryFn: ({ signal }) => getMailing(id, signal),
    staleTime: 0,
    refetchInterval: (query) => mailingPollInterval(query.state.data),
  });

/** A mailing and its progress, polled while it is written to the outbox and delivered. */
export function useMailing(id: number | null) {
  return useQuery({ ...mailingQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
