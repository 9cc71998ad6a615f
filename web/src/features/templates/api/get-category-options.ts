import type { CategoryOption } from '@genodesk/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getCategoryOptions(signal?: AbortSignal): Promise<CategoryOption[]> {
  return api.get<CategoryOption[]>('admin/templates/getcategories', undefined, { signal });
}

export const categoryOptionsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.categoryOptions(),
    queryFn: ({ signal }) => getCategoryOptions(signal),
  });

/** The top-level categories (pick lists). */
export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions());
}
