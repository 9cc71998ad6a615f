import type { DeliveryChannelStatus } from '@genodesk/contract/messaging';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

/** `GET admin/outbox/delivery`: each channel's transport state and what waits on it. */
export function getDeliveryStatus(signal?: AbortSignal): Promise<DeliveryChannelStatus[]> {
  return api.get<DeliveryChannelStatus[]>('admin/outbox/delivery', undefined, { signal });
}

/** Refreshed every half minute: an outage shows, and its end clears, while the screen is open. */
export function useDeliveryStatus(enabled = true) {
  return useQuery({
    queryKey: messagingKeys.delivery(),
    queryFn: ({ signal }) => getDeliveryStatus(signal),
    refetchInterval: 30_000,
    enabled,
  });
}
