import type { EditTemplateCategoryRequest, TemplateCategoryDetail } from '@genodesk/contract/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function editTemplateCategory(body: EditTemplateCategoryRequest): Promise<TemplateCategoryDetail> {
  return api.patch<TemplateCategoryDetail>('admin/templatecategories/edit', body);
}

export function useEditTemplateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTemplateCategory,
    onSuccess: (reply) => {
      queryClient.setQueryData(catalogueKeys.category(reply.id), reply);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
