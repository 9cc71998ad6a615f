import { Permissions } from '@genodesk/contract/permissions';
import { sampleTypeLabels } from '@genodesk/contract/samples';
import { Anchor, Button, Card, SimpleGrid } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { DetailItem } from '@/features/templates/components/detail-item';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useSample } from '../api/get-sample';
import { SampleStatusBadge } from '../components/sample-status-badge';

export function SampleViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const sample = useSample(id);
  const canEdit = useCan(Permissions.SamplesEdit);
  const canViewOrders = useCan(Permissions.OrdersView);

  if (!Number.isInteger(id) || id <= 0 || sample.isError) {
    return (
      <RedirectWithToast
        to={paths.samples.list}
        message={t('samples.loadFailed')}
        missing={isMissingRecord(id, sample.error)}
      />
    );
  }
  if (!sample.data) return <SectionLoader />;
  const s = sample.data;

  return (
    <>
      <PageHeader
        title={t('samples.viewTitle', { id: s.id })}
        description={s.customerName}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('samples.title'), to: paths.samples.list },
          { label: `#${s.id}` },
        ]}
        actions={
          canEdit && (
            <Button
              component={Link}
              to={paths.samples.edit(s.id)}
              leftSection={<IconPencil size={16} />}
              data-testid="sample-edit"
            >
              {t('common.edit')}
            </Button>
          )
        }
      />
      <Card withBorder radius="md" p="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          <DetailItem label={t('samples.fields.status')} testId="sample-detail-status">
            <SampleStatusBadge status={s.status} />
          </DetailItem>
          <DetailItem label={t('samples.fields.customer')}>
            <Anchor component={Link} to={paths.customers.view(s.customerId)} fz="sm">
              {s.customerName}
            </Anchor>
          </DetailItem>
          <DetailItem label={t('samples.fields.barcode')} testId="sample-detail-barcode">
            {s.barcode ?? '—'}
          </DetailItem>
          <DetailItem label={t('samples.fields.orderId')} testId="sample-detail-order">
            {s.orderId !== null && s.orderNumber !== null && canViewOrders ? (
              <Anchor component={Link} to={paths.orders.view(s.orderId)} fz="sm">
                {s.orderNumber}
              </Anchor>
            ) : (
              (s.orderNumber ?? '—')
            )}
          </DetailItem>
          <DetailItem label={t('samples.fields.sampleType')} testId="sample-detail-type">
            {sampleTypeLabels[s.sampleType][locale]}
          </DetailItem>
          <DetailItem label={t('samples.fields.collectedAt')} testId="sample-detail-collected">
            {formatDateTime(s.collectedAt, locale)}
          </DetailItem>
          <DetailItem label={t('samples.fields.sentAt')}>{formatDateTime(s.sentAt, locale)}</DetailItem>
          <DetailItem label={t('samples.fields.receivedAt')}>
            {formatDateTime(s.receivedAt, locale)}
            {s.receivedByUser ? ` · ${s.receivedByUser.userName}` : ''}
          </DetailItem>
          <DetailItem label={t('samples.fields.analysisStartedAt')}>
            {formatDateTime(s.analysisStartedAt, locale)}
          </DetailItem>
          <DetailItem label={t('samples.fields.createdAt')}>{formatDateTime(s.createdAt, locale)}</DetailItem>
          <DetailItem label={t('samples.fields.updatedAt')}>{formatDateTime(s.updatedAt, locale)}</DetailItem>
        </SimpleGrid>
      </Card>
    </>
  );
}

export const Component = SampleViewRoute;
