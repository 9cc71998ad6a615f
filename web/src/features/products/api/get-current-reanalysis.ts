import type { ReanalysisRun } from '@genodesk/contract/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isRunActive } from './get-reanalysis';
import { pendingPollMs, productKeys } from './keys';

export function getCurrentReanalysis(signal?: AbortSignal): Promise<{ run: ReanalysisRun | null }> {
  return api.get<{ run: ReanalysisRun | null }>('admin/products/reanalysis/current', undefined, { signal });
}

export const currentReanalysisQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.currentReanalysis(),
    queryFn: ({ signal }) => getCurrentReanalysis(signal),
    staleTime: 0,
    refetchInterval: (query) => (isRunActive(query.state.data?.run) ? pendingPollMs : false),
  });

/** The latest reanalysis of all reports, polled while it is queued or running. */
export function useCurrentReanalysis(enabled = true) {
  return useQuery({ ...currentReanalysisQueryOptions(), enabled });
}
