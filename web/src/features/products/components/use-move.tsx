import type { ProductSection } from '@genodesk/contract/enums';
import type { ProductListItem } from '@genodesk/contract/products';
import { IconArchive, IconArchiveOff, IconArrowBackUp, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useMoveProduct } from '../api/move-product';
import { moveKey } from './sections';

export const moveIcons: Record<string, typeof IconArchive> = {
  resultsToDoctorSection: IconStethoscope,
  doctorSectionToResults: IconArrowBackUp,
  doctorSectionToArchive: IconArchive,
  archiveToDoctorSection: IconArchiveOff,
};

/** Requests a move (`POST admin/products/move`); a refused request shows the move's failure toast. */
export function useRequestMove() {
  const { t } = useTranslation();
  const mutation = useMoveProduct();

  const request = (product: Pick<ProductListItem, 'id' | 'section'>, to: ProductSection) =>
    new Promise<ProductListItem | null>((resolve) => {
      mutation.mutate(
        { ProductId: product.id, Section: to },
        {
          onSuccess: (accepted) => resolve(accepted),
          onError: (error) => {
            const title = t(`products.moves.failed.${moveKey(product.section, to)}`);
            if (isApiError(error) && error.status < 500) notifyError(error.message, title);
            else notifyError(title);
            resolve(null);
          },
        },
      );
    });

  return { request, pending: mutation.isPending, variables: mutation.variables };
}
