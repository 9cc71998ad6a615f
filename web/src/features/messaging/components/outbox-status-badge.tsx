import type { OutboxStatus } from '@genodesk/contract/messaging';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColors } from './labels';

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={statusColors[status]}
      tt="none"
      // A narrow table column must not cut the status short.
      style={{ minWidth: 'max-content' }}
      data-testid="outbox-status"
    >
      {t(`messaging.outbox.statuses.${status}`)}
    </Badge>
  );
}
