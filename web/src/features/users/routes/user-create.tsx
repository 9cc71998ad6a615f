import type { TemporaryPasswordResponse } from '@genodesk/contract/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateUser } from '../api/create-user';
import { TemporaryPasswordModal } from '../components/temporary-password-modal';
import { UserForm } from '../components/user-form';

export function UserCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const [created, setCreated] = useState<TemporaryPasswordResponse | null>(null);

  return (
    <>
      <PageHeader
        title={t('users.createTitle')}
        description={t('users.createDescription')}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('users.title'), to: paths.users.list },
          { label: t('users.createTitle') },
        ]}
      />
      <UserForm
        mode="create"
        submitting={create.isPending}
        onCancel={() => navigate(paths.users.list)}
        onSubmit={(values, applyServerErrors) =>
          create.mutate(values, {
            onSuccess: (reply) => {
              notifySuccess(t('users.created'));
              setCreated(reply);
            },
            onError: (error) => {
              if (!applyServerErrors(error)) notifyError(t('users.createFailed'));
            },
          })
        }
      />
      <TemporaryPasswordModal
        password={created?.temporaryPassword ?? null}
        email={created?.user.email ?? ''}
        onClose={() => {
          if (created) navigate(paths.users.view(created.user.id), { replace: true });
        }}
      />
    </>
  );
}

export const Component = UserCreateRoute;
