import type { StaffSession } from '@genodesk/contract/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** The signed-in user's live sign-ins (`GET auth/sessions`). */
export function useOwnSessions() {
  return useQuery({ queryKey: authKeys.sessions(), queryFn: () => api.get<StaffSession[]>('auth/sessions') });
}

/** Ends one of the user's other sign-ins (`DELETE auth/sessions/{id}`). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: authKeys.sessions() }),
  });
}
