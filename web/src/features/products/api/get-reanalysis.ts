import { ReanalysisStatus } from '@genodesk/contract/enums';
import type { ReanalysisRun } from '@genodesk/contract/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pendingPollMs, productKeys } from './keys';

export function getReanalysis(id: number, signal?: AbortSignal): Promise<ReanalysisRun> {
  return api.get<ReanalysisRun>('admin/products/reanalysis', { Id: id }, { signal });
}

export function isRunActive(run: ReanalysisRun | null | undefined): boolean {
  return run?.status === ReanalysisStatus.Queued || run?.status === ReanalysisStatus.Running;
}

export const reanalysisQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.reanalysis(id),
    queryFn: ({ signal }) => getReanalysis(id, signal),
    staleTime: 0,
    refetchInterval: (query) => (isRunActive(query.state.data) ? pendingPollMs : false),
  });

/** A reanalysis run, polled while queued or running; `id` null when there is none to follow. */
export function useReanalysis(id: number | null) {
  return useQuery({ ...reanalysisQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
