import { Alert, Card, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '@/components/full-page-loader';
import { LogSectionHeader } from '@/components/log-section-header';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useSecurityLog } from '../api/get-security-log';
import { SecurityEventBadge, securityDetail } from './security-event-badge';
import { shortUserAgent } from './user-agent';

/** A user's last ten lines of the security log, linking to the whole log of the user. */
export function RecentSecurityEvents({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const log = useSecurityLog({ page: 1, pageSize: 10, sort: '-occurredAt', userId: String(userId), locale });
  const headingId = `recent-security-events-${userId}`;

  return (
    <Card
      withBorder
      radius="md"
      p="xl"
      mt="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid="user-security-events"
    >
      <LogSectionHeader
        headingId={headingId}
        order={3}
        size="h4"
        title={t('securityLog.recent.title')}
        description={t('securityLog.recent.description')}
        allTo={`${paths.securityLog}?userId=${userId}`}
        allLabel={t('securityLog.recent.showAll')}
        allTestId="user-security-events-all"
      />
      {log.isError ? (
        <Alert color="red" variant="light">
          {t('securityLog.recent.loadFailed')}
        </Alert>
      ) : !log.data ? (
        <SectionLoader />
      ) : log.data.items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('securityLog.recent.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('securityLog.fields.occurredAt')}</Table.Th>
                <Table.Th>{t('securityLog.fields.event')}</Table.Th>
                <Table.Th>{t('securityLog.fields.actor')}</Table.Th>
                <Table.Th>{t('securityLog.fields.address')}</Table.Th>
                <Table.Th>{t('securityLog.fields.device')}</Table.Th>
                <Table.Th>{t('securityLog.fields.detail')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.occurredAt, locale)}</Table.Td>
                  <Table.Td>
                    <SecurityEventBadge event={e.event} />
                  </Table.Td>
                  <Table.Td>{e.actor?.userName ?? '—'}</Table.Td>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {e.address ?? '—'}
                  </Table.Td>
                  <Table.Td title={e.userAgent ?? undefined} style={{ whiteSpace: 'nowrap' }}>
                    {shortUserAgent(e.userAgent) ?? '—'}
                  </Table.Td>
                  <Table.Td>{securityDetail(e.detail, t) ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
