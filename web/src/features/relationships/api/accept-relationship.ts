import type { Relationship } from '@genodesk/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { relationshipKeys } from './keys';

export function acceptRelationship(body: { customerId: number; partnerId: number }): Promise<Relationship> {
  return api.put<Relationship>('admin/customerrelationships/accept', body);
}

export function useAcceptRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRelationship,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: relationshipKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
