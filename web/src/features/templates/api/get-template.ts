import type { TemplateDetail } from '@genodesk/contract/templates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function getTemplate(id: number, signal?: AbortSignal): Promise<TemplateDetail> {
  return api.get<TemplateDetail>('admin/templates/gettemplate', { Id: id }, { signal });
}

export const templateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.template(id),
    queryFn: ({ signal }) => getTemplate(id, signal),
  });

export function useTemplate(id: number) {
  return useQuery({ ...templateQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
