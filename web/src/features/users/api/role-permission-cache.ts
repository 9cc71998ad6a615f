import type { Locale } from '@genodesk/contract/locales';
import type { PermissionItem, Role } from '@genodesk/contract/users';
import type { QueryClient } from '@tanstack/react-query';
import { roleKeys } from './keys';

export const rolePermissionMutationKey = (roleId: number) => ['roles', 'permission', roleId] as const;

/** The role with one permission assigned or taken away. */
export function movePermission(role: Role, item: PermissionItem, assign: boolean): Role {
  const without = role.permissions.filter((p) => p.name !== item.name);
  return { ...role, permissions: assign ? [...without, item] : without };
}

/** Optimistic move on the cached role; returns the undo of this one move (other moves stay). */
export async function applyOptimisticMove(
  queryClient: QueryClient,
  roleId: number,
  locale: Locale,
  item: PermissionItem,
  assign: boolean,
): Promise<() => void> {
  const key = roleKeys.detail(roleId, locale);
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData<Role>(key, (role) => (role ? movePermission(role, item, assign) : role));
  return () =>
    queryClient.setQueryData<Role>(key, (role) => (role ? movePermission(role, item, !assign) : role));
}

/** Once the last pending move is done, reload the role and the role list (counts). */
export function settleMoves(queryClient: QueryClient, roleId: number): void {
  if (queryClient.isMutating({ mutationKey: rolePermissionMutationKey(roleId) }) > 1) return;
  void queryClient.invalidateQueries({ queryKey: roleKeys.details() });
  void queryClient.invalidateQueries({ queryKey: ['roles', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
}
