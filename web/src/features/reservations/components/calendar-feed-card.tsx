import { Alert, Badge, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { confirmAction } from '@/lib/confirm';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCalendarFeed, useRenewCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/** The doctor's private iCalendar feed: its secret URL (shown once, after renew), copy, renew, revoke. */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const f = feed.data;
  const failed = (error: unknown) =>
    notifyError(
      isApiError(error) ? error.message : t('reservations.feed.failed'),
      t('reservations.feed.failed'),
    );

  const runRevoke = async () => {
    const ok = await confirmAction({
      title: t('reservations.feed.revokeTitle'),
      message: t('reservations.feed.revokeMessage'),
      confirmLabel: t('reservations.feed.revoke'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'calendar-feed-revoke',
    });
    if (ok)
      revoke.mutate(undefined, {
        onSuccess: () => notifySuccess(t('reservations.feed.revoked')),
        onError: failed,
      });
  };

  return (
    <Card withBorder radius="md" p="xl" data-testid="calendar-feed">
      <Stack gap="md">
        <Group gap="sm">
          <IconCalendarShare size={22} color="var(--mantine-color-teal-7)" />
          <Title order={3} fz="lg">
            {t('reservations.feed.title')}
          </Title>
          {f && (
            <Badge variant="light" color={f.active ? 'teal' : 'gray'} data-testid="calendar-feed-state">
              {f.active ? t('reservations.feed.active') : t('reservations.feed.inactive')}
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          {t('reservations.feed.description')}
        </Text>
        {f?.url && (
          <Stack gap="xs">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('reservations.feed.url')}
                value={f.url}
                readOnly
                style={{ flex: 1 }}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="calendar-feed-url"
              />
              <CopyButton value={f.url}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    data-testid="calendar-feed-copy"
                  >
                    {copied ? t('common.copied') : t('common.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Alert color="yellow" variant="light">
              {t('reservations.feed.urlOnce')}
            </Alert>
          </Stack>
        )}
        {f?.active && (
          <Group gap="xl">
            <Text fz="sm">
              {t('reservations.feed.createdAt')}: {formatDateTime(f.createdAt, locale)}
            </Text>
            <Text fz="sm" data-testid="calendar-feed-expires">
              {t('reservations.feed.expiresAt')}: {formatDateTime(f.expiresAt, locale)}
            </Text>
            <Text fz="sm">
              {t('reservations.feed.lastUsedAt')}:{' '}
              {f.lastUsedAt ? formatDateTime(f.lastUsedAt, locale) : t('reservations.feed.never')}
            </Text>
          </Group>
        )}
        <Group gap="sm">
          <Button
            leftSection={<IconRefresh size={16} />}
            loading={renew.isPending}
            onClick={() =>
              renew.mutate(undefined, {
                onSuccess: () => notifySuccess(t('reservations.feed.renewed')),
                onError: failed,
              })
            }
            data-testid="calendar-feed-renew"
          >
            {f?.active ? t('reservations.feed.renew') : t('reservations.feed.create')}
          </Button>
          {f?.active && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={revoke.isPending}
              onClick={() => void runRevoke()}
              data-testid="calendar-feed-revoke"
            >
              {t('reservations.feed.revoke')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
