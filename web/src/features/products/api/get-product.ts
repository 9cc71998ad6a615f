import type { Locale } from '@genodesk/contract/locales';
import type { Product } from '@genodesk/contract/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pendingPollMs, productKeys } from './keys';

/** `GET admin/products/getproduct ?ProductId`; a 204 answers `undefined`. */
export function getProduct(id: number, signal?: AbortSignal): Promise<Product | undefined> {
  return api.get<Product | undefined>('admin/products/getproduct', { ProductId: id }, { signal });
}

export const productQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: productKeys.detail(id, locale),
    queryFn: async ({ signal }) => (await getProduct(id, signal)) ?? null,
    staleTime: 0,
    retry: false,
    // A move or a reanalysis runs as a job: ask again until it is done.
    refetchInterval: (query) => {
      const product = query.state.data;
      return product && (product.pendingSection || product.reanalysisPending) ? pendingPollMs : false;
    },
  });

export function useProduct(id: number, locale: Locale) {
  return useQuery({ ...productQueryOptions(id, locale), enabled: Number.isInteger(id) && id > 0 });
}
