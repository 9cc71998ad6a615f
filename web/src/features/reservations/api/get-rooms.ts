import type { Page } from '@genodesk/contract/common';
import type { ConsultingRoom } from '@genodesk/contract/reservations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type RoomListParams, reservationKeys } from './keys';

export function getRooms(params: RoomListParams, signal?: AbortSignal): Promise<Page<ConsultingRoom>> {
  return api.get<Page<ConsultingRoom>>('admin/consultingrooms', { ...params }, { signal });
}

export const roomsQueryOptions = (params: RoomListParams) =>
  queryOptions({
    queryKey: reservationKeys.roomList(params),
    queryFn: ({ signal }) => getRooms(params, signal),
    placeholderData: keepPreviousData,
  });

export function useRooms(params: RoomListParams) {
  return useQuery(roomsQueryOptions(params));
}

/** Every room (a practice has a handful), for the calendar's filter, colours and booking form. */
export function useAllRooms() {
  return useRooms({ page: 1, pageSize: 100, sort: 'name' });
}
