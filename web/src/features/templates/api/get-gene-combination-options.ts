import type { GeneCombinationOption } from '@genodesk/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getGeneCombinationOptions(
  categoryId: number,
  signal?: AbortSignal,
): Promise<GeneCombinationOption[]> {
  return api.get<GeneCombinationOption[]>(
    'admin/templates/getgenecombinations',
    { CategoryId: categoryId },
    { signal },
  );
}

export const geneCombinationOptionsQueryOptions = (categoryId: number) =>
  queryOptions({
    queryKey: catalogueKeys.geneCombinationOptions(categoryId),
    queryFn: ({ signal }) => getGeneCombinationOptions(categoryId, signal),
  });

/** The gene combinations of a subcategory (or of every subcategory of a category); idle without one. */
export function useGeneCombinationOptions(categoryId: number | undefined) {
  return useQuery({
    ...geneCombinationOptionsQueryOptions(categoryId ?? 0),
    enabled: categoryId !== undefined && categoryId > 0,
  });
}
