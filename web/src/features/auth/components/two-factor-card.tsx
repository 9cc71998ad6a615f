import type { PasskeySummary } from '@genodesk/contract/security';
import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconDeviceMobile,
  IconFingerprint,
  IconKey,
  IconPlus,
  IconRefresh,
  IconShieldLock,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCurrentUser } from '../api/get-current-user';
import {
  useRemovePasskey,
  useRemoveTotp,
  useRenewRecoveryCodes,
  useTwoFactorStatus,
} from '../api/two-factor';
import { DialogTitle } from './dialog-title';
import { PasswordConfirmModal } from './password-confirm-modal';
import { RecoveryCodes } from './recovery-codes';
import { PasskeySetupForm, TotpSetupForm } from './two-factor-setup';

type Dialog =
  | { kind: 'totp' }
  | { kind: 'passkey' }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'removeTotp' }
  | { kind: 'removePasskey'; passkey: PasskeySummary }
  | { kind: 'renewCodes' };

/** Few enough recovery codes left to suggest new ones. */
const lowRecoveryCodes = 3;

function Part({
  icon,
  title,
  state,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  state?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={5}>{title}</Title>
          {state}
        </Group>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The profile's two-factor sign-in: whether the role requires it, the authenticator app (set up,
 * remove), passkeys (add, remove), and the recovery codes left (ten new ones). Every change asks for
 * the password; new codes are shown once.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const user = useCurrentUser();
  const status = useTwoFactorStatus();
  const removeTotp = useRemoveTotp();
  const removePasskey = useRemovePasskey();
  const renewCodes = useRenewRecoveryCodes();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const s = status.data;
  const factors = s ? (s.totp ? 1 : 0) + s.passkeys.length : 0;
  // The role requires a factor: the last one stays (the server refuses it too).
  const lastRequired = Boolean(s?.required) && factors <= 1;

  const onEnrolled = (message: string) => (codes: string[] | null) => {
    notifySuccess(message);
    if (codes) setDialog({ kind: 'codes', codes });
    else close();
  };

  const removeButton = (label: string, onClick: () => void, testId: string) => (
    <Button
      size="xs"
      variant="default"
      color="red"
      leftSection={<IconTrash size={14} />}
      onClick={onClick}
      disabled={lastRequired}
      data-testid={testId}
    >
      {label}
    </Button>
  );

  return (
    <Card withBorder radius="md" p="xl" data-testid="two-factor-card">
      <Group gap="sm" mb={4}>
        <IconShieldLock size={22} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={4}>{t('twoFactor.card.title')}</Title>
        {s && (
          <Badge variant="light" color={factors > 0 ? 'teal' : 'gray'} data-testid="two-factor-state">
            {factors > 0 ? t('twoFactor.card.on') : t('twoFactor.card.off')}
          </Badge>
        )}
        {s?.required && (
          <Badge variant="light" color="orange" data-testid="two-factor-required">
            {t('twoFactor.card.required')}
          </Badge>
        )}
      </Group>
      <Text c="dimmed" fz="sm" mb="lg">
        {s?.required ? t('twoFactor.card.descriptionRequired') : t('twoFactor.card.description')}
      </Text>
      {status.isError ? (
        <Text c="red.8" fz="sm">
          {t('twoFactor.card.loadFailed')}
        </Text>
      ) : !s ? (
        <Text c="dimmed" fz="sm">
          {t('twoFactor.loading')}
        </Text>
      ) : (
        <Stack gap="lg">
          {lastRequired && factors === 1 && (
            <Text fz="sm" c="dimmed" data-testid="two-factor-last">
              {t('twoFactor.card.lastRequired')}
            </Text>
          )}
          <Part
            icon={<IconDeviceMobile size={18} aria-hidden />}
            title={t('twoFactor.methods.app')}
            state={
              <Badge variant="dot" color={s.totp ? 'teal' : 'gray'} data-testid="two-factor-app-state">
                {s.totp ? t('twoFactor.card.appOn') : t('twoFactor.card.appOff')}
              </Badge>
            }
            action={
              s.totp ? (
                removeButton(
                  t('twoFactor.card.removeApp'),
                  () => setDialog({ kind: 'removeTotp' }),
                  'two-factor-app-remove',
                )
              ) : (
                <Button
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setDialog({ kind: 'totp' })}
                  data-testid="two-factor-app-setup"
                >
                  {t('twoFactor.card.setUpApp')}
                </Button>
              )
            }
          />
          <Divider />
          <Part
            icon={<IconFingerprint size={18} aria-hidden />}
            title={t('twoFactor.card.passkeys')}
            action={
              <Button
                size="xs"
                variant={s.passkeys.length ? 'default' : 'filled'}
                leftSection={<IconPlus size={14} />}
                onClick={() => setDialog({ kind: 'passkey' })}
                data-testid="two-factor-passkey-add"
              >
                {t('twoFactor.passkeys.add')}
              </Button>
            }
          >
            {s.passkeys.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('twoFactor.card.noPasskeys')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs" aria-label={t('twoFactor.card.passkeys')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('twoFactor.passkeys.name')}</Table.Th>
                      <Table.Th>{t('twoFactor.card.added')}</Table.Th>
                      <Table.Th>{t('twoFactor.card.lastUsed')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('twoFactor.card.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.passkeys.map((passkey) => (
                      <Table.Tr key={passkey.id} data-testid="two-factor-passkey-row">
                        <Table.Td>
                          <Text fz="sm" fw={600}>
                            {passkey.name}
                          </Text>
                        </Table.Td>
                        <Table.Td>{formatDateTime(passkey.createdAt, locale)}</Table.Td>
                        <Table.Td>
                          {passkey.lastUsedAt
                            ? formatDateTime(passkey.lastUsedAt, locale)
                            : t('twoFactor.card.never')}
                        </Table.Td>
                        <Table.Td ta="right">
                          {removeButton(
                            t('twoFactor.card.remove'),
                            () => setDialog({ kind: 'removePasskey', passkey }),
                            'two-factor-passkey-remove',
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Part>
          {factors > 0 && (
            <>
              <Divider />
              <Part
                icon={<IconKey size={18} aria-hidden />}
                title={t('twoFactor.recovery.title')}
                state={
                  <Badge
                    variant="light"
                    color={s.recoveryCodesLeft <= lowRecoveryCodes ? 'orange' : 'gray'}
                    tt="none"
                    data-testid="two-factor-codes-left"
                  >
                    {t('twoFactor.card.codesLeft', { count: s.recoveryCodesLeft })}
                  </Badge>
                }
                action={
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => setDialog({ kind: 'renewCodes' })}
                    data-testid="two-factor-codes-renew"
                  >
                    {t('twoFactor.card.newCodes')}
                  </Button>
                }
              >
                <Text fz="sm" c="dimmed">
                  {s.recoveryCodesLeft <= lowRecoveryCodes
                    ? t('twoFactor.card.codesLow')
                    : t('twoFactor.card.codesHint')}
                </Text>
              </Part>
            </>
          )}
        </Stack>
      )}

      <Modal
        opened={dialog?.kind === 'totp'}
        onClose={close}
        title={<DialogTitle>{t('twoFactor.card.setUpApp')}</DialogTitle>}
        centered
        data-testid="two-factor-app-modal"
      >
        <TotpSetupForm onEnrolled={onEnrolled(t('twoFactor.card.appAdded'))} askPassword />
      </Modal>
      <Modal
        opened={dialog?.kind === 'passkey'}
        onClose={close}
        title={<DialogTitle>{t('twoFactor.passkeys.add')}</DialogTitle>}
        centered
        data-testid="two-factor-passkey-modal"
      >
        <PasskeySetupForm onEnrolled={onEnrolled(t('twoFactor.passkeys.added'))} askPassword />
      </Modal>
      <Modal
        opened={dialog?.kind === 'codes'}
        onClose={close}
        title={<DialogTitle>{t('twoFactor.recovery.heading')}</DialogTitle>}
        centered
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        data-testid="two-factor-codes-modal"
      >
        {dialog?.kind === 'codes' && (
          <RecoveryCodes
            codes={dialog.codes}
            email={user?.email ?? ''}
            onDone={close}
            doneLabel={t('twoFactor.recovery.done')}
          />
        )}
      </Modal>
      <PasswordConfirmModal
        opened={dialog?.kind === 'removeTotp'}
        title={t('twoFactor.card.removeApp')}
        message={t('twoFactor.card.removeAppConfirm')}
        confirmLabel={t('twoFactor.card.remove')}
        danger
        run={async (password) => {
          await removeTotp.mutateAsync(password);
          notifySuccess(t('twoFactor.card.appRemoved'));
          close();
        }}
        onClose={close}
        testId="two-factor-app-remove"
      />
      <PasswordConfirmModal
        opened={dialog?.kind === 'removePasskey'}
        title={t('twoFactor.card.removePasskey')}
        message={t('twoFactor.card.removePasskeyConfirm', {
          name: dialog?.kind === 'removePasskey' ? dialog.passkey.name : '',
        })}
        confirmLabel={t('twoFactor.card.remove')}
        danger
        run={async (password) => {
          if (dialog?.kind !== 'removePasskey') return;
          await removePasskey.mutateAsync({ id: dialog.passkey.id, password });
          notifySuccess(t('twoFactor.card.passkeyRemoved'));
          close();
        }}
        onClose={close}
        testId="two-factor-passkey-remove"
      />
      <PasswordConfirmModal
        opened={dialog?.kind === 'renewCodes'}
        title={t('twoFactor.card.newCodes')}
        message={t('twoFactor.card.newCodesConfirm')}
        confirmLabel={t('twoFactor.card.newCodes')}
        run={async (password) => {
          const reply = await renewCodes.mutateAsync(password);
          if (reply.recoveryCodes) setDialog({ kind: 'codes', codes: reply.recoveryCodes });
          else close();
        }}
        onClose={close}
        testId="two-factor-codes-renew"
      />
    </Card>
  );
}
