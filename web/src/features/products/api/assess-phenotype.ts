import type { PhenotypeAssessmentRequest, Product } from '@genodesk/contract/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** `PATCH admin/products/phenotype`: the doctor's assessment of a phenotype no template matched. */
export function assessPhenotype(body: PhenotypeAssessmentRequest): Promise<Product> {
  return api.patch<Product>('admin/products/phenotype', body);
}

export function useAssessPhenotype() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assessPhenotype,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
