import type { EditUserRequest, User } from '@genodesk/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys, userKeys } from './keys';

export function editUser(body: EditUserRequest): Promise<User> {
  return api.patch<User>('admin/users/edit', body);
}

export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
    },
  });
}
