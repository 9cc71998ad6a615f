import type { User } from '@genodesk/contract/users';
import { Button } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { confirmAction } from '@/lib/confirm';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useResetSecondFactors } from '../api/reset-second-factors';

/**
 * The user view's "reset second factors" (a lost phone or key): after a confirmation, removes the
 * user's app, passkeys and recovery codes and ends their sign-ins. Not on one's own page: one's own
 * factors are managed in the profile.
 */
export function ResetFactorsButton({ user }: { user: Pick<User, 'id' | 'email'> }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const reset = useResetSecondFactors();
  if (!me || me.id === user.id) return null;

  const onReset = async () => {
    const ok = await confirmAction({
      title: t('users.resetFactors'),
      message: t('users.resetFactorsConfirm', { email: user.email }),
      confirmLabel: t('users.resetFactors'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'reset-factors',
    });
    if (!ok) return;
    reset.mutate(user.id, {
      onSuccess: () => notifySuccess(t('users.factorsReset')),
      onError: (error) => notifyApiError(error, t('users.resetFactorsFailed')),
    });
  };

  return (
    <Button
      variant="default"
      leftSection={<IconShieldOff size={16} />}
      onClick={() => void onReset()}
      loading={reset.isPending}
      data-testid="user-reset-factors"
    >
      {t('users.resetFactors')}
    </Button>
  );
}
