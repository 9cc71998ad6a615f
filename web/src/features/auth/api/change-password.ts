import type { ChangePasswordRequest } from '@genodesk/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/tokens';
import { authKeys } from './keys';

export function changePassword(body: ChangePasswordRequest): Promise<unknown> {
  return api.post<unknown>('auth/changepassword', body);
}

function hasTokens(value: unknown): value is { token: string; refreshToken: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { token?: unknown }).token === 'string' &&
    typeof (value as { refreshToken?: unknown }).refreshToken === 'string'
  );
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (reply) => {
      if (hasTokens(reply)) tokenStore.set({ token: reply.token, refreshToken: reply.refreshToken });
      await queryClient.invalidateQueries({ queryKey: authKeys.user() });
    },
  });
}
