import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/tokens';
import { signOutTo } from '../return-to';

export async function logout(): Promise<void> {
  if (!tokenStore.token) return;
  try {
    await api.delete<unknown>('auth/logout');
  } catch {
    // The session ends locally whatever the server says.
  }
}

/**
 * Signs out: revokes the session on the server, forgets the tokens and every cached query, and goes
 * to `to` (the guard, re-rendered by the tokens' end, goes there too).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (_destination: { to: string }) => logout(),
    // Known before the session ends on the server: a poll refused meanwhile goes there too.
    onMutate: ({ to }) => signOutTo(to),
    onSettled: (_data, _error, { to }) => {
      tokenStore.clear();
      queryClient.clear();
      void navigate(to, { replace: true });
    },
  });
}
