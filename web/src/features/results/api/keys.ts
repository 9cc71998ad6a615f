import type { Locale } from '@genodesk/contract/locales';

export interface ResultUploadListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  status?: string;
}

/** Uploads carry `exception` in the caller's language, so the locale is part of their keys. */
export const resultKeys = {
  all: ['results'] as const,
  lists: () => ['results', 'list'] as const,
  list: (params: ResultUploadListParams, locale: Locale) => ['results', 'list', params, locale] as const,
  details: () => ['results', 'detail'] as const,
  detail: (id: number, locale: Locale) => ['results', 'detail', id, locale] as const,
  customer: (customerId: number) => ['results', 'customer', customerId] as const,
};
