import type { ConsultingRoomDetail } from '@genodesk/contract/reservations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reservationKeys } from './keys';

export function getRoom(id: number, signal?: AbortSignal): Promise<ConsultingRoomDetail> {
  return api.get<ConsultingRoomDetail>(`admin/consultingrooms/${id}`, undefined, { signal });
}

export const roomQueryOptions = (id: number) =>
  queryOptions({ queryKey: reservationKeys.room(id), queryFn: ({ signal }) => getRoom(id, signal) });

export function useRoom(id: number) {
  return useQuery({ ...roomQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
