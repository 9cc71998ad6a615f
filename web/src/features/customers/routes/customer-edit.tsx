import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { scrollToFirstError } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEditCustomer } from '../api/edit-customer';
import { useCustomer } from '../api/get-customer';
import { CustomerForm } from '../components/customer-form';

export function CustomerEditRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const customer = useCustomer(id, locale);
  const edit = useEditCustomer();

  if (!Number.isInteger(id) || id <= 0 || customer.isError) {
    return (
      <RedirectWithToast
        to={paths.customers.list}
        message={t('customers.loadFailed')}
        missing={isMissingRecord(id, customer.error)}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('customers.editTitle')}
        description={customer.data?.email}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('customers.title'), to: paths.customers.list },
          { label: customer.data?.fullName || '…', to: paths.customers.view(id) },
          { label: t('common.edit') },
        ]}
      />
      {customer.data ? (
        <CustomerForm
          key={customer.data.id}
          mode="edit"
          customer={customer.data}
          submitting={edit.isPending}
          onCancel={() => navigate(paths.customers.view(id))}
          onSubmit={(values, applyServerErrors) =>
            edit.mutate(values, {
              onSuccess: () => {
                notifySuccess(t('customers.saved'));
                navigate(paths.customers.view(id));
              },
              onError: (error) => {
                if (applyServerErrors(error)) scrollToFirstError();
                else notifyError(t('customers.editFailed'));
              },
            })
          }
        />
      ) : (
        <SectionLoader />
      )}
    </>
  );
}

export const Component = CustomerEditRoute;
