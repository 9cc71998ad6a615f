import type { CurrentUser } from '@genodesk/contract/auth';
import type { ChangeDetailsRequest } from '@genodesk/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export function changeDetails(body: ChangeDetailsRequest): Promise<CurrentUser> {
  return api.post<CurrentUser>('admin/userpanel/changeDetails', body);
}

export function useChangeDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDetails,
    onSuccess: (user) => {
      queryClient.setQueryData(['auth', 'user'], user);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
