export interface RelationshipListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  status?: string;
}

export const relationshipKeys = {
  all: ['relationships'] as const,
  lists: () => ['relationships', 'list'] as const,
  list: (params: RelationshipListParams) => ['relationships', 'list', params] as const,
  detail: (customerId: number) => ['relationships', 'detail', customerId] as const,
};
