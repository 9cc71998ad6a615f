import { passkeyNameSchema, secondFactorCodeSchema } from '@genodesk/contract/security';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconFingerprint, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import {
  browserSupportsPasskeys,
  isPasskeyCeremonyError,
  useAddPasskey,
  useConfirmTotp,
  useStartTotpSetup,
} from '../api/two-factor';
import { deviceName } from './device';

/** A factor was enrolled: the recovery codes to show once, or null when the user still holds some. */
export type OnEnrolled = (recoveryCodes: string[] | null) => void;

type SetupProps = {
  onEnrolled: OnEnrolled;
  /**
   * Whether adding the factor asks for the password: always but at a sign-in's enrolment step, where
   * it was given just before (the server decides the same way, and asks after 10 minutes there too).
   */
  askPassword: boolean;
};

/** The password that confirms adding a factor; the server's check says when it is wrong. */
const currentPasswordSchema = z
  .string({ error: 'currentPasswordRequiredForFactor' })
  .min(1, 'currentPasswordRequiredForFactor')
  .max(200, 'invalidValue');

/** The password field of a factor's form, when it asks for one. */
function CurrentPasswordField({ testId, ...props }: { testId: string } & PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('twoFactor.card.password')}
      description={t('twoFactor.card.passwordHint')}
      autoComplete="current-password"
      withAsterisk
      data-testid={testId}
      {...props}
    />
  );
}

/**
 * Whether the form asks for the password: as told, and also once the server asked for it (an
 * enrolment step left open longer than its minutes asks again).
 */
function usePasswordAsked(askPassword: boolean) {
  const [asked, setAsked] = useState(askPassword);
  const noteRefusal = (error: unknown) => {
    if (isApiError(error) && error.fields?.CurrentPassword) setAsked(true);
  };
  return [asked, noteRefusal] as const;
}

/** The message of a failed factor call: the API's own (in the reader's language) or the browser's. */
export function useFactorErrorMessage() {
  const { t } = useTranslation();
  return (error: unknown, fallback: string): string => {
    if (isPasskeyCeremonyError(error)) return t(`twoFactor.passkey.${error.problem}`);
    if (isApiError(error)) return error.message;
    return fallback;
  };
}

