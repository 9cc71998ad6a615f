import type { Page } from '@genodesk/contract/common';
import type { QuestionnaireSummary } from '@genodesk/contract/questionnaires';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type QuestionnaireListParams, questionnaireKeys } from './keys';

export function getQuestionnaires(
  params: QuestionnaireListParams,
  signal?: AbortSignal,
): Promise<Page<QuestionnaireSummary>> {
  return api.get<Page<QuestionnaireSummary>>('admin/questionnaires', { ...params }, { signal });
}

export const questionnairesQueryOptions = (params: QuestionnaireListParams) =>
  queryOptions({
    queryKey: questionnaireKeys.list(params),
    queryFn: ({ signal }) => getQuestionnaires(params, signal),
    placeholderData: keepPreviousData,
  });

export function useQuestionnaires(params: QuestionnaireListParams) {
  return useQuery(questionnairesQueryOptions(params));
}
