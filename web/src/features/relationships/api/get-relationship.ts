import type { RelationshipDetail } from '@genodesk/contract/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { relationshipKeys } from './keys';

export function getRelationship(customerId: number, signal?: AbortSignal): Promise<RelationshipDetail> {
  return api.get<RelationshipDetail>('admin/customerrelationships/customer', { customerId }, { signal });
}

export const relationshipQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: relationshipKeys.detail(customerId),
    queryFn: ({ signal }) => getRelationship(customerId, signal),
    staleTime: 0,
  });

export function useRelationship(customerId: number | null) {
  return useQuery({ ...relationshipQueryOptions(customerId ?? 0), enabled: (customerId ?? 0) > 0 });
}
