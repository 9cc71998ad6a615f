import type { customerCategorySchema } from '@genodesk/contract/customers';
import type { Locale } from '@genodesk/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

export type CustomerCategory = z.infer<typeof customerCategorySchema>;

export function getCustomerCategories(id: number, signal?: AbortSignal): Promise<CustomerCategory[]> {
  return api.get<CustomerCategory[]>('admin/customers/customercategories', { CustomerId: id }, { signal });
}

export const customerCategoriesQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: customerKeys.categories(id, locale),
    queryFn: ({ signal }) => getCustomerCategories(id, signal),
  });

/** Only for readers of reports (the server refuses anyone else: which categories is health data). */
export function useCustomerCategories(id: number, locale: Locale, allowed: boolean) {
  return useQuery({
    ...customerCategoriesQueryOptions(id, locale),
    enabled: allowed && Number.isInteger(id) && id > 0,
  });
}
