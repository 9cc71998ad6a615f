import type {
  CombinationRule,
  CombinationRuleRequest,
  EditCombinationRuleRequest,
} from '@genodesk/contract/combination-rules';
import type { Page } from '@genodesk/contract/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type CombinationRuleListParams, catalogueKeys } from './keys';

/** `GET admin/combinationrules`: the rules over several phenotypes, paged. */
export function useCombinationRules(params: CombinationRuleListParams) {
  return useQuery({
    queryKey: catalogueKeys.combinationRuleList(params),
    queryFn: ({ signal }) =>
      api.get<Page<CombinationRule>>('admin/combinationrules', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCombinationRule(id: number) {
  return useQuery({
    queryKey: catalogueKeys.combinationRule(id),
    queryFn: ({ signal }) => api.get<CombinationRule>('admin/combinationrules/rule', { Id: id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Creates a rule, or with `Id` edits it. */
export function useSaveCombinationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CombinationRuleRequest | EditCombinationRuleRequest) =>
      'Id' in body
        ? api.patch<CombinationRule>('admin/combinationrules', body)
        : api.put<CombinationRule>('admin/combinationrules', body),
    onSuccess: (reply) => {
      queryClient.setQueryData(catalogueKeys.combinationRule(reply.id), reply);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}

export function useDeleteCombinationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>('admin/combinationrules', { Id: id }),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: catalogueKeys.combinationRule(id) });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
