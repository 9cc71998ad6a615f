import { Badge, Button, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '@/lib/confirm';
import { formatDateTime } from '@/lib/format';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEndSession, useOwnSessions } from '../api/sessions';
import { deviceName } from './device';

/** The profile's list of the user's live sign-ins; any but this one can be ended here. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const sessions = useOwnSessions();
  const end = useEndSession();

  const onEnd = async (id: string, device: string) => {
    const ok = await confirmAction({
      title: t('profile.sessions.end'),
      message: t('profile.sessions.endConfirm', { device }),
      confirmLabel: t('profile.sessions.end'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'session-end',
    });
    if (!ok) return;
    end.mutate(id, {
      onSuccess: () => notifySuccess(t('profile.sessions.ended')),
      onError: (error) => notifyApiError(error, t('profile.sessions.endFailed')),
    });
  };

  return (
    <Card withBorder radius="md" p="xl" data-testid="sessions-card">
      <Group gap="sm" mb={4}>
        <IconDevices size={22} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={4}>{t('profile.sessions.title')}</Title>
      </Group>
      <Text c="dimmed" fz="sm" mb="lg">
        {t('profile.sessions.description')}
      </Text>
      {sessions.isError ? (
        <Text c="red.8" fz="sm">
          {t('profile.sessions.loadFailed')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label={t('profile.sessions.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('profile.sessions.device')}</Table.Th>
                <Table.Th>{t('profile.sessions.address')}</Table.Th>
                <Table.Th>{t('profile.sessions.signedIn')}</Table.Th>
                <Table.Th>{t('profile.sessions.lastUsed')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('profile.sessions.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sessions.data ?? []).map((s) => {
                const device = deviceName(s.userAgent) ?? t('profile.sessions.unknownDevice');
                return (
                  <Table.Tr key={s.id} data-testid="session-row">
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fz="sm" fw={600}>
                          {device}
                        </Text>
                        {s.current && (
                          <Badge variant="light" color="teal" data-testid="session-current">
                            {t('profile.sessions.thisDevice')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{s.address ?? '—'}</Table.Td>
                    <Table.Td>{formatDateTime(s.createdAt, locale)}</Table.Td>
                    <Table.Td>{formatDateTime(s.lastUsedAt, locale)}</Table.Td>
                    <Table.Td ta="right">
                      {!s.current && (
                        <Button
                          size="xs"
                          variant="default"
                          color="red"
                          onClick={() => void onEnd(s.id, device)}
                          data-testid="session-end"
                        >
                          {t('profile.sessions.end')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
