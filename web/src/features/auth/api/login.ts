import type { LoginRequest, LoginResponse } from '@genodesk/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenStore } from '@/lib/tokens';
import { authKeys } from './keys';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('auth/adminLogin', body, { auth: false });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      queryClient.clear();
      tokenStore.set({ token: reply.token, refreshToken: reply.refreshToken });
      queryClient.setQueryData(authKeys.user(), reply.user);
    },
  });
}
