import { Alert, Anchor, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDeviceMobile, IconFingerprint, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentUser } from '../api/get-current-user';
import { useLogout } from '../api/logout';
import { useTwoFactorStatus } from '../api/two-factor';
import { AuthPage } from '../components/auth-page';
import { RecoveryCodes } from '../components/recovery-codes';
import { PasskeySetupForm, TotpSetupForm } from '../components/two-factor-setup';
import { safeReturnPath } from '../return-to';

/**
 * Setting up a second factor: where the guard sends a user whose role requires one and who has
 * none (after the password), and open to anyone without one. The authenticator app or a passkey;
 * then the ten recovery codes, shown once, before going on to where the sign-in was going.
 */
export function EnrolTwoFactorRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('from')) ?? paths.dashboard;
  const user = useCurrentUser();
  const status = useTwoFactorStatus();
  const logout = useLogout();
  const [enrolled, setEnrolled] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [method, setMethod] = useState<string | null>('app');

  const required = status.data?.required ?? user?.secondFactor === 'enrol';
  // The enrolment step of a sign-in follows the password: only a visit from elsewhere asks for it.
  const askPassword = user?.secondFactor !== 'enrol';
  const hasFactor = Boolean(status.data && (status.data.totp || status.data.passkeys.length > 0));
  // Already enrolled (before this screen did it): nothing to do here.
  if (!enrolled && hasFactor) return <Navigate to={returnTo} replace />;

  const onEnrolled = (recoveryCodes: string[] | null) => {
    setEnrolled(true);
    if (recoveryCodes) setCodes(recoveryCodes);
    else navigate(returnTo, { replace: true });
  };

  const footer = (
    <Group justify="center" gap="lg">
      {!required && !codes && (
        <Anchor
          component="button"
          type="button"
          fz="sm"
          onClick={() => navigate(returnTo, { replace: true })}
          data-testid="enrol-later"
        >
          {t('twoFactor.enrol.later')}
        </Anchor>
      )}
      <Anchor
        component="button"
        type="button"
        fz="sm"
        c="dimmed"
        data-testid="enrol-logout"
        onClick={() => logout.mutate({ to: paths.login })}
      >
        {t('userMenu.logout')}
      </Anchor>
    </Group>
  );

  if (codes) {
    return (
      <AuthPage testId="enrol-page" width={480}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3}>{t('twoFactor.recovery.heading')}</Title>
            <Text c="dimmed" fz="sm">
              {t('twoFactor.enrol.done')}
            </Text>
          </Stack>
          <RecoveryCodes
            codes={codes}
            email={user?.email ?? ''}
            onDone={() => navigate(returnTo, { replace: true })}
          />
        </Stack>
      </AuthPage>
    );
  }

  return (
    <AuthPage testId="enrol-page" width={480}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3}>{t('twoFactor.enrol.heading')}</Title>
          {user && (
            <Text c="dimmed" fz="sm">
              {t('twoFactor.verify.signingInAs', { email: user.email })}
            </Text>
          )}
        </Stack>
        <Alert
          color={required ? 'teal' : 'blue'}
          variant="light"
          icon={<IconShieldLock size={18} />}
          data-testid="enrol-reason"
        >
          {required
            ? t('twoFactor.enrol.required', { role: user?.role.name ?? '' })
            : t('twoFactor.enrol.optional')}
        </Alert>
        {status.isPending ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('twoFactor.loading')} />
          </Center>
        ) : (
          <>
            <Text fz="sm">{t('twoFactor.enrol.choose')}</Text>
            <Tabs value={method} onChange={setMethod} keepMounted={false}>
              <Tabs.List grow mb="md">
                <Tabs.Tab
                  value="app"
                  leftSection={<IconDeviceMobile size={16} />}
                  data-testid="enrol-tab-app"
                >
                  {t('twoFactor.methods.app')}
                </Tabs.Tab>
                <Tabs.Tab
                  value="passkey"
                  leftSection={<IconFingerprint size={16} />}
                  data-testid="enrol-tab-passkey"
                >
                  {t('twoFactor.methods.passkey')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="app">
                <TotpSetupForm onEnrolled={onEnrolled} askPassword={askPassword} />
              </Tabs.Panel>
              <Tabs.Panel value="passkey">
                <PasskeySetupForm onEnrolled={onEnrolled} askPassword={askPassword} />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
        {footer}
      </Stack>
    </AuthPage>
  );
}

export const Component = EnrolTwoFactorRoute;
