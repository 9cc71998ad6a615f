import type {
  PhenotypeWithholdRequest,
  Product,
  ProductValidationRequest,
} from '@genodesk/contract/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** `POST admin/products/validate`: the technical validation of the report's current content. */
export function validateProduct(body: ProductValidationRequest): Promise<Product> {
  return api.post<Product>('admin/products/validate', body);
}

/** `POST admin/products/withhold`: the physician withholds a phenotype from the report, or reports it again. */
export function withholdPhenotype(body: PhenotypeWithholdRequest): Promise<Product> {
  return api.post<Product>('admin/products/withhold', body);
}

export function useValidateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateProduct,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useWithholdPhenotype() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withholdPhenotype,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
