import { Permissions } from '@genodesk/contract/permissions';
import { VoucherKind, VoucherType } from '@genodesk/contract/vouchers';
import { Button, Grid, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { Section } from '@/features/finances/components/order-details';
import { DetailItem } from '@/features/templates/components/detail-item';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useVoucher } from '../api/get-voucher';
import { formatVoucherDay, useRouteVoucherKind, voucherValue } from '../components/labels';
import { SendVoucherForm } from '../components/send-voucher-form';
import { VoucherKindBadge, VoucherStateBadge, VoucherTypeBadge } from '../components/voucher-badges';
import { VoucherPrintModal } from '../components/voucher-print';
import { VoucherUses } from '../components/voucher-uses';

/** A money or a product voucher: every field, its uses, the e-mail to send it and its printable page. */
export function VoucherViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const kind = useRouteVoucherKind();
  const id = Number(useParams().id);
  const voucher = useVoucher(kind, id);
  const canEdit = useCan(Permissions.VouchersEdit);
  const [printing, setPrinting] = useState(false);

  if (!Number.isInteger(id) || id <= 0 || voucher.isError) {
    return (
      <RedirectWithToast
        to={paths.vouchers.list}
        message={t('vouchers.loadFailed')}
        missing={isMissingRecord(id, voucher.error)}
      />
    );
  }
  if (!voucher.data) return <SectionLoader />;
  const v = voucher.data;
  const gift = v.voucherType === VoucherType.Gift;

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <Text span ff="monospace" fz="inherit" fw={700} data-testid="voucher-title">
              {v.code}
            </Text>
            <VoucherStateBadge voucher={v} />
          </Group>
        }
        description={kind === 'product' ? t('vouchers.productViewTitle') : t('vouchers.moneyViewTitle')}
        breadcrumbs={[
          { label: t('nav.groups.finances') },
          { label: t('vouchers.title'), to: paths.vouchers.list },
          { label: v.code },
        ]}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => setPrinting(true)}
              data-testid="voucher-print"
            >
              {t('vouchers.print.open')}
            </Button>
            {canEdit && (
              <Button
                component={Link}
                to={paths.vouchers.edit(kind, v.id)}
                leftSection={<IconPencil size={16} />}
                data-testid="voucher-edit"
              >
                {t('common.edit')}
              </Button>
            )}
          </>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: canEdit ? 7 : 12 }}>
          <Stack gap="lg">
            <Section title={t('vouchers.sections.voucher')} testId="voucher-details">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <DetailItem label={t('vouchers.fields.code')} testId="voucher-code">
                  <Text ff="monospace" fz="sm" fw={700}>
                    {v.code}
                  </Text>
                </DetailItem>
                <DetailItem label={t('vouchers.fields.state')}>
                  <VoucherStateBadge voucher={v} />
                </DetailItem>
                <DetailItem label={t('vouchers.fields.kind')}>
                  <VoucherKindBadge kind={v.kind} />
                </DetailItem>
                <DetailItem label={t('vouchers.fields.voucherType')}>
                  <VoucherTypeBadge type={v.voucherType} />
                </DetailItem>
                <DetailItem
                  label={
                    v.kind === VoucherKind.Product
                      ? t('vouchers.fields.productType')
                      : t('vouchers.fields.amount')
                  }
                  testId="voucher-value"
                >
                  <Text fz="sm" fw={700}>
                    {voucherValue(v, locale)}
                  </Text>
                </DetailItem>
                <DetailItem label={t('vouchers.fields.validTo')} testId="voucher-valid-to">
                  <Text fz="sm" c={v.expired ? 'red.8' : undefined} fw={v.expired ? 600 : undefined}>
                    {formatVoucherDay(v.validTo, locale)}
                    {v.expired && ` · ${t('vouchers.states.expired')}`}
                  </Text>
                </DetailItem>
                <DetailItem label={t('vouchers.fields.remainingUses')} testId="voucher-remaining">
                  <Stack gap={6}>
                    <Text fz="sm" fw={600}>
                      {t('vouchers.usesLeft', { remaining: v.remainingUsageCount, max: v.maxUsageCount })}
                    </Text>
                    <Progress
                      value={v.maxUsageCount > 0 ? (v.remainingUsageCount / v.maxUsageCount) * 100 : 0}
                      color="teal"
                      size="sm"
                      aria-label={t('vouchers.remainingOf', {
                        remaining: v.remainingUsageCount,
                        max: v.maxUsageCount,
                      })}
                    />
                  </Stack>
                </DetailItem>
                <DetailItem label={t('vouchers.fields.redeemed')} testId="voucher-redeemed">
                  {v.redeemed ? t('common.yes') : t('common.no')}
                </DetailItem>
                <DetailItem label={t('vouchers.fields.forWho')} testId="voucher-for-who">
                  {gift ? v.forWho || '—' : t('vouchers.onlyGift')}
                </DetailItem>
                <DetailItem label={t('vouchers.fields.fromWho')} testId="voucher-from-who">
                  {gift ? v.fromWho || '—' : t('vouchers.onlyGift')}
                </DetailItem>
                <DetailItem label={t('vouchers.fields.createdAt')}>
                  {formatDateTime(v.createdAt, locale)}
                </DetailItem>
              </SimpleGrid>
            </Section>
            <Section title={t('vouchers.sections.uses')} testId="voucher-uses-section">
              <VoucherUses voucher={v} />
            </Section>
          </Stack>
        </Grid.Col>
        {canEdit && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <Section title={t('vouchers.send.title')} testId="voucher-send">
                <Stack gap="sm">
                  <Text fz="sm" c="dimmed">
                    {t('vouchers.send.hint')}
                  </Text>
                  <SendVoucherForm voucher={v} />
                </Stack>
              </Section>
            </Stack>
          </Grid.Col>
        )}
      </Grid>
      <VoucherPrintModal voucher={v} opened={printing} onClose={() => setPrinting(false)} />
    </>
  );
}

export const Component = VoucherViewRoute;
