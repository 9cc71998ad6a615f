import type { TemplateCategoryDetail } from '@genodesk/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getTemplateCategory(id: number, signal?: AbortSignal): Promise<TemplateCategoryDetail> {
  return api.get<TemplateCategoryDetail>(
    'admin/templatecategories/getcategory',
    { TemplateCategoryId: id },
    { signal },
  );
}

export const templateCategoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.category(id),
    queryFn: ({ signal }) => getTemplateCategory(id, signal),
  });

export function useTemplateCategory(id: number) {
  return useQuery({ ...templateCategoryQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
