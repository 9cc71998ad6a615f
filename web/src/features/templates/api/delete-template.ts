import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function deleteTemplate(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>('admin/templates', { Id: id });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: catalogueKeys.template(id) });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
