import type { Locale } from '@genodesk/contract/locales';
import type { ProductPage } from '@genodesk/contract/products';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ProductListParams, pendingPollMs, productKeys } from './keys';

export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>('admin/products', { ...params }, { signal });
}

export const productsQueryOptions = (params: ProductListParams, locale: Locale) =>
  queryOptions({
    queryKey: productKeys.list(params, locale),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // A requested move is done by a job: ask again until no row on screen is pending.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.pendingSection) ? pendingPollMs : false,
  });

/** `extraPoll` keeps polling while the screen waits for something the rows do not show yet. */
export function useProducts(params: ProductListParams, locale: Locale, extraPoll = false) {
  const options = productsQueryOptions(params, locale);
  return useQuery({
    ...options,
    refetchInterval: extraPoll ? pendingPollMs : options.refetchInterval,
  });
}
