import type { User } from '@genodesk/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export interface SetUserActiveInput {
  UserId: number;
  IsUserLoginActive: boolean;
}

export function setUserActive(body: SetUserActiveInput): Promise<User> {
  return api.post<User>('admin/users/setactive', body);
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Ends every sign-in of the user (`POST admin/users/signout`). */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: (userId: number) => api.post<{ ended: number }>('admin/users/signout', { UserId: userId }),
  });
}
