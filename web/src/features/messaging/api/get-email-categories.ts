import type { CategoryOption } from '@genodesk/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export function getEmailCategories(signal?: AbortSignal): Promise<CategoryOption[]> {
  return api.get<CategoryOption[]>('admin/email/categories', undefined, { signal });
}

export const emailCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.categories(),
    queryFn: ({ signal }) => getEmailCategories(signal),
  });

/** The catalogue's top categories for the recipient filter (allowed with the e-mail screen's permission). */
export function useEmailCategories() {
  return useQuery(emailCategoriesQueryOptions());
}
