import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { scrollToFirstError } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateCustomer } from '../api/create-customer';
import { CustomerForm } from '../components/customer-form';

export function CustomerCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCustomer();

  return (
    <>
      <PageHeader
        title={t('customers.createTitle')}
        description={t('customers.createDescription')}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('customers.title'), to: paths.customers.list },
          { label: t('customers.createTitle') },
        ]}
      />
      <CustomerForm
        mode="create"
        submitting={create.isPending}
        onCancel={() => navigate(paths.customers.list)}
        onSubmit={(values, applyServerErrors) =>
          create.mutate(values, {
            onSuccess: (customer) => {
              notifySuccess(t('customers.created'));
              navigate(paths.customers.view(customer.id), { replace: true });
            },
            onError: (error) => {
              if (applyServerErrors(error)) scrollToFirstError();
              else notifyError(t('customers.createFailed'));
            },
          })
        }
      />
    </>
  );
}

export const Component = CustomerCreateRoute;
