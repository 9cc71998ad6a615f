import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/tokens';
import { sessionEndOf, signOutTo } from '../return-to';

export async function logout(): Promise<void> {
  if (!tokenStore.token) return;
  try {
    await api.delete<unknown>('auth/logout');
  } catch {
    // The session ends locally whatever the server says.
  }
}

/**
 * Signs out: revokes the session on the server, forgets the tokens (in every tab, told why) and every
 * cached query; the guard, re-rendered by the tokens' end, then goes to `to`, once.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_destination: { to: string }) => logout(),
    // Known before the session ends on the server: a poll refused meanwhile goes there too.
    onMutate: ({ to }) => signOutTo(to),
    onSettled: (_data, _error, { to }) => {
      tokenStore.clear(sessionEndOf(to));
      queryClient.clear();
    },
  });
}
