export interface SampleListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  status?: string;
  list?: string;
}

export const sampleKeys = {
  all: ['samples'] as const,
  lists: () => ['samples', 'list'] as const,
  list: (params: SampleListParams) => ['samples', 'list', params] as const,
  details: () => ['samples', 'detail'] as const,
  detail: (id: number) => ['samples', 'detail', id] as const,
};
