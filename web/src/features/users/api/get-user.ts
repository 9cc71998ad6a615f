import type { Locale } from '@genodesk/contract/locales';
import type { User } from '@genodesk/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export function getUser(id: number, locale: Locale, signal?: AbortSignal): Promise<User> {
  return api.get<User>('admin/users/getuser', { Id: id, Locale: locale }, { signal });
}

export const userQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: userKeys.detail(id, locale),
    queryFn: ({ signal }) => getUser(id, locale, signal),
  });

export function useUser(id: number, locale: Locale) {
  return useQuery({ ...userQueryOptions(id, locale), enabled: Number.isInteger(id) && id > 0 });
}
