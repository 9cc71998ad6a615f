import { passwordConfirmRequestSchema } from '@genodesk/contract/security';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { DialogTitle } from './dialog-title';

interface PasswordConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** The change itself, given the password; a refusal stays in the dialog (a wrong password on its field). */
  run: (password: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

/** A change to how the user signs in asks for the password again (removing a factor, new codes). */
export function PasswordConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  danger,
  run,
  onClose,
  testId,
}: PasswordConfirmModalProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { form, field, applyServerErrors } = useZodForm<{ password: string }>(passwordConfirmRequestSchema, {
    initialValues: { password: '' },
    validateInputOnBlur: false,
  });

  const close = () => {
    if (pending) return;
    form.reset();
    setProblem(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    setPending(true);
    try {
      await run(values.password);
      form.reset();
    } catch (error) {
      if (!applyServerErrors(error))
        setProblem(isApiError(error) ? error.message : t('twoFactor.card.failed'));
    } finally {
      setPending(false);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<DialogTitle>{title}</DialogTitle>}
      centered
      data-testid={`${testId}-modal`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">{message}</Text>
          {problem && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {problem}
            </Alert>
          )}
          <PasswordInput
            label={t('twoFactor.card.password')}
            description={t('twoFactor.card.passwordHint')}
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            data-testid={`${testId}-password`}
            {...field('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending} data-testid={`${testId}-cancel`}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={danger ? 'red' : undefined}
              loading={pending}
              data-testid={`${testId}-confirm`}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
