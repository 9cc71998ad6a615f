import type { Page } from '@genodesk/contract/common';
import type { TemplateSummary } from '@genodesk/contract/templates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys, type TemplateListParams } from './keys';

export function getTemplates(
  params: TemplateListParams,
  signal?: AbortSignal,
): Promise<Page<TemplateSummary>> {
  return api.get<Page<TemplateSummary>>('admin/templates', { ...params }, { signal });
}

export const templatesQueryOptions = (params: TemplateListParams) =>
  queryOptions({
    queryKey: catalogueKeys.templateList(params),
    queryFn: ({ signal }) => getTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

export function useTemplates(params: TemplateListParams) {
  return useQuery(templatesQueryOptions(params));
}
