import type { EditGeneCombinationRequest, GeneCombinationDetail } from '@genodesk/contract/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';

export function editGeneCombination(body: EditGeneCombinationRequest): Promise<GeneCombinationDetail> {
  return api.patch<GeneCombinationDetail>('admin/genecombinations/edit', body);
}

export function useEditGeneCombination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editGeneCombination,
    onSuccess: (reply) => {
      queryClient.setQueryData(catalogueKeys.geneCombination(reply.id), reply);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
