import { type SearchResult, searchMinLength } from '@genodesk/contract/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, currentLocale } from '@/lib/api-client';

export function searchEverything(q: string, signal?: AbortSignal): Promise<SearchResult> {
  return api.get<SearchResult>('admin/search', { q }, { signal });
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', currentLocale(), q] as const,
    queryFn: ({ signal }) => searchEverything(q, signal),
    enabled: q.trim().length >= searchMinLength,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The search of every screen: a query already debounced by the caller. */
export function useSearch(q: string) {
  return useQuery(searchQueryOptions(q));
}
