import type { CustomerReservations } from '@genodesk/contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reservationKeys } from './keys';

/** `GET admin/reservations/customer ?CustomerId`: past, upcoming and cancelled, latest first. */
export function getCustomerReservations(customerId: number, signal?: AbortSignal) {
  return api.get<CustomerReservations>('admin/reservations/customer', { CustomerId: customerId }, { signal });
}

export function useCustomerReservations(customerId: number) {
  return useQuery({
    queryKey: reservationKeys.customer(customerId),
    queryFn: ({ signal }) => getCustomerReservations(customerId, signal),
    enabled: Number.isInteger(customerId) && customerId > 0,
  });
}
