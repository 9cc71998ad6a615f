import type { ReservationList } from '@genodesk/contract/reservations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ReservationRange, reservationKeys } from './keys';

/** `GET admin/reservations ?From&To&ConsultingRoomIds`: the live occurrences of a range. */
export function getReservations(range: ReservationRange, signal?: AbortSignal): Promise<ReservationList> {
  return api.get<ReservationList>('admin/reservations', { ...range }, { signal });
}

export function useReservations(range: ReservationRange | null) {
  return useQuery({
    queryKey: reservationKeys.range(range ?? { From: '', To: '' }),
    queryFn: ({ signal }) => getReservations(range as ReservationRange, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
