import type { Locale } from '@genodesk/contract/locales';

export interface CustomerListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  registrationSource?: string;
  registeredFrom?: string;
  registeredTo?: string;
}

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => ['customers', 'list'] as const,
  list: (params: CustomerListParams) => ['customers', 'list', params] as const,
  details: () => ['customers', 'detail'] as const,
  detail: (id: number, locale: Locale) => ['customers', 'detail', id, locale] as const,
  audit: (id: number, locale: Locale) => ['customers', 'audit', id, locale] as const,
  categories: (id: number, locale: Locale) => ['customers', 'categories', id, locale] as const,
  productTypes: () => ['customers', 'productTypes'] as const,
};
