import { type Locale, pickLocale } from '@genodesk/contract/locales';
import { Permissions } from '@genodesk/contract/permissions';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconAt, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useHasToken } from '@/lib/tokens';
import { useCurrentUserQuery } from '../api/get-current-user';
import { useLogin } from '../api/login';
import { AuthPage } from '../components/auth-page';
import { safeReturnPath, signOutArrived, signOutReason } from '../return-to';

type Values = { email: string; password: string };

/** The form's errors are message keys of the contract; their texts come with the validation. */
let translateMessage: ((keyOrText: string, locale: Locale) => string) | undefined;

export function LoginRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const current = useCurrentUserQuery();
  const hasToken = useHasToken();
  const locale = pickLocale(i18n.resolvedLanguage ?? i18n.language);
  const [params] = useSearchParams();
  // Where the user was when sent here, and why (signed out after idling, the session ended).
  const returnTo = safeReturnPath(params.get('from')) ?? paths.dashboard;
  const reason = signOutReason(params.get('reason'));
  useEffect(signOutArrived, []);
  // Two fields in React state rather than @mantine/form, which the first bundle would carry.
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, ReactNode>>>({});
  const field = (name: keyof Values) => {
    const error = errors[name];
    return {
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      },
      error: typeof error === 'string' && translateMessage ? translateMessage(error, locale) : error,
    };
  };

  // Before the second factor only the e-mail is known: the sign-in goes on through its screen. Only
  // while a token is stored: the user of a sign-in that has ended (here or in another tab) may still
  // be in memory a moment, and sending the tab back with it made it bounce between here and the guard.
  const user = hasToken ? current.data : undefined;
  const signedIn = user?.secondFactor === 'verify' || user?.permissions.includes(Permissions.AdminPanelView);
  if (signedIn && !login.isPending) return <Navigate to={returnTo} replace />;
  const noAccess = user && !signedIn;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const validation = await import('../components/login-validation');
    translateMessage = validation.translateMessage;
    const found = validation.validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: () => navigate(returnTo, { replace: true }) },
    );
  };

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
