import type { CategoryOption } from '@genodesk/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getSubcategoryOptions(categoryId: number, signal?: AbortSignal): Promise<CategoryOption[]> {
  return api.get<CategoryOption[]>(
    'admin/templates/getsubcategories',
    { CategoryId: categoryId },
    { signal },
  );
}

export const subcategoryOptionsQueryOptions = (categoryId: number) =>
  queryOptions({
    queryKey: catalogueKeys.subcategoryOptions(categoryId),
    queryFn: ({ signal }) => getSubcategoryOptions(categoryId, signal),
  });

/** The subcategories of a category; idle without one. */
export function useSubcategoryOptions(categoryId: number | undefined) {
  return useQuery({
    ...subcategoryOptionsQueryOptions(categoryId ?? 0),
    enabled: categoryId !== undefined && categoryId > 0,
  });
}
