import type { OrderDetail } from '@genodesk/contract/finances';
import { Permissions } from '@genodesk/contract/permissions';
import { Alert, Anchor, Badge, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { SampleStatusBadge } from '@/features/samples/components/sample-status-badge';
import { DetailItem } from '@/features/templates/components/detail-item';
import { formatDateTime, formatMoney, formatPhone, genderContext, nameIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { money } from './format';
import { OrderStateBadges, paymentMethodName } from './labels';
import { OrderPayments } from './order-payments';
import { OrderVouchers } from './order-vouchers';
import type { usePaymentActions } from './use-payment-actions';

export function Section({
  title,
  children,
  testId,
  actions,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  actions?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="xl" data-testid={testId}>
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={4}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

/**
 * Every field of an order (SPEC §3): the order and its amounts, its customer, its payments, the
 * vouchers applied (what each took off) and its sample. `aside` goes on top of the right column (the unprocessed-order actions).
 */
export function OrderDetails({
  order,
  paymentActions,
  aside,
  sampleActions,
  vouchersEditable = false,
}: {
  order: OrderDetail;
  paymentActions?: ReturnType<typeof usePaymentActions>;
  aside?: ReactNode;
  sampleActions?: ReactNode;
  /** The unprocessed-order view: vouchers are applied and removed here while the order is unpaid. */
  vouchersEditable?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canViewSamples = useCan(Permissions.SamplesView);
  const czk = (amount: number) => formatMoney(Math.round(amount * 100), order.currency, locale);

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="lg">
          <Section title={t('finances.order.sections.order')} testId="order-section">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <DetailItem label={t('finances.order.fields.orderNumber')} testId="order-number">
                <Text ff="monospace" fz="sm" fw={700}>
                  {order.orderNumber}
                </Text>
              </DetailItem>
              <DetailItem label={t('finances.order.fields.state')}>
                <OrderStateBadges order={order} />
              </DetailItem>
              <DetailItem label={t('finances.order.fields.productType')} testId="order-product-type">
                {nameIn(order.productTypeName, order.productTypeNameEn, locale)}
              </DetailItem>
              <DetailItem label={t('finances.order.fields.created')}>
                {formatDateTime(order.created, locale)}
              </DetailItem>
              <DetailItem label={t('finances.order.fields.amount')} testId="order-amount">
                {money(order, locale)}
              </DetailItem>
              <DetailItem label={t('finances.order.fields.amountDue')} testId="order-amount-due">
                <Text fz="sm" fw={700} c={order.amountDue > 0 ? 'orange.8' : 'teal.8'}>
                  {czk(order.amountDue)}
                </Text>
              </DetailItem>
              <DetailItem label={t('finances.order.fields.paidBy')} testId="order-paid-by">
                {paymentMethodName(order.paidBy, locale)}
              </DetailItem>
              <DetailItem label={t('finances.order.fields.dateOrderPaid')} testId="order-date-paid">
                {formatDateTime(order.dateOrderPaid, locale)}
              </DetailItem>
              <DetailItem
                label={t('finances.order.fields.samplingAtCentre')}
                testId="order-sampling-at-centre"
              >
                <Badge variant="light" color={order.samplingAtCentre ? 'cyan' : 'gray'}>
                  {order.samplingAtCentre ? t('common.yes') : t('common.no')}
                </Badge>
              </DetailItem>
            </SimpleGrid>
          </Section>
          <Section title={t('finances.order.sections.vouchers')} testId="order-vouchers">
            <OrderVouchers order={order} editable={vouchersEditable} />
          </Section>
          <Section title={t('finances.order.sections.payments')} testId="order-payments-section">
            {order.refundDueMinor > 0 && (
              // Paid twice: a card charged after the order was paid another way is owed back.
              <Alert
                color="orange"
                variant="light"
                mb="md"
                icon={<IconReceiptRefund size={18} aria-hidden />}
                title={t('finances.order.refundDueTitle')}
                data-testid="order-refund-due"
                data-amount-minor={order.refundDueMinor}
              >
                {t('finances.order.refundDueAlert', {
                  amount: formatMoney(order.refundDueMinor, order.currency, locale),
                  context: genderContext(order.customer.gender),
                })}
              </Alert>
            )}
            <OrderPayments payments={order.payments} actions={paymentActions} />
          </Section>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="lg">
          {aside}
          <Section title={t('finances.order.sections.customer')} testId="order-customer">
            {order.customer.erased ? (
              // An erased customer (GDPR) is the label alone: no detail to open, no contact details.
              <Text fz="sm" data-testid="order-customer-name">
                {order.customer.fullName}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <DetailItem label={t('finances.order.fields.customer')} testId="order-customer-name">
                  <Anchor component={Link} to={paths.customers.view(order.customer.id)} fz="sm">
                    {order.customer.fullName}
                  </Anchor>
                </DetailItem>
                <DetailItem label={t('finances.order.fields.email')}>
                  <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                    {order.customer.email}
                  </Text>
                </DetailItem>
                <DetailItem label={t('finances.order.fields.phone')} testId="order-customer-phone">
                  {formatPhone(order.customer.phone)}
                </DetailItem>
                <DetailItem label={t('finances.order.fields.language')}>
                  {t(`finances.order.languages.${order.customer.language === 'en' ? 'en' : 'cs'}`)}
                </DetailItem>
              </SimpleGrid>
            )}
          </Section>
          <Section title={t('finances.order.sections.sample')} testId="order-sample" actions={sampleActions}>
            {order.sample ? (
              <Group justify="space-between" gap="sm">
                {canViewSamples ? (
                  <Anchor
                    component={Link}
                    to={paths.samples.view(order.sample.id)}
                    fz="sm"
                    data-testid="order-sample-link"
                  >
                    #{order.sample.id}
                  </Anchor>
                ) : (
                  <Text fz="sm">#{order.sample.id}</Text>
                )}
                <Text ff="monospace" fz="sm" data-testid="order-sample-barcode">
                  {order.sample.barcode ?? '—'}
                </Text>
                <SampleStatusBadge status={order.sample.status} />
              </Group>
            ) : order.customer.erased ? (
              // The sample went with the customer's erasure: nothing is said of it but who it was.
              <Text c="dimmed" fz="sm" data-testid="order-sample-erased">
                {order.customer.fullName}
              </Text>
            ) : (
              <Text c="dimmed" fz="sm" data-testid="order-sample-none">
                {order.complete ? t('finances.order.noSampleAdditional') : t('finances.order.noSampleYet')}
              </Text>
            )}
          </Section>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
