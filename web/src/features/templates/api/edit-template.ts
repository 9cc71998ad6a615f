import type { EditTemplateRequest, EditTemplateResponse } from '@genodesk/contract/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function editTemplate(body: EditTemplateRequest): Promise<EditTemplateResponse> {
  return api.patch<EditTemplateResponse>('admin/templates/edit', body);
}

export function useEditTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTemplate,
    onSuccess: (reply) => {
      queryClient.setQueryData(catalogueKeys.template(reply.template.id), reply.template);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
