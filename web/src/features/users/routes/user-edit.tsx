import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEditUser } from '../api/edit-user';
import { useUser } from '../api/get-user';
import { UserForm } from '../components/user-form';

export function UserEditRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const user = useUser(id, locale);
  const edit = useEditUser();

  if (!Number.isInteger(id) || id <= 0 || user.isError) {
    return (
      <RedirectWithToast
        to={paths.users.list}
        message={t('users.loadFailed')}
        missing={isMissingRecord(id, user.error)}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('users.editTitle')}
        description={user.data?.email}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('users.title'), to: paths.users.list },
          { label: user.data?.userName || user.data?.email || '…', to: paths.users.view(id) },
          { label: t('common.edit') },
        ]}
      />
      {user.data ? (
        <UserForm
          key={`${user.data.id}-${locale}`}
          mode="edit"
          user={user.data}
          submitting={edit.isPending}
          onCancel={() => navigate(paths.users.view(id))}
          onSubmit={(values, applyServerErrors) =>
            edit.mutate(
              {
                UserId: id,
                UserName: values.UserName,
                PhoneNumber: values.PhoneNumber,
                RoleId: values.RoleId,
                Color: values.Color,
                IsMainDoctor: values.IsMainDoctor,
                Qualification: values.Qualification,
                LicenceNumber: values.LicenceNumber,
              },
              {
                onSuccess: () => {
                  notifySuccess(t('users.saved'));
                  navigate(paths.users.view(id));
                },
                onError: (error) => {
                  if (!applyServerErrors(error)) notifyError(t('users.editFailed'));
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

export const Component = UserEditRoute;