function ErrorAlert({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}

/** The secret in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Sets up an authenticator app: a new secret as a QR code and as text, then the app's first code
 * turns it on.
 */
export function TotpSetupForm({ onEnrolled, askPassword }: SetupProps) {
  const { t } = useTranslation();
  const start = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const errorMessage = useFactorErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const [passwordAsked, notePasswordRefusal] = usePasswordAsked(askPassword);
  const { form, field, applyServerErrors } = useZodForm<{ code: string; CurrentPassword: string }>(
    z.object({
      code: secondFactorCodeSchema,
      ...(passwordAsked ? { CurrentPassword: currentPasswordSchema } : {}),
    }),
    { initialValues: { code: '', CurrentPassword: '' } },
  );
  const setup = start.data;

  const begin = () => {
    setProblem(null);
    form.reset();
    start.mutate(undefined, {
      onError: (error) => setProblem(errorMessage(error, t('twoFactor.totp.failed'))),
    });
  };

  const submit = form.onSubmit((values) => {
    setProblem(null);
    const code = values.code.replace(/\s/g, '');
    confirm.mutate(passwordAsked ? { code, CurrentPassword: values.CurrentPassword } : { code }, {
      onSuccess: (reply) => onEnrolled(reply.recoveryCodes),
      onError: (error) => {
        notePasswordRefusal(error);
        if (!applyServerErrors(error)) setProblem(errorMessage(error, t('twoFactor.totp.failed')));
      },
    });
  });

  if (!setup) {
    return (
      <Stack gap="md" data-testid="totp-setup">
        <Text fz="sm">{t('twoFactor.totp.intro')}</Text>
        <ErrorAlert message={problem} testId="totp-error" />
        <Button
          leftSection={<IconQrcode size={18} />}
          onClick={begin}
          loading={start.isPending}
          data-testid="totp-start"
        >
          {t('twoFactor.totp.start')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="totp-setup">
      <Stack gap="md">
        <Text fz="sm" fw={600}>
          {t('twoFactor.totp.scan')}
        </Text>
        <Box
          p="xs"
          bg="white"
          style={{ alignSelf: 'center', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
        >
          <Image src={setup.qrCode} alt={t('twoFactor.totp.qrAlt')} w={180} h={180} data-testid="totp-qr" />
        </Box>
        <Stack gap={4}>
          <Text fz="sm">{t('twoFactor.totp.manual')}</Text>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Code
              fz="sm"
              fw={600}
              style={{ wordBreak: 'break-word' }}
              data-testid="totp-secret"
              data-secret={setup.secret}
            >
              {grouped(setup.secret)}
            </Code>
            <CopyButton value={setup.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('common.copied') : t('twoFactor.totp.copySecret')} withArrow>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t('twoFactor.totp.copySecret')}
                    data-testid="totp-secret-copy"
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <Text fz="sm" fw={600}>
          {t('twoFactor.totp.enterCode')}
        </Text>
        <ErrorAlert message={problem} testId="totp-error" />
        <TextInput
          label={t('twoFactor.totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          withAsterisk
          data-testid="totp-code"
          {...field('code')}
        />
        {passwordAsked && <CurrentPasswordField testId="totp-password" {...field('CurrentPassword')} />}
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            onClick={begin}
            loading={start.isPending}
            data-testid="totp-restart"
          >
            {t('twoFactor.totp.newQr')}
          </Button>
          <Button type="submit" loading={confirm.isPending} data-testid="totp-confirm">
            {t('twoFactor.totp.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The name a new passkey gets unless the user gives one: this browser and system. */
export function defaultPasskeyName(): string {
  return (typeof navigator === 'undefined' ? null : deviceName(navigator.userAgent))?.slice(0, 60) ?? '';
}

/** Adds a passkey (this device's fingerprint, face or PIN, or a security key) under a name. */
export function PasskeySetupForm({ onEnrolled, askPassword }: SetupProps) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const errorMessage = useFactorErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const [passwordAsked, notePasswordRefusal] = usePasswordAsked(askPassword);
  const { form, field, applyServerErrors } = useZodForm<{ name: string; CurrentPassword: string }>(
    z.object({
      name: passkeyNameSchema,
      ...(passwordAsked ? { CurrentPassword: currentPasswordSchema } : {}),
    }),
    { initialValues: { name: defaultPasskeyName(), CurrentPassword: '' } },
  );

  if (!browserSupportsPasskeys()) {
    return (
      <Alert color="gray" variant="light" data-testid="passkey-unsupported">
        {t('twoFactor.passkey.unsupported')}
      </Alert>
    );
  }

  const submit = form.onSubmit((values) => {
    setProblem(null);
    const name = values.name.trim();
    add.mutate(passwordAsked ? { name, CurrentPassword: values.CurrentPassword } : { name }, {
      onSuccess: (reply) => onEnrolled(reply.recoveryCodes),
      onError: (error) => {
        notePasswordRefusal(error);
        if (!applyServerErrors(error)) setProblem(errorMessage(error, t('twoFactor.passkeys.failed')));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="passkey-setup">
      <Stack gap="md">
        <Text fz="sm">{t('twoFactor.passkeys.intro')}</Text>
        <ErrorAlert message={problem} testId="passkey-error" />
        <TextInput
          label={t('twoFactor.passkeys.name')}
          description={t('twoFactor.passkeys.nameHint')}
          maxLength={60}
          withAsterisk
          data-testid="passkey-name"
          {...field('name')}
        />
        {passwordAsked && <CurrentPasswordField testId="passkey-password" {...field('CurrentPassword')} />}
        <Button
          type="submit"
          leftSection={<IconFingerprint size={18} />}
          loading={add.isPending}
          data-testid="passkey-add"
        >
          {t('twoFactor.passkeys.add')}
        </Button>
      </Stack>
    </form>
  );
}
