import '@mantine/notifications/styles.css';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useLogout } from '../api/logout';
import { AuthPage } from '../components/auth-page';
import { ChangePasswordForm } from '../components/change-password-form';
import { safeReturnPath } from '../return-to';

/**
 * A user holding a temporary password chooses a new one before anything else (but the second
 * factor), then goes on to where the sign-in was going (through enrolment when the role requires it).
 */
export function ForceChangePasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('from')) ?? paths.dashboard;
  const logout = useLogout();
  return (
    <AuthPage testId="force-password-page">
      <Notifications position="bottom-right" />
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3}>{t('forcePassword.heading')}</Title>
          <Text c="dimmed" fz="sm">
            {t('forcePassword.subheading')}
          </Text>
        </Stack>
        <Alert color="teal" variant="light" icon={<IconKey size={18} />}>
          {t('forcePassword.hint')}
        </Alert>
        <ChangePasswordForm
          submitLabel={t('forcePassword.submit')}
          onChanged={() => {
            notifySuccess(t('profile.passwordChanged'));
            navigate(returnTo, { replace: true });
          }}
        />
        <Group justify="center">
          <Anchor
            component="button"
            type="button"
            fz="sm"
            c="dimmed"
            data-testid="force-password-logout"
            onClick={() => logout.mutate({ to: paths.login })}
          >
            {t('userMenu.logout')}
          </Anchor>
        </Group>
      </Stack>
    </AuthPage>
  );
}

export const Component = ForceChangePasswordRoute;
