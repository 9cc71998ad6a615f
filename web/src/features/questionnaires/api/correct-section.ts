import type { CorrectQuestionnaireSectionRequest, Questionnaire } from '@genodesk/contract/questionnaires';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionnaireKeys } from './keys';

export function correctSection(body: CorrectQuestionnaireSectionRequest): Promise<Questionnaire> {
  return api.patch<Questionnaire>('admin/questionnaires/section', body);
}

export function useCorrectSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctSection,
    onSuccess: (_reply, body) => {
      void queryClient.invalidateQueries({ queryKey: questionnaireKeys.detail(body.QuestionnaireId) });
      void queryClient.invalidateQueries({ queryKey: questionnaireKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
