import type {
  CancelReservationQuery,
  CancelReservationReply,
  CreateReservationRequest,
  EditReservationRequest,
  ReservationList,
} from '@genodesk/contract/reservations';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reservationKeys } from './keys';

export function createReservation(body: CreateReservationRequest): Promise<ReservationList> {
  return api.put<ReservationList>('admin/reservations', body);
}

export function editReservation(body: EditReservationRequest): Promise<ReservationList> {
  return api.patch<ReservationList>('admin/reservations', body);
}

export function cancelReservation(
  query: CancelReservationQuery & { Id: number },
): Promise<CancelReservationReply> {
  return api.delete<CancelReservationReply>('admin/reservations', { Id: query.Id, Scope: query.Scope });
}

/** A booking changes the calendar, the rooms' upcoming bookings, customers' histories and the dashboard. */
function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  void queryClient.invalidateQueries({ queryKey: ['customers', 'detail'] });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReservation, onSuccess: () => refresh(queryClient) });
}

export function useEditReservation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editReservation, onSettled: () => refresh(queryClient) });
}

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelReservation, onSuccess: () => refresh(queryClient) });
}
