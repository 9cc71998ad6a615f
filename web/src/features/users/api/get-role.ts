import type { Locale } from '@genodesk/contract/locales';
import type { Role } from '@genodesk/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys } from './keys';

export function getRole(id: number, locale: Locale, signal?: AbortSignal): Promise<Role> {
  return api.get<Role>('admin/roles/role', { Id: id, locale }, { signal });
}

export const roleQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: roleKeys.detail(id, locale),
    queryFn: ({ signal }) => getRole(id, locale, signal),
  });

export function useRole(id: number, locale: Locale) {
  return useQuery({ ...roleQueryOptions(id, locale), enabled: Number.isInteger(id) && id > 0 });
}
