import type { CreateUserRequest, TemporaryPasswordResponse } from '@genodesk/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys, userKeys } from './keys';

export function createUser(body: CreateUserRequest): Promise<TemporaryPasswordResponse> {
  return api.put<TemporaryPasswordResponse>('admin/users/create', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
}
