import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/**
 * Removes another user's second factors and recovery codes and ends their sign-ins
 * (`POST admin/users/resetfactors`): a lost phone or key.
 */
export function useResetSecondFactors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.post<{ ok: true }>('admin/users/resetfactors', { UserId: userId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
