import type { Page } from '@genodesk/contract/common';
import type { TemplateCategoryTreeItem } from '@genodesk/contract/templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys, type TemplateCategoryListParams } from './keys';

export function getTemplateCategories(
  params: TemplateCategoryListParams,
  signal?: AbortSignal,
): Promise<Page<TemplateCategoryTreeItem>> {
  return api.get<Page<TemplateCategoryTreeItem>>('admin/templatecategories', { ...params }, { signal });
}

export const templateCategoriesQueryOptions = (params: TemplateCategoryListParams) =>
  queryOptions({
    queryKey: catalogueKeys.categoryList(params),
    queryFn: ({ signal }) => getTemplateCategories(params, signal),
    placeholderData: keepPreviousData,
  });

/** Categories with their subcategories (the tree), paged over categories. */
export function useTemplateCategories(params: TemplateCategoryListParams) {
  return useQuery(templateCategoriesQueryOptions(params));
}
