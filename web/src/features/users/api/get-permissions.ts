import type { Locale } from '@genodesk/contract/locales';
import type { PermissionItem } from '@genodesk/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys } from './keys';

export function getPermissions(locale: Locale, signal?: AbortSignal): Promise<PermissionItem[]> {
  return api.get<PermissionItem[]>('admin/roles/getpermissions', { locale }, { signal });
}

export const permissionsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: roleKeys.permissions(locale),
    queryFn: ({ signal }) => getPermissions(locale, signal),
    staleTime: 5 * 60_000,
  });

export function usePermissionCatalogue(locale: Locale) {
  return useQuery(permissionsQueryOptions(locale));
}
