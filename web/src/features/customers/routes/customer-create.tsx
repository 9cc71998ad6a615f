import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { newIdempotencyKey } from '@/lib/api-client';
import { scrollToFirstError } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateCustomer } from '../api/create-customer';
import { CustomerForm } from '../components/customer-form';

export function CustomerCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCustomer();
  // One key for this registration until the server answers; a refused one gets a new key with its fix.
  const registration = useRef(newIdempotencyKey());

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
          create.mutate(
            { body: values, idempotencyKey: registration.current },
            {
              onSuccess: (customer) => {
                notifySuccess(t('customers.created'));
                navigate(paths.customers.view(customer.id), { replace: true });
              },
              onError: (error) => {
                registration.current = newIdempotencyKey();
                if (applyServerErrors(error)) scrollToFirstError();
                else notifyError(t('customers.createFailed'));
              },
            },
          )
        }
      />
    </>
  );
}

export const Component = CustomerCreateRoute;
