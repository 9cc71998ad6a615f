import type { Page } from '@genodesk/contract/common';
import type { Relationship } from '@genodesk/contract/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type RelationshipListParams, relationshipKeys } from './keys';

export function getRelationships(
  params: RelationshipListParams,
  signal?: AbortSignal,
): Promise<Page<Relationship>> {
  return api.get<Page<Relationship>>('admin/customerrelationships', { ...params }, { signal });
}

export const relationshipsQueryOptions = (params: RelationshipListParams) =>
  queryOptions({
    queryKey: relationshipKeys.list(params),
    queryFn: ({ signal }) => getRelationships(params, signal),
    placeholderData: keepPreviousData,
  });

export function useRelationships(params: RelationshipListParams) {
  return useQuery(relationshipsQueryOptions(params));
}
