import { changePasswordRequestSchema, passwordMinLength } from '@genodesk/contract/auth';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { notifyApiError } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

/** The contract's change-password body plus the confirmation the form checks on its own. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string({ error: 'required' }).min(1, 'required') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'passwordsNotMatching',
    path: ['confirmPassword'],
  });

type Values = { OldPassword: string; newPassword: string; confirmPassword: string };

export function ChangePasswordForm({
  onChanged,
  submitLabel,
}: {
  onChanged: () => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const { form, field, applyServerErrors } = useZodForm<Values>(changePasswordFormSchema, {
    initialValues: { OldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = form.onSubmit((values) => {
    mutation.mutate(
      { OldPassword: values.OldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          onChanged();
        },
        onError: (error) => {
          if (applyServerErrors(error)) return;
          if (isApiError(error) && error.status === 422) form.setFieldError('OldPassword', error.message);
          else notifyApiError(error, t('profile.passwordFailed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Stack gap="md">
        <PasswordInput
          label={t('profile.oldPassword')}
          autoComplete="current-password"
          withAsterisk
          data-testid="password-old"
          {...field('OldPassword')}
        />
        <PasswordInput
          label={t('profile.newPassword')}
          description={t('profile.newPasswordHint', { min: passwordMinLength })}
          autoComplete="new-password"
          withAsterisk
          data-testid="password-new"
          {...field('newPassword')}
        />
        <PasswordInput
          label={t('profile.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          data-testid="password-confirm"
          {...field('confirmPassword')}
        />
        <Button type="submit" loading={mutation.isPending} data-testid="password-submit" mt="xs">
          {submitLabel ?? t('profile.changePassword')}
        </Button>
      </Stack>
    </form>
  );
}
