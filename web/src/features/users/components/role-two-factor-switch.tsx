import type { Locale } from '@genodesk/contract/locales';
import type { Role } from '@genodesk/contract/users';
import { Card, Group, Switch, Text, ThemeIcon } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSetRoleTwoFactor } from '../api/set-role-two-factor';

/**
 * The role editor's "require two-factor sign-in": saved at once. Not on the editor's own role (the
 * server refuses it too): nobody changes how they themselves must sign in.
 */
export function RoleTwoFactorSwitch({ role, locale, own }: { role: Role; locale: Locale; own: boolean }) {
  const { t } = useTranslation();
  const setRequired = useSetRoleTwoFactor(role.id, locale);
  const checked = setRequired.isPending ? Boolean(setRequired.variables) : role.requiresTwoFactor;

  const onChange = (required: boolean) =>
    setRequired.mutate(required, {
      onSuccess: () =>
        notifySuccess(t(required ? 'roles.twoFactorOn' : 'roles.twoFactorOff', { role: role.name })),
      onError: (error) =>
        notifyError(
          isApiError(error) ? error.message : t('roles.twoFactorFailed'),
          t('roles.twoFactorFailed'),
        ),
    });

  return (
    <Card withBorder radius="md" p="md" mb="md" data-testid="role-two-factor">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="md" size={36} aria-hidden>
          <IconShieldLock size={20} />
        </ThemeIcon>
        <Switch
          size="md"
          checked={checked}
          disabled={own || setRequired.isPending}
          onChange={(event) => onChange(event.currentTarget.checked)}
          label={
            <Text fw={600} fz="sm" component="span">
              {t('roles.twoFactor')}
            </Text>
          }
          description={own ? t('roles.twoFactorOwn') : t('roles.twoFactorHint')}
          data-testid="role-two-factor-switch"
        />
      </Group>
    </Card>
  );
}
