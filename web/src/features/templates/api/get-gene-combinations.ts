import type { Page } from '@genodesk/contract/common';
import type { GeneCombinationSummary } from '@genodesk/contract/templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys, type GeneCombinationListParams } from './keys';

export function getGeneCombinations(
  params: GeneCombinationListParams,
  signal?: AbortSignal,
): Promise<Page<GeneCombinationSummary>> {
  return api.get<Page<GeneCombinationSummary>>('admin/genecombinations', { ...params }, { signal });
}

export const geneCombinationsQueryOptions = (params: GeneCombinationListParams) =>
  queryOptions({
    queryKey: catalogueKeys.geneCombinationList(params),
    queryFn: ({ signal }) => getGeneCombinations(params, signal),
    placeholderData: keepPreviousData,
  });

export function useGeneCombinations(params: GeneCombinationListParams) {
  return useQuery(geneCombinationsQueryOptions(params));
}
