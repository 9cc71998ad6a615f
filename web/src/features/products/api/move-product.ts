import type { ProductListItem, ProductMoveRequest } from '@genodesk/contract/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** `POST admin/products/move`: answers 202 with the report pending the move; a job moves it. */
export function moveProduct(body: ProductMoveRequest): Promise<ProductListItem> {
  return api.post<ProductListItem>('admin/products/move', body);
}

export function useMoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveProduct,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: productKeys.details() });
    },
  });
}
