import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

/** Deletes the gene combination (phenotype) together with ALL its templates. */
export function deleteGeneCombination(id: number): Promise<{ id: number; deletedTemplates: number }> {
  return api.delete('admin/genecombinations', { GeneCombinationId: id });
}

export function useDeleteGeneCombination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneCombination,
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: catalogueKeys.geneCombination(id) });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
