import type {
  ConsultingRoomDetail,
  CreateConsultingRoomRequest,
  EditConsultingRoomRequest,
} from '@genodesk/contract/reservations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reservationKeys } from './keys';

export function createRoom(body: CreateConsultingRoomRequest): Promise<ConsultingRoomDetail> {
  return api.put<ConsultingRoomDetail>('admin/consultingrooms', body);
}

export function editRoom(body: EditConsultingRoomRequest): Promise<ConsultingRoomDetail> {
  return api.post<ConsultingRoomDetail>('admin/consultingrooms', body);
}

export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoom,
    onSuccess: (room) => {
      queryClient.setQueryData(reservationKeys.room(room.id), room);
      void queryClient.invalidateQueries({ queryKey: reservationKeys.rooms() });
    },
  });
}

export function useEditRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editRoom,
    onSuccess: (room) => {
      queryClient.setQueryData(reservationKeys.room(room.id), room);
      void queryClient.invalidateQueries({ queryKey: reservationKeys.rooms() });
      // The calendar shows the room's name and colour on its events.
      void queryClient.invalidateQueries({ queryKey: reservationKeys.ranges() });
    },
  });
}
