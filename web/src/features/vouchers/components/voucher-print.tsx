import type { Locale } from '@genodesk/contract/locales';
import { locales } from '@genodesk/contract/locales';
import { type Voucher, VoucherKind, VoucherType } from '@genodesk/contract/vouchers';
import { Box, Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { loadLocale } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { formatVoucherDay, voucherValue } from './labels';

/**
 * When printing, only the voucher: the app behind the dialog, the dialog's frame and its controls
 * (and any toast) are left out, so the page holds the voucher alone.
 */
const printCss = `@media print {
  body > *:not([data-portal]) { display: none !important; }
  .mantine-Modal-overlay, .mantine-Modal-header, .mantine-Notifications-root, [data-print="hide"] { display: none !important; }
  .mantine-Modal-inner { position: static !important; padding: 0 !important; display: block !important; }
  .mantine-Modal-content { box-shadow: none !important; max-height: none !important; overflow: visible !important; }
  .mantine-Modal-body { padding: 0 !important; }
  [data-print="voucher"] { break-inside: avoid; margin: 12mm auto 0; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

export type PrintableVoucher = Pick<
  Voucher,
  | 'kind'
  | 'code'
  | 'amountMinor'
  | 'currency'
  | 'productTypeName'
  | 'productTypeNameEn'
  | 'voucherType'
  | 'validTo'
  | 'forWho'
  | 'fromWho'
  | 'maxUsageCount'
>;

/** The voucher as handed to the customer: value or product, code, valid to, for and from whom. */
export function VoucherCard({
  voucher,
  language,
  pt,
}: {
  voucher: PrintableVoucher;
  language: Locale;
  /** the texts in the voucher's language, which may differ from the interface's */
  pt: TFunction;
}) {
  const gift = voucher.voucherType === VoucherType.Gift;
  const product = voucher.kind === VoucherKind.Product;
  const names = [
    gift && voucher.forWho ? { label: pt('vouchers.print.forWho'), value: voucher.forWho } : null,
    gift && voucher.fromWho ? { label: pt('vouchers.print.fromWho'), value: voucher.fromWho } : null,
  ].filter((n) => n !== null);
  return (
    <Box
      data-print="voucher"
      data-testid="voucher-card"
      lang={language}
      p={36}
      maw="100%"
      w={620}
      bg="white"
      style={{ border: '2px dashed var(--mantine-color-teal-7)', borderRadius: 16 }}
    >
      <Group justify="space-between" align="center" wrap="nowrap">
        <Logo />
        <Text tt="uppercase" fw={700} lts={1.5} fz="sm" c="teal.8" data-testid="voucher-card-heading">
          {gift ? pt('vouchers.print.giftHeading') : pt('vouchers.print.heading')}
        </Text>
      </Group>
      <Stack align="center" gap={4} my={32}>
        <Text fz="sm" c="dimmed">
          {product ? pt('vouchers.print.productLabel') : pt('vouchers.print.valueLabel')}
        </Text>
        <Text fz={product ? 30 : 40} fw={800} ta="center" lh={1.2} data-testid="voucher-card-value">
          {voucherValue(voucher, language)}
        </Text>
        <Text fz="sm" c="dimmed" mt="lg">
          {pt('vouchers.print.codeLabel')}
        </Text>
        <Text
          ff="monospace"
          fz={26}
          fw={700}
          lts={2}
          px="md"
          py={6}
          bg="gray.0"
          style={{ borderRadius: 8 }}
          data-testid="voucher-card-code"
        >
          {voucher.code}
        </Text>
      </Stack>
      <SimpleGrid cols={names.length > 0 ? 2 : 1} spacing="md" mb="lg">
        {names.map((name) => (
          <Stack key={name.label} gap={2}>
            <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
              {name.label}
            </Text>
            <Text fz="md" fw={600}>
              {name.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={2}>
          <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
            {pt('vouchers.print.validTo')}
          </Text>
          <Text fz="md" fw={600} data-testid="voucher-card-valid-to">
            {formatVoucherDay(voucher.validTo, language)}
          </Text>
        </Stack>
        {voucher.maxUsageCount > 1 && (
          <Text fz="sm" c="dimmed">
            {pt('vouchers.print.uses', { number: voucher.maxUsageCount })}
          </Text>
        )}
      </Group>
      <Text fz="xs" c="dimmed" ta="center" mt="lg">
        {product ? pt('vouchers.print.howToUseProduct') : pt('vouchers.print.howToUse')}
      </Text>
    </Box>
  );
}

/** A preview of the printable voucher, in the language chosen for it, and the browser's print. */
export function VoucherPrintModal({
  voucher,
  opened,
  onClose,
}: {
  voucher: PrintableVoucher;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { locale } = useLocale();
  const [language, setLanguage] = useState<Locale>(locale);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (opened) setLanguage(locale);
  }, [opened, locale]);

  const choose = async (value: string) => {
    const next = value === 'en' ? 'en' : 'cs';
    setLoading(true);
    try {
      // The other language's texts are their own chunk, fetched the first time they are needed.
      await loadLocale(next);
      setLanguage(next);
    } catch {
      notifyError(t('errors.chunk.description'), t('errors.chunk.title'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('vouchers.print.title')}
      size="auto"
      centered
      data-testid="voucher-print-modal"
    >
      {opened && <style>{printCss}</style>}
      <Stack gap="md">
        <Group justify="space-between" gap="sm" data-print="hide">
          <SegmentedControl
            aria-label={t('vouchers.print.language')}
            value={language}
            onChange={(value) => void choose(value)}
            disabled={loading}
            data={locales.map((l) => ({ value: l, label: t(`messaging.language.names.${l}`) }))}
            data-testid="voucher-print-language"
          />
          <Button
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
            data-testid="voucher-print-submit"
          >
            {t('vouchers.print.print')}
          </Button>
        </Group>
        <VoucherCard voucher={voucher} language={language} pt={i18n.getFixedT(language)} />
      </Stack>
    </Modal>
  );
}
