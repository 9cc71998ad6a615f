import type { BarcodeBatch } from '@genodesk/contract/barcodes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { barcodeKeys } from './keys';

export function createBarcodeBatch(count: number): Promise<BarcodeBatch> {
  return api.put<BarcodeBatch>('admin/barcodes/batch', { Count: count });
}

export function useCreateBarcodeBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBarcodeBatch,
    onSuccess: (batch) => {
      queryClient.setQueryData(barcodeKeys.batch(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: barcodeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: barcodeKeys.batches() });
    },
  });
}
