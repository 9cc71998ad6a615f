import type { Locale } from '@genodesk/contract/locales';
import type { Role } from '@genodesk/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys } from './keys';

/** Whether the role's users sign in with a second factor (`PUT admin/roles/twofactor`). */
export function useSetRoleTwoFactor(roleId: number, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) =>
      api.put<Role>('admin/roles/twofactor', { RoleId: roleId, Required: required }),
    onSuccess: (role) => {
      queryClient.setQueryData(roleKeys.detail(roleId, locale), role);
      void queryClient.invalidateQueries({ queryKey: roleKeys.details() });
      void queryClient.invalidateQueries({ queryKey: ['roles', 'list'] });
    },
  });
}
