import type { Reservation } from '@genodesk/contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reservationKeys } from './keys';

/** `GET admin/reservations/{id}`: one occurrence, cancelled or not. */
export function getReservation(id: number, signal?: AbortSignal): Promise<Reservation> {
  return api.get<Reservation>(`admin/reservations/${id}`, undefined, { signal });
}

/** One occurrence; none asked for while `id` is null. */
export function useReservation(id: number | null) {
  return useQuery({
    queryKey: reservationKeys.occurrence(id ?? 0),
    queryFn: ({ signal }) => getReservation(id as number, signal),
    enabled: id !== null,
  });
}
