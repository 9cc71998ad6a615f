import type { CalendarFeed } from '@genodesk/contract/reservations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reservationKeys } from './keys';

/** The signed-in doctor's private iCalendar feed (`admin/userpanel/calendarfeed`). */
export function useCalendarFeed(enabled = true) {
  return useQuery({
    queryKey: reservationKeys.feed(),
    queryFn: ({ signal }) => api.get<CalendarFeed>('admin/userpanel/calendarfeed', undefined, { signal }),
    enabled,
  });
}

/** A new secret URL, answered once; the old one stops working. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('admin/userpanel/calendarfeed/renew'),
    onSuccess: (feed) => queryClient.setQueryData(reservationKeys.feed(), feed),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<CalendarFeed | undefined>('admin/userpanel/calendarfeed'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reservationKeys.feed() }),
  });
}
