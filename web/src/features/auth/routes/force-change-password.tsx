import '@mantine/notifications/styles.css';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useLogout } from '../api/logout';
import { AuthPage } from '../components/auth-page';
import { ChangePasswordForm } from '../components/change-password-form';

/** A user holding a temporary password chooses a new one before anything else. */
export function ForceChangePasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
            navigate(paths.dashboard, { replace: true });
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
