export interface QuestionnaireListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  customerId?: string;
}

export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  lists: () => ['questionnaires', 'list'] as const,
  list: (params: QuestionnaireListParams) => ['questionnaires', 'list', params] as const,
  detail: (id: number) => ['questionnaires', 'detail', id] as const,
};
