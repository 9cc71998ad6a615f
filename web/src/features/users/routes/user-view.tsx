import { staffColors } from '@genodesk/contract/common';
import { Permissions } from '@genodesk/contract/permissions';
import { qualificationLabels, type TemporaryPasswordResponse } from '@genodesk/contract/users';
import { Badge, Button, Card, ColorSwatch, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconLogout, IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { LongName } from '@/components/long-name';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { confirmAction } from '@/lib/confirm';
import { formatDateTime, formatPhone } from '@/lib/format';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useUser } from '../api/get-user';
import { useResetUserPassword } from '../api/reset-user-password';
import { useSetUserActive, useSignOutEverywhere } from '../api/set-user-active';
import { RecentSecurityEvents } from '../components/recent-security-events';
import { ResetFactorsButton } from '../components/reset-factors-button';
import { TemporaryPasswordModal } from '../components/temporary-password-modal';
import { UserAvatar } from '../components/user-avatar';

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
        {label}
      </Text>
      <Text fz="sm" component="div" className="gd-detail-value" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

export function UserViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const user = useUser(id, locale);
  const canEdit = useCan(Permissions.UsersEdit);
  const reset = useResetUserPassword();
  const setActive = useSetUserActive();
  const signOut = useSignOutEverywhere();
  const [temporary, setTemporary] = useState<TemporaryPasswordResponse | null>(null);

  if (!Number.isInteger(id) || id <= 0 || user.isError) {
    return (
      <RedirectWithToast
        to={paths.users.list}
        message={t('users.loadFailed')}
        missing={isMissingRecord(id, user.error)}
      />
    );
  }
  if (!user.data) return <SectionLoader />;
  const u = user.data;

  const onReset = async () => {
    const ok = await confirmAction({
      title: t('users.resetPassword'),
      message: t('users.resetConfirm', { email: u.email }),
      confirmLabel: t('users.resetPassword'),
      cancelLabel: t('common.cancel'),
      testId: 'reset-password',
    });
    if (!ok) return;
    reset.mutate(u.id, {
      onSuccess: (reply) => setTemporary(reply),
      onError: () => notifyError(t('users.resetFailed')),
    });
  };

  const onSignOut = async () => {
    const ok = await confirmAction({
      title: t('users.signOutEverywhere'),
      message: t('users.signOutConfirm', { email: u.email }),
      confirmLabel: t('users.signOutEverywhere'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'sign-out-everywhere',
    });
    if (!ok) return;
    signOut.mutate(u.id, {
      onSuccess: (reply) => notifySuccess(t('users.signedOut', { count: reply.ended })),
      onError: (error) => notifyApiError(error, t('users.signOutFailed')),
    });
  };

  const onToggleActive = async () => {
    const activate = !u.isUserLoginActive;
    const ok = await confirmAction({
      title: activate ? t('users.activate') : t('users.deactivate'),
      message: activate
        ? t('users.activateConfirm', { email: u.email })
        : t('users.deactivateConfirm', { email: u.email }),
      confirmLabel: activate ? t('users.activate') : t('users.deactivate'),
      cancelLabel: t('common.cancel'),
      danger: !activate,
      testId: 'toggle-active',
    });
    if (!ok) return;
    setActive.mutate(
      { UserId: u.id, IsUserLoginActive: activate },
      {
        onSuccess: () => notifySuccess(activate ? t('users.activated') : t('users.deactivated')),
        onError: (error) => notifyApiError(error, t('users.editFailed')),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('users.viewTitle')}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('users.title'), to: paths.users.list },
          { label: u.userName || u.email },
        ]}
        actions={
          canEdit && (
            <>
              <Button
                variant="default"
                leftSection={<IconKey size={16} />}
                onClick={onReset}
                loading={reset.isPending}
                data-testid="user-reset-password"
              >
                {t('users.resetPassword')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconLogout size={16} />}
                onClick={onSignOut}
                loading={signOut.isPending}
                data-testid="user-sign-out-everywhere"
              >
                {t('users.signOutEverywhere')}
              </Button>
              <ResetFactorsButton user={u} />
              <Button
                variant="default"
                color={u.isUserLoginActive ? 'red' : 'teal'}
                leftSection={
                  u.isUserLoginActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                }
                onClick={onToggleActive}
                loading={setActive.isPending}
                data-testid="user-toggle-active"
              >
                {u.isUserLoginActive ? t('users.deactivate') : t('users.activate')}
              </Button>
              <Button
                component={Link}
                to={paths.users.edit(u.id)}
                leftSection={<IconPencil size={16} />}
                data-testid="user-edit"
              >
                {t('common.edit')}
              </Button>
            </>
          )
        }
      />
      <Card withBorder radius="md" p="xl" data-testid="user-detail">
        <Group gap="lg" mb="xl" wrap="nowrap">
          <UserAvatar name={u.userName || u.email} color={u.color} size={64} />
          <Stack gap={4} miw={0}>
            <Title order={3}>
              <LongName lines={2} testId="user-detail-name">
                {u.userName || u.email}
              </LongName>
            </Title>
            <Group gap="xs">
              <Badge
                variant="light"
                color="gray"
                radius="sm"
                tt="none"
                fw={600}
                data-testid="user-detail-role"
              >
                {u.role.name}
              </Badge>
              <Badge
                color={u.isUserLoginActive ? 'teal' : 'red'}
                variant="dot"
                data-testid="user-detail-status"
              >
                {u.isUserLoginActive ? t('users.active') : t('users.inactive')}
              </Badge>
              {u.mustChangePassword && (
                <Badge color="orange" variant="light">
                  {t('users.mustChangePassword')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" verticalSpacing="lg">
          <Detail label={t('users.fields.email')} testId="user-detail-email">
            {u.email}
          </Detail>
          <Detail label={t('users.fields.phone')}>{formatPhone(u.phoneNumber)}</Detail>
          <Detail label={t('users.fields.color')}>
            <ColorSwatch color={staffColors[u.color - 1] ?? staffColors[0]} size={20} />
          </Detail>
          <Detail label={t('users.fields.qualification')} testId="user-detail-qualification">
            {qualificationLabels[u.qualification][locale]}
            {u.licenceNumber ? ` (${t('users.fields.licenceNumber')} ${u.licenceNumber})` : ''}
          </Detail>
          <Detail label={t('users.fields.isMainDoctor')} testId="user-detail-main-doctor">
            {u.isMainDoctor ? t('common.yes') : t('common.no')}
          </Detail>
          <Detail label={t('users.fields.lastLogin')}>
            {u.lastLoginDate ? formatDateTime(u.lastLoginDate, locale) : t('users.neverSignedIn')}
          </Detail>
          <Detail label={t('users.fields.createdAt')}>{formatDateTime(u.createdAt, locale)}</Detail>
        </SimpleGrid>
      </Card>
      {canEdit && <RecentSecurityEvents userId={u.id} />}
      <TemporaryPasswordModal
        password={temporary?.temporaryPassword ?? null}
        email={u.email}
        onClose={() => setTemporary(null)}
      />
    </>
  );
}

export const Component = UserViewRoute;
