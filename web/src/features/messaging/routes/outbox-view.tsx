import { Permissions } from '@genodesk/contract/permissions';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Grid,
  List,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconPaperclip, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { DetailItem } from '@/features/templates/components/detail-item';
import { confirmAction } from '@/lib/confirm';
import { formatNumber, formatPhone, formatPragueDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useOutboxMessage } from '../api/get-outbox-message';
import { useRetryOutboxMessage } from '../api/retry-outbox-message';
import { EmailFrame } from '../components/email-frame';
import { kindName } from '../components/labels';
import { OutboxStatusBadge } from '../components/outbox-status-badge';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" p="xl" data-testid={testId}>
      <Title order={4} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function OutboxViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const message = useOutboxMessage(id);
  const retry = useRetryOutboxMessage();
  const canViewCustomers = useCan(Permissions.CustomersView);

  if (!Number.isInteger(id) || id <= 0 || message.isError) {
    return (
      <RedirectWithToast
        to={paths.outbox.list}
        message={t('messaging.outbox.loadFailed')}
        missing={isMissingRecord(id, message.error)}
      />
    );
  }
  if (!message.data) return <SectionLoader />;
  const m = message.data;

  const runRetry = async () => {
    const confirmed = await confirmAction({
      title: t('messaging.outbox.retryTitle'),
      message: t('messaging.outbox.retryMessage'),
      confirmLabel: t('messaging.outbox.retry'),
      cancelLabel: t('common.cancel'),
      testId: 'outbox-retry',
    });
    if (!confirmed) return;
    retry.mutate(m.id, {
      onSuccess: () => notifySuccess(t('messaging.outbox.retried')),
      onError: () => notifyError(t('messaging.outbox.retryFailed')),
    });
  };

  return (
    <>
      <PageHeader
        title={
          <span data-testid="outbox-detail-recipient">
            {m.channel === 'sms' ? formatPhone(m.recipient) : m.recipient}
          </span>
        }
        description={m.subject ?? kindName(m.kind, t)}
        breadcrumbs={[
          { label: t('nav.groups.administration') },
          { label: t('messaging.outbox.title'), to: paths.outbox.list },
          { label: `#${m.id}` },
        ]}
        actions={
          m.status === 'failed' && (
            <Button
              leftSection={<IconRefresh size={16} />}
              onClick={() => void runRetry()}
              loading={retry.isPending}
              data-testid="outbox-retry"
            >
              {t('messaging.outbox.retry')}
            </Button>
          )
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Section title={t('messaging.outbox.content')} testId="outbox-content">
            <Stack gap="md">
              <DetailItem label={t('messaging.outbox.fields.subject')} testId="outbox-detail-subject">
                {m.subject ?? t('messaging.outbox.noSubject')}
              </DetailItem>
              <Tabs defaultValue={m.bodyHtml ? 'html' : 'text'} keepMounted={false}>
                <Tabs.List mb="md">
                  <Tabs.Tab value="html" disabled={!m.bodyHtml} data-testid="outbox-tab-html">
                    {t('messaging.outbox.html')}
                  </Tabs.Tab>
                  <Tabs.Tab value="text" data-testid="outbox-tab-text">
                    {t('messaging.outbox.text')}
                  </Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="html">
                  {m.bodyHtml ? (
                    <EmailFrame html={m.bodyHtml} testId="outbox-detail-html" height={520} />
                  ) : (
                    <Text c="dimmed" fz="sm">
                      {t('messaging.outbox.noHtml')}
                    </Text>
                  )}
                </Tabs.Panel>
                <Tabs.Panel value="text">
                  <Code block data-testid="outbox-detail-text" style={{ whiteSpace: 'pre-wrap' }}>
                    {m.bodyText}
                  </Code>
                </Tabs.Panel>
              </Tabs>
              <DetailItem label={t('messaging.outbox.attachments')} testId="outbox-detail-attachments">
                {m.attachments.length === 0 ? (
                  <Text c="dimmed" fz="sm">
                    {t('messaging.outbox.noAttachments')}
                  </Text>
                ) : (
                  <List spacing={4} icon={<IconPaperclip size={14} />} center>
                    {m.attachments.map((a) => (
                      <List.Item key={a.filename}>
                        <Text fz="sm" span fw={600}>
                          {a.filename}
                        </Text>{' '}
                        <Text fz="xs" c="dimmed" span>
                          {`${a.contentType} · ${formatNumber(Math.ceil(a.size / 1024), locale)} kB`}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                )}
              </DetailItem>
            </Stack>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Section title={t('messaging.outbox.delivery')} testId="outbox-delivery">
            <SimpleGrid cols={2} spacing="lg">
              <DetailItem label={t('messaging.outbox.fields.status')}>
                <OutboxStatusBadge status={m.status} />
              </DetailItem>
              <DetailItem label={t('messaging.outbox.fields.attempts')} testId="outbox-detail-attempts">
                {m.attempts}
              </DetailItem>
              <DetailItem label={t('messaging.outbox.fields.channel')}>
                {t(`messaging.outbox.channels.${m.channel}`)}
              </DetailItem>
              <DetailItem label={t('messaging.outbox.fields.kind')} testId="outbox-detail-kind">
                {kindName(m.kind, t)}
              </DetailItem>
              <DetailItem label={t('messaging.outbox.fields.createdAt')}>
                {formatPragueDateTime(m.createdAt, locale)}
              </DetailItem>
              <DetailItem label={t('messaging.outbox.fields.sentAt')}>
                {formatPragueDateTime(m.sentAt, locale)}
              </DetailItem>
              {m.nextAttemptAt && (
                <DetailItem label={t('messaging.outbox.fields.nextAttemptAt')}>
                  {formatPragueDateTime(m.nextAttemptAt, locale)}
                </DetailItem>
              )}
              <DetailItem label={t('messaging.outbox.fields.language')}>
                {m.language ? t(`messaging.language.names.${m.language}`) : '—'}
              </DetailItem>
              {m.customerId !== null && (
                <DetailItem label={t('messaging.outbox.fields.customer')}>
                  {canViewCustomers ? (
                    <Anchor component={Link} to={paths.customers.view(m.customerId)} fz="sm">
                      #{m.customerId}
                    </Anchor>
                  ) : (
                    `#${m.customerId}`
                  )}
                </DetailItem>
              )}
              {m.mailingId !== null && (
                <DetailItem label={t('messaging.outbox.fields.mailing')}>
                  <Anchor component={Link} to={`${paths.outbox.list}?mailingId=${m.mailingId}`} fz="sm">
                    {t('messaging.outbox.filters.mailing', { id: m.mailingId })}
                  </Anchor>
                </DetailItem>
              )}
            </SimpleGrid>
            {m.lastError && (
              <Stack gap={4} mt="lg">
                <DetailItem label={t('messaging.outbox.fields.lastError')} testId="outbox-detail-error">
                  <Text fz="sm" c="red.8" style={{ wordBreak: 'break-word' }}>
                    {m.lastError}
                  </Text>
                </DetailItem>
              </Stack>
            )}
            <Stack gap={4} mt="lg">
              <DetailItem label={t('messaging.outbox.fields.messageId')}>
                <Badge variant="default" tt="none" fw={400} style={{ maxWidth: '100%' }}>
                  <Text fz="xs" ff="monospace" truncate>
                    {m.messageId}
                  </Text>
                </Badge>
              </DetailItem>
            </Stack>
          </Section>
        </Grid.Col>
      </Grid>
    </>
  );
}

export const Component = OutboxViewRoute;
