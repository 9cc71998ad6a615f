import type { GeneCombinationDetail } from '@genodesk/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getGeneCombination(id: number, signal?: AbortSignal): Promise<GeneCombinationDetail> {
  return api.get<GeneCombinationDetail>(
    'admin/genecombinations/getcombination',
    { GeneCombinationId: id },
    { signal },
  );
}

export const geneCombinationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.geneCombination(id),
    queryFn: ({ signal }) => getGeneCombination(id, signal),
  });

export function useGeneCombination(id: number) {
  return useQuery({ ...geneCombinationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
