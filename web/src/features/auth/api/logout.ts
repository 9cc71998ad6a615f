import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/tokens';

export async function logout(): Promise<void> {
  if (!tokenStore.token) return;
  try {
    await api.delete<unknown>('auth/logout');
  } catch {
    // The session ends locally whatever the server says.
  }
}

/** Signs out: revokes the session on the server, forgets the tokens and every cached query. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      tokenStore.clear();
      queryClient.clear();
    },
  });
}
