import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEditProductType } from '../api/edit-product-type';
import { useProductType } from '../api/get-product-type';
import { ProductTypeForm } from '../components/product-type-form';

export function ProductTypeEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const productType = useProductType(id);
  const edit = useEditProductType();

  if (!Number.isInteger(id) || id <= 0 || productType.isError) {
    return (
      <RedirectWithToast
        to={paths.productTypes.list}
        message={t('finances.productTypes.loadFailed')}
        missing={isMissingRecord(id, productType.error)}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('finances.productTypes.editTitle')}
        description={productType.data?.name}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('finances.productTypes.title'), to: paths.productTypes.list },
          { label: productType.data?.name || '…', to: paths.productTypes.view(id) },
          { label: t('common.edit') },
        ]}
      />
      {productType.data ? (
        <ProductTypeForm
          key={productType.data.id}
          initial={productType.data}
          submitting={edit.isPending}
          onCancel={() => navigate(paths.productTypes.view(id))}
          onSubmit={(values, applyServerErrors) =>
            edit.mutate(
              { ProductTypeId: id, ...values },
              {
                onSuccess: () => {
                  notifySuccess(t('finances.productTypes.saved'));
                  navigate(paths.productTypes.view(id));
                },
                onError: (error) => {
                  if (!applyServerErrors(error)) notifyError(t('finances.productTypes.editFailed'));
                },
              },
            )
          }
        />
      ) : (
        <SectionLoader />
      )}
    </>
  );
}

export const Component = ProductTypeEditRoute;
