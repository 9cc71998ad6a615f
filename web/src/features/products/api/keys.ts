import type { Locale } from '@genodesk/contract/locales';

export interface ProductListParams {
  section: string;
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  status?: string;
  requiresInspection?: string;
  customerId?: number;
}

export const productKeys = {
  all: ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (params: ProductListParams, locale: Locale) => ['products', 'list', params, locale] as const,
  details: () => ['products', 'detail'] as const,
  detail: (id: number, locale: Locale) => ['products', 'detail', id, locale] as const,
  category: (productId: number, categoryId: number, locale: Locale) =>
    ['products', 'detail', productId, locale, 'category', categoryId] as const,
  /** The report's issued PDF versions (under `products`: a publication invalidates them with the report). */
  documents: (productId: number) => ['products', 'documents', productId] as const,
  reanalysis: (runId: number) => ['products', 'reanalysis', runId] as const,
  currentReanalysis: () => ['products', 'reanalysis', 'current'] as const,
};

/** How often a screen asks again while a move or a reanalysis is under way. */
export const pendingPollMs = 1500;
