import type { Page } from '@genodesk/contract/common';
import type { User } from '@genodesk/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type UserListParams, userKeys } from './keys';

export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<Page<User>> {
  return api.get<Page<User>>('admin/users', { ...params }, { signal });
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
