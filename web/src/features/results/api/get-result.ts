import type { Locale } from '@genodesk/contract/locales';
import type { ResultUploadDetail } from '@genodesk/contract/results';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';
import { uploadsPollInterval } from './polling';

export function getResult(id: number, signal?: AbortSignal): Promise<ResultUploadDetail> {
  return api.get<ResultUploadDetail>('admin/results/getresult', { Id: id }, { signal });
}

export const resultQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: resultKeys.detail(id, locale),
    queryFn: ({ signal }) => getResult(id, signal),
    staleTime: 0,
    refetchInterval: (query) => uploadsPollInterval(query.state.data ? [query.state.data] : undefined),
  });

export function useResult(id: number, locale: Locale) {
  return useQuery({
    ...resultQueryOptions(id, locale),
    enabled: Number.isInteger(id) && id > 0,
  });
}
