import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  filters: Record<string, string | undefined>;
}

export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

export const pageSizes = [10, 25, 50, 100] as const;

export function parseSort(sort: string | undefined): SortState | null {
  if (!sort) return null;
  return sort.startsWith('-')
    ? { field: sort.slice(1), direction: 'desc' }
    : { field: sort, direction: 'asc' };
}

/**
 * Next sort when a header is clicked: ascending, descending, then back to the list's default — except
 * where that default is this column descending (newest first): there it goes back to ascending, or
 * ascending would never be reached from the header.
 */
export function nextSort(
  current: string | undefined,
  field: string,
  defaultSort?: string,
): string | undefined {
  const state = parseSort(current);
  if (!state || state.field !== field) return field;
  if (state.direction === 'asc') return `-${field}`;
  return defaultSort === `-${field}` ? field : undefined;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Paging, sort, search and filters of a server list, kept in the URL query so a reload or a shared
 * link shows the same list.
 */
export function useListParams(
  filterNames: readonly string[],
  defaults: { sort?: string; pageSize?: number } = {},
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterKey = filterNames.join(',');

  const params: ListParams = useMemo(() => {
    const filters: Record<string, string | undefined> = {};
    for (const name of filterKey ? filterKey.split(',') : [])
      filters[name] = searchParams.get(name) ?? undefined;
    return {
      page: positiveInt(searchParams.get('page'), 1),
      pageSize: Math.min(100, positiveInt(searchParams.get('pageSize'), defaults.pageSize ?? 25)),
      sort: searchParams.get('sort') ?? defaults.sort,
      search: searchParams.get('search') ?? undefined,
      filters,
    };
  }, [searchParams, filterKey, defaults.sort, defaults.pageSize]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, resetPage = true) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return {
    params,
    /** The list's own order when the URL names none. */
    defaultSort: defaults.sort,
    setPage: (page: number) => update({ page: page > 1 ? page : undefined }, false),
    setPageSize: (pageSize: number) => update({ pageSize }),
    setSort: (sort: string | undefined) => update({ sort: sort ?? (defaults.sort ? '' : undefined) }),
    setSearch: (search: string) => update({ search: search.trim() || undefined }),
    setFilter: (name: string, value: string | undefined) => update({ [name]: value }),
    /** several filters at once (e.g. a category and the subcategory that depends on it) */
    setFilters: (changes: Record<string, string | undefined>) => update(changes),
  };
}
