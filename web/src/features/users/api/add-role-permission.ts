import type { Locale } from '@genodesk/contract/locales';
import type { PermissionItem, Role, RolePermissionRequest } from '@genodesk/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applyOptimisticMove, rolePermissionMutationKey, settleMoves } from './role-permission-cache';

export function addRolePermission(body: RolePermissionRequest): Promise<Role> {
  return api.put<Role>('admin/roles/addpermission', body);
}

/** Assigns one permission; the move shows at once and is undone on screen if the call fails. */
export function useAddRolePermission(roleId: number, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: rolePermissionMutationKey(roleId),
    mutationFn: (item: PermissionItem) => addRolePermission({ RoleId: roleId, Permission: item.name }),
    onMutate: (item) => applyOptimisticMove(queryClient, roleId, locale, item, true),
    onError: (_error, _item, undo) => undo?.(),
    onSettled: () => settleMoves(queryClient, roleId),
  });
}
