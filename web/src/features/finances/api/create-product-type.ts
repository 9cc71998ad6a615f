import type { CreateProductTypeRequest, ProductType } from '@genodesk/contract/producttypes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productTypeKeys } from './keys';

export function createProductType(body: CreateProductTypeRequest): Promise<ProductType> {
  return api.put<ProductType>('admin/producttypes/create', body);
}

export function useCreateProductType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProductType,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: productTypeKeys.lists() });
      // The registration form lists product types too.
      void queryClient.invalidateQueries({ queryKey: ['customers', 'productTypes'] });
    },
  });
}
