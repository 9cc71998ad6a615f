import type { DeliveryChannelStatus } from '@genodesk/contract/messaging';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useDeliveryStatus } from '../api/get-delivery-status';

const pausedAt = (status: DeliveryChannelStatus, now: number) =>
  status.pausedUntil !== null && new Date(status.pausedUntil).getTime() > now;

/** A channel staff should hear about: failing, paused by its gateway, or not set up while messages wait. */
function problemOf(status: DeliveryChannelStatus, now: number) {
  if (status.failingSince) return 'failing' as const;
  if (pausedAt(status, now)) return 'paused' as const;
  if (!status.configured && status.waiting > 0) return 'notConfigured' as const;
  return null;
}

/**
 * What staff see while e-mails or SMS do not go out: the channel, since when, the server's last error,
 * how many messages wait, and that they go out by themselves once it is back. Nothing when all is well.
 * `compact` (the dashboard) adds a link to the outbox.
 */
export function DeliveryAlerts({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const delivery = useDeliveryStatus();
  const now = Date.now();
  const problems = (delivery.data ?? [])
    .map((status) => ({ status, problem: problemOf(status, now) }))
    .filter((entry) => entry.problem !== null);
  if (problems.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="delivery-alerts">
      {problems.map(({ status, problem }) => {
        const channel = t(`messaging.delivery.channel.${status.channel}`);
        const values = {
          channel,
          since: formatDateTime(status.failingSince, locale),
          until: formatDateTime(status.pausedUntil, locale),
          at: formatDateTime(status.lastErrorAt, locale),
          error: status.lastError ?? '—',
          count: status.waiting,
        };
        return (
          <Alert
            key={status.channel}
            color={problem === 'failing' ? 'red' : 'orange'}
            variant="light"
            icon={problem === 'failing' ? <IconPlugConnectedX size={18} /> : <IconAlertTriangle size={18} />}
            title={t(`messaging.delivery.${problem}.title`, values)}
            data-testid={`delivery-alert-${status.channel}`}
            role="alert"
          >
            <Stack gap={4}>
              <Text fz="sm">{t(`messaging.delivery.${problem}.text`, values)}</Text>
              {problem === 'failing' && (
                <Text fz="sm" data-testid={`delivery-alert-${status.channel}-error`}>
                  {t('messaging.delivery.lastError', values)}
                </Text>
              )}
              {problem === 'failing' && pausedAt(status, now) && (
                <Text fz="sm" data-testid={`delivery-alert-${status.channel}-paused`}>
                  {t('messaging.delivery.pausedUntil', values)}
                </Text>
              )}
              <Text fz="sm">{t('messaging.delivery.waiting', values)}</Text>
              {compact && (
                <Anchor
                  component={Link}
                  to={`${paths.outbox.list}?channel=${status.channel}&status=pending`}
                  fz="sm"
                  fw={600}
                >
                  {t('messaging.delivery.openOutbox')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
