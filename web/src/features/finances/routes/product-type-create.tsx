import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateProductType } from '../api/create-product-type';
import { ProductTypeForm } from '../components/product-type-form';

export function ProductTypeCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProductType();

  return (
    <>
      <PageHeader
        title={t('finances.productTypes.createTitle')}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('finances.productTypes.title'), to: paths.productTypes.list },
          { label: t('finances.productTypes.createTitle') },
        ]}
      />
      <ProductTypeForm
        submitting={create.isPending}
        onCancel={() => navigate(paths.productTypes.list)}
        onSubmit={(values, applyServerErrors) =>
          create.mutate(values, {
            onSuccess: (created) => {
              notifySuccess(t('finances.productTypes.created'));
              navigate(paths.productTypes.view(created.id), { replace: true });
            },
            onError: (error) => {
              if (!applyServerErrors(error)) notifyError(t('finances.productTypes.createFailed'));
            },
          })
        }
      />
    </>
  );
}

export const Component = ProductTypeCreateRoute;
