import type { CreateTemplateRequest, TemplateDetail } from '@genodesk/contract/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function createTemplate(body: CreateTemplateRequest): Promise<TemplateDetail> {
  return api.put<TemplateDetail>('admin/templates/create', body);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
