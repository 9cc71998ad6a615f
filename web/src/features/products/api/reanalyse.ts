import type { ReanalysisRun } from '@genodesk/contract/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** `POST admin/products/reanalyse { ProductId? }`: one report, or all without `productId`. */
export function reanalyse(productId?: number): Promise<ReanalysisRun> {
  return api.post<ReanalysisRun>('admin/products/reanalyse', productId ? { ProductId: productId } : {});
}

export function useReanalyse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId?: number) => reanalyse(productId),
    onSuccess: (run) => {
      queryClient.setQueryData(productKeys.reanalysis(run.id), run);
      if (run.productId === null) queryClient.setQueryData(productKeys.currentReanalysis(), { run });
      void queryClient.invalidateQueries({ queryKey: productKeys.details() });
    },
  });
}
