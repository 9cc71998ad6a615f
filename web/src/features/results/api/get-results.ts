import type { Page } from '@genodesk/contract/common';
import type { Locale } from '@genodesk/contract/locales';
import type { ResultUpload } from '@genodesk/contract/results';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ResultUploadListParams, resultKeys } from './keys';
import { uploadsPollInterval } from './polling';

export function getResults(
  params: ResultUploadListParams,
  signal?: AbortSignal,
): Promise<Page<ResultUpload>> {
  return api.get<Page<ResultUpload>>('admin/results', { ...params }, { signal });
}

export const resultsQueryOptions = (params: ResultUploadListParams, locale: Locale) =>
  queryOptions({
    queryKey: resultKeys.list(params, locale),
    queryFn: ({ signal }) => getResults(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Follow the background job while a visible upload is processing or generating.
    refetchInterval: (query) => uploadsPollInterval(query.state.data?.items),
  });

export function useResults(params: ResultUploadListParams, locale: Locale) {
  return useQuery(resultsQueryOptions(params, locale));
}
