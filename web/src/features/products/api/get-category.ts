import type { Locale } from '@genodesk/contract/locales';
import type { ReportCategory } from '@genodesk/contract/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

export function getCategory(
  productId: number,
  categoryId: number,
  signal?: AbortSignal,
): Promise<ReportCategory> {
  return api.get<ReportCategory>(
    'admin/products/getcategory',
    { ProductId: productId, ProductCategoryId: categoryId },
    { signal },
  );
}

export const categoryQueryOptions = (productId: number, categoryId: number, locale: Locale) =>
  queryOptions({
    queryKey: productKeys.category(productId, categoryId, locale),
    queryFn: ({ signal }) => getCategory(productId, categoryId, signal),
  });

/** One category's content, loaded when its accordion item is first opened. */
export function useCategory(productId: number, categoryId: number, locale: Locale, enabled: boolean) {
  return useQuery({ ...categoryQueryOptions(productId, categoryId, locale), enabled });
}
