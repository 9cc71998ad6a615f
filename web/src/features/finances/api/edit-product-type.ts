import type { EditProductTypeRequest, ProductType } from '@genodesk/contract/producttypes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productTypeKeys } from './keys';

export function editProductType(body: EditProductTypeRequest): Promise<ProductType> {
  return api.patch<ProductType>('admin/producttypes/edit', body);
}

export function useEditProductType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProductType,
    onSuccess: (productType) => {
      queryClient.setQueryData(productTypeKeys.detail(productType.id), productType);
      void queryClient.invalidateQueries({ queryKey: productTypeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['customers', 'productTypes'] });
    },
  });
}
