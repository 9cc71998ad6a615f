import type { Product, ProductEditRequest } from '@genodesk/contract/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** `PATCH admin/products/`: the doctor's texts and, for the publish/invite actions, the new status. */
export function editProduct(body: ProductEditRequest): Promise<Product> {
  return api.patch<Product>('admin/products/', body);
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      // Publishing moves the sample on; the customer's screens show it.
      void queryClient.invalidateQueries({ queryKey: ['samples'] });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
