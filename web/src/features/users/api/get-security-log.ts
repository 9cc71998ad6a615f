import type { Page } from '@genodesk/contract/common';
import type { Locale } from '@genodesk/contract/locales';
import type { SecurityEvent } from '@genodesk/contract/security';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SecurityLogParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  event?: string;
  userId?: string;
  from?: string;
  to?: string;
  /** Sorting by event follows the labels of the reader's language. */
  locale: Locale;
}

export const securityLogKeys = {
  all: ['securityLog'] as const,
  list: (params: SecurityLogParams) => ['securityLog', 'list', params] as const,
};

export function getSecurityLog(
  params: SecurityLogParams,
  signal?: AbortSignal,
): Promise<Page<SecurityEvent>> {
  return api.get<Page<SecurityEvent>>('admin/securitylog', { ...params }, { signal });
}

export const securityLogQueryOptions = (params: SecurityLogParams) =>
  queryOptions({
    queryKey: securityLogKeys.list(params),
    queryFn: ({ signal }) => getSecurityLog(params, signal),
    placeholderData: keepPreviousData,
    // Sign-ins happen all the time: show the latest on opening.
    staleTime: 0,
  });

export function useSecurityLog(params: SecurityLogParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...securityLogQueryOptions(params), ...options });
}
