import type { Questionnaire } from '@genodesk/contract/questionnaires';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionnaireKeys } from './keys';

export function getQuestionnaire(id: number, signal?: AbortSignal): Promise<Questionnaire> {
  return api.get<Questionnaire>('admin/questionnaires/questionnaire', { Id: id }, { signal });
}

export const questionnaireQueryOptions = (id: number) =>
  queryOptions({
    queryKey: questionnaireKeys.detail(id),
    queryFn: ({ signal }) => getQuestionnaire(id, signal),
    staleTime: 0,
  });

export function useQuestionnaire(id: number) {
  return useQuery({ ...questionnaireQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
