import { secondFactorVerifyRequestSchema } from '@genodesk/contract/security';
import { Alert, Anchor, Button, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconFingerprint, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { useSignInUser } from '../api/get-current-user';
import { useLogout } from '../api/logout';
import { browserSupportsPasskeys, usePasskeySignIn, useVerifySecondFactor } from '../api/two-factor';
import { AuthPage } from '../components/auth-page';
import { useFactorErrorMessage } from '../components/two-factor-setup';
import { loginPath, safeReturnPath } from '../return-to';

/**
 * Too many wrong codes: the account's lock-out (TOO_MANY_ATTEMPTS) has ended the waiting sign-in on
 * the server. A mere rate limit (RATE_LIMITED) does not, and the screen stays.
 */
const lockedOut = (error: unknown) => isApiError(error) && error.code === 'TOO_MANY_ATTEMPTS';

/**
 * The second step of a sign-in: a code of the authenticator app or a recovery code, or a passkey
 * when the user has one. Until then the API says only who is signing in and which factors they hold
 * (`GET auth/user`), which is all this screen shows. Then on to where the sign-in was going (through
 * a new password or enrolment when owed); cancelling signs out.
 */
export function SecondFactorRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('from')) ?? paths.dashboard;
  const user = useSignInUser();
  const waiting = user?.secondFactor === 'verify';
  const verify = useVerifySecondFactor();
  const passkey = usePasskeySignIn();
  const logout = useLogout();
  const errorMessage = useFactorErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const { form, field, applyServerErrors } = useZodForm<{ code: string }>(secondFactorVerifyRequestSchema, {
    initialValues: { code: '' },
    validateInputOnBlur: false,
  });

  useEffect(() => {
    codeField.current?.focus();
  }, []);

  // Nothing (left) to verify: on to where the sign-in was going; the guard sends on through its steps.
  if (user && !waiting && !verify.isPending && !passkey.isPending && !logout.isPending) {
    return <Navigate to={returnTo} replace />;
  }

  const failed = (error: unknown) => {
    if (lockedOut(error)) {
      logout.mutate({ to: loginPath(returnTo, 'attempts') });
      return;
    }
    if (!applyServerErrors(error)) setProblem(errorMessage(error, t('twoFactor.verify.failed')));
    if (isApiError(error) && error.fields.code) codeField.current?.focus();
  };

  const submit = form.onSubmit(
    (values) => {
      setProblem(null);
      verify.mutate(values.code.replace(/\s/g, ''), { onError: failed });
    },
    () => codeField.current?.focus(),
  );

  const signInWithPasskey = () => {
    setProblem(null);
    passkey.mutate(undefined, { onError: failed });
  };

  const hasPasskeys = user?.secondFactor === 'verify' && user.factors.passkeys && browserSupportsPasskeys();
  const busy = verify.isPending || passkey.isPending;

  return (
    <AuthPage testId="second-factor-page">
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <IconShieldLock size={24} color="var(--mantine-color-teal-7)" aria-hidden />
            <Title order={3}>{t('twoFactor.verify.heading')}</Title>
          </Group>
          <Text c="dimmed" fz="sm">
            {hasPasskeys ? t('twoFactor.verify.subheadingPasskey') : t('twoFactor.verify.subheading')}
          </Text>
          {user && (
            <Text fz="sm" data-testid="second-factor-user">
              {t('twoFactor.verify.signingInAs', { email: user.email })}
            </Text>
          )}
        </Stack>
        {problem && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            data-testid="second-factor-error"
          >
            {problem}
          </Alert>
        )}
        {hasPasskeys && (
          <>
            <Button
              size="md"
              fullWidth
              leftSection={<IconFingerprint size={20} />}
              onClick={signInWithPasskey}
              loading={passkey.isPending}
              disabled={verify.isPending}
              data-testid="second-factor-passkey"
            >
              {t('twoFactor.verify.passkey')}
            </Button>
            <Divider label={t('twoFactor.verify.orCode')} labelPosition="center" />
          </>
        )}
        <form onSubmit={submit} noValidate data-testid="second-factor-form">
          <Stack gap="md">
            <TextInput
              ref={codeField}
              label={t('twoFactor.verify.code')}
              description={t('twoFactor.verify.codeHint')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              withAsterisk
              data-testid="second-factor-code"
              {...field('code')}
            />
            <Button
              type="submit"
              size="md"
              fullWidth
              variant={hasPasskeys ? 'light' : 'filled'}
              loading={verify.isPending}
              disabled={passkey.isPending}
              data-testid="second-factor-submit"
            >
              {t('twoFactor.verify.submit')}
            </Button>
          </Stack>
        </form>
        <Group justify="center">
          <Anchor
            component="button"
            type="button"
            fz="sm"
            c="dimmed"
            disabled={busy}
            data-testid="second-factor-cancel"
            onClick={() => logout.mutate({ to: loginPath(returnTo) })}
          >
            {t('twoFactor.verify.cancel')}
          </Anchor>
        </Group>
      </Stack>
    </AuthPage>
  );
}

export const Component = SecondFactorRoute;
