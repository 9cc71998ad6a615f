import type { Locale } from '@genodesk/contract/locales';
import type { RoleSummary } from '@genodesk/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys } from './keys';

export function getRoles(locale: Locale, signal?: AbortSignal): Promise<RoleSummary[]> {
  return api.get<RoleSummary[]>('admin/roles', { locale }, { signal });
}

export const rolesQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: roleKeys.list(locale), queryFn: ({ signal }) => getRoles(locale, signal) });

export function useRoles(locale: Locale) {
  return useQuery(rolesQueryOptions(locale));
}
