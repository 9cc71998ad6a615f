import { MailingStatus } from '@genodesk/contract/messaging';
import { Alert, Badge, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatPragueDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { isQueueing, useMailing } from '../api/get-mailing';

const statusColors: Record<number, string> = {
  [MailingStatus.Queued]: 'gray',
  [MailingStatus.Queueing]: 'blue',
  [MailingStatus.Done]: 'teal',
  [MailingStatus.Failed]: 'red',
};

/** A sent e-mail's progress: written to the outbox by the job in batches, then delivered. */
export function MailingProgress({ id, onNew }: { id: number; onNew: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const mailing = useMailing(id);
  const m = mailing.data;

  return (
    <Card withBorder radius="md" p="xl" data-testid="email-progress">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('messaging.email.progress.title')}</Title>
        {m && (
          <Badge
            variant="light"
            color={statusColors[m.status] ?? 'gray'}
            tt="none"
            leftSection={isQueueing(m) ? <Loader size={10} color="blue" /> : undefined}
            data-testid="email-progress-status"
            data-status={m.status}
          >
            {t(`messaging.email.progress.status.${m.status}`)}
          </Badge>
        )}
      </Group>
      {mailing.isError ? (
        <Alert color="red">{t('messaging.email.progress.loadFailed')}</Alert>
      ) : !m ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          <Text fw={600} data-testid="email-progress-subject">
            {m.subject}
          </Text>
          <Text fz="sm" c="dimmed">
            {`${m.to ?? t('messaging.email.mode.filter')} · ${formatPragueDateTime(m.createdAt, locale)}`}
          </Text>
          <Text fz="sm" data-testid="email-progress-written">
            {t('messaging.email.progress.written', { queued: m.queued, recipients: m.recipients })}
          </Text>
          <Progress
            value={m.recipients > 0 ? (m.queued / m.recipients) * 100 : 0}
            animated={isQueueing(m)}
            aria-label={t('messaging.email.progress.title')}
          />
          <Text fz="sm" data-testid="email-progress-delivery">
            {t('messaging.email.progress.delivery', {
              sent: m.sent,
              failed: m.failed,
              pending: Math.max(0, m.queued - m.sent - m.failed),
            })}
          </Text>
          <Progress.Root size="sm">
            <Progress.Section
              value={m.queued > 0 ? (m.sent / m.queued) * 100 : 0}
              color="teal"
              aria-label={t('messaging.email.progress.sentLabel')}
            />
            <Progress.Section
              value={m.queued > 0 ? (m.failed / m.queued) * 100 : 0}
              color="red"
              aria-label={t('messaging.email.progress.failedLabel')}
            />
          </Progress.Root>
          <Text fz="xs" c="dimmed">
            {t('messaging.email.progress.deliveryHint')}
          </Text>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button
              variant="default"
              component={Link}
              to={`${paths.outbox.list}?mailingId=${m.id}`}
              leftSection={<IconInbox size={16} />}
              data-testid="email-progress-outbox"
            >
              {t('messaging.email.progress.showInOutbox')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={onNew} data-testid="email-new">
              {t('messaging.email.progress.newEmail')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
