import type { Doctor } from '@genodesk/contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reservationKeys } from './keys';

/** `GET admin/consultingrooms/doctors`: the active users of the Doctor role. */
export function getDoctors(signal?: AbortSignal): Promise<Doctor[]> {
  return api.get<Doctor[]>('admin/consultingrooms/doctors', undefined, { signal });
}

export function useDoctors() {
  return useQuery({ queryKey: reservationKeys.doctors(), queryFn: ({ signal }) => getDoctors(signal) });
}
