import type { AccessLogEntry } from '@genodesk/contract/access-log';
import type { Page } from '@genodesk/contract/common';
import type { Locale } from '@genodesk/contract/locales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AccessLogParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  kind?: string;
  userId?: string;
  customerId?: string;
  /** Days in Europe/Prague, both inclusive. */
  from?: string;
  to?: string;
  /** Sorting by kind follows the labels of the reader's language. */
  locale: Locale;
}

export interface CustomerAccessLogParams {
  customerId: number;
  page: number;
  pageSize: number;
  kind?: string;
}

export const accessLogKeys = {
  all: ['accessLog'] as const,
  list: (params: AccessLogParams) => ['accessLog', 'list', params] as const,
  customer: (params: CustomerAccessLogParams) => ['accessLog', 'customer', params] as const,
};

/** `GET admin/accesslog`: who read which customer's data, filtered, sorted and paged. */
export function getAccessLog(params: AccessLogParams, signal?: AbortSignal): Promise<Page<AccessLogEntry>> {
  return api.get<Page<AccessLogEntry>>('admin/accesslog', { ...params }, { signal });
}

/** `GET admin/customers/accesslog`: who read one customer's data, newest first. */
export function getCustomerAccessLog(
  params: CustomerAccessLogParams,
  signal?: AbortSignal,
): Promise<Page<AccessLogEntry>> {
  const { customerId, ...rest } = params;
  return api.get<Page<AccessLogEntry>>(
    'admin/customers/accesslog',
    { CustomerId: customerId, ...rest },
    { signal },
  );
}

export const accessLogQueryOptions = (params: AccessLogParams) =>
  queryOptions({
    queryKey: accessLogKeys.list(params),
    queryFn: ({ signal }) => getAccessLog(params, signal),
    placeholderData: keepPreviousData,
    // Staff read customers' data all the time: show the latest on opening.
    staleTime: 0,
  });

export const customerAccessLogQueryOptions = (params: CustomerAccessLogParams) =>
  queryOptions({
    queryKey: accessLogKeys.customer(params),
    queryFn: ({ signal }) => getCustomerAccessLog(params, signal),
    // The previous page of the same customer while the next loads; never another customer's rows.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as CustomerAccessLogParams | undefined)?.customerId === params.customerId
        ? previous
        : undefined,
    staleTime: 0,
  });

export function useAccessLog(params: AccessLogParams) {
  return useQuery(accessLogQueryOptions(params));
}

export function useCustomerAccessLog(params: CustomerAccessLogParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...customerAccessLogQueryOptions(params), ...options });
}
