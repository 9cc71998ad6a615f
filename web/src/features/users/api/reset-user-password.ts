import type { TemporaryPasswordResponse } from '@genodesk/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export function resetUserPassword(userId: number): Promise<TemporaryPasswordResponse> {
  return api.post<TemporaryPasswordResponse>('admin/users/markreset', { UserId: userId });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
