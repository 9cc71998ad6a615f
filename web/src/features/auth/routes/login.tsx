import { Permissions } from '@genodesk/contract/permissions';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconAt, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useHasToken } from '@/lib/tokens';
import { useLocale } from '@/lib/use-locale';
import { useCurrentUserQuery } from '../api/get-current-user';
import { useLogin } from '../api/login';
import { AuthPage } from '../components/auth-page';
import { safeReturnPath, signOutArrived, signOutReason } from '../return-to';

type Values = { email: string; password: string };

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const current = useCurrentUserQuery();
  const hasToken = useHasToken();
  const { tm } = useLocale();
  const [params] = useSearchParams();
  // Where the user was when sent here, and why (signed out after idling, the session ended).
  const returnTo = safeReturnPath(params.get('from')) ?? paths.dashboard;
  const reason = signOutReason(params.get('reason'));
  useEffect(signOutArrived, []);
  const form = useForm<Values>({ mode: 'controlled', initialValues: { email: '', password: '' } });
  const field = (name: keyof Values) => {
    const props = form.getInputProps(name);
    return { ...props, error: typeof props.error === 'string' ? tm(props.error) : props.error };
  };

  // Before the second factor only the e-mail is known: the sign-in goes on through its screen. Only
  // while a token is stored: the user of a sign-in that has ended (here or in another tab) may still
  // be in memory a moment, and sending the tab back with it made it bounce between here and the guard.
  const user = hasToken ? current.data : undefined;
  const signedIn = user?.secondFactor === 'verify' || user?.permissions.includes(Permissions.AdminPanelView);
  if (signedIn && !login.isPending) return <Navigate to={returnTo} replace />;
  const noAccess = user && !signedIn;

  const submit = form.onSubmit(async (values) => {
    const { validateLogin } = await import('../components/login-validation');
    const errors = validateLogin(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: () => navigate(returnTo, { replace: true }) },
    );
  });

  const serverError = login.error
    ? isApiError(login.error)
      ? login.error.message
      : t('login.failed')
    : noAccess
      ? t('login.noAccess')
      : null;

  return (
    <AuthPage testId="login-page">
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={3}>{t('login.heading')}</Title>
            <Text c="dimmed" fz="sm">
              {t('login.subheading')}
            </Text>
          </Stack>
          {reason && !serverError && (
            <Alert
              color={reason === 'attempts' ? 'orange' : 'blue'}
              variant="light"
              icon={<IconInfoCircle size={18} />}
              data-testid="login-reason"
            >
              {t(`login.reason.${reason}`)}
            </Alert>
          )}
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error">
              {serverError}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            placeholder={t('login.emailPlaceholder')}
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} />}
            withAsterisk
            data-testid="login-email"
            {...field('email')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            withAsterisk
            data-testid="login-password"
            {...field('password')}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={login.isPending}
            data-testid="login-submit"
            mt="xs"
          >
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}

export const Component = LoginRoute;
