import type { SamplePage } from '@genodesk/contract/samples';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SampleListParams, sampleKeys } from './keys';

export function getSamples(params: SampleListParams, signal?: AbortSignal): Promise<SamplePage> {
  return api.get<SamplePage>('admin/samples', { ...params }, { signal });
}

export const samplesQueryOptions = (params: SampleListParams) =>
  queryOptions({
    queryKey: sampleKeys.list(params),
    queryFn: ({ signal }) => getSamples(params, signal),
    placeholderData: keepPreviousData,
    // Work lists are shared between staff.
    staleTime: 0,
  });

export function useSamples(params: SampleListParams) {
  return useQuery(samplesQueryOptions(params));
}
