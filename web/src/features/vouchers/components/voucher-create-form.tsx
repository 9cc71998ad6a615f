import { pragueDay } from '@genodesk/contract/prague-time';
import {
  type CreateMoneyVoucherRequest,
  type CreateProductVoucherRequest,
  createMoneyVoucherRequestSchema,
  createProductVoucherRequestSchema,
  maxVouchersPerRequest,
  VoucherType,
  voucherSuffixLength,
} from '@genodesk/contract/vouchers';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/dates/date-field';
import { MoneyInput } from '@/components/money-input';
import type { VoucherKindPath } from '@/config/paths';
import { useProductTypeOptions } from '@/features/finances/api/get-product-types';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { formatMoney, formatNumber, nameIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { GiftNameFields } from './gift-name-fields';
import { batchCodeExample, codeIsPrefix, voucherTypeName, voucherTypes } from './labels';

export interface VoucherCreateValues extends Record<string, unknown> {
  HowMany: number | string;
  Code: string;
  /** CZK (money vouchers); empty while nothing is typed */
  Amount: number | string;
  /** the product type's id (product vouchers); empty while none is picked */
  ProductType: string;
  VoucherType: string;
  ValidTo: string | null;
  UsageCount: number | string;
  ForWho: string;
  FromWho: string;
}

export type VoucherCreateRequest<K extends VoucherKindPath> = K extends 'money'
  ? CreateMoneyVoucherRequest
  : CreateProductVoucherRequest;

/**
 * What the form sends: numbers as numbers (an empty count is 0, so the contract answers with the
 * spec's message rather than taking its default), and for/from whom only for a gift (SPEC §5).
 */
export function prepareCreate(values: VoucherCreateValues, kind: VoucherKindPath) {
  const gift = values.VoucherType === String(VoucherType.Gift);
  const count = (value: number | string) => (value === '' ? 0 : Number(value));
  const common = {
    Code: values.Code.trim(),
    HowMany: count(values.HowMany),
    VoucherType: Number(values.VoucherType),
    ValidTo: values.ValidTo ?? undefined,
    UsageCount: count(values.UsageCount),
    ForWho: gift ? values.ForWho.trim() || null : null,
    FromWho: gift ? values.FromWho.trim() || null : null,
  };
  return kind === 'money'
    ? { ...common, Amount: values.Amount === '' ? undefined : Number(values.Amount) }
    : { ...common, ProductType: values.ProductType ? Number(values.ProductType) : undefined };
}

export const initialCreateValues: VoucherCreateValues = {
  HowMany: 1,
  Code: '',
  Amount: '',
  ProductType: '',
  VoucherType: String(VoucherType.Standard),
  ValidTo: null,
  UsageCount: 1,
  ForWho: '',
  FromWho: '',
};

/**
 * Money or product vouchers, one or a batch: how many, the code (a prefix for more than one), the
 * amount or the product type, standard or gift (with for whom and from whom), valid to, usage count.
 * Validated by the contract's schema, so the fields show the spec's messages.
 */
export function VoucherCreateForm<K extends VoucherKindPath>({
  kind,
  submitting,
  onSubmit,
  onCancel,
}: {
  kind: K;
  submitting: boolean;
  onSubmit: (values: VoucherCreateRequest<K>, applyServerErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const productTypes = useProductTypeOptions(kind === 'product');
  const { form, field, applyServerErrors } = useZodForm<VoucherCreateValues>(
    kind === 'money' ? createMoneyVoucherRequestSchema : createProductVoucherRequestSchema,
    { initialValues: initialCreateValues },
    (values) => prepareCreate(values, kind),
  );
  const values = form.getValues();
  const batch = codeIsPrefix(values.HowMany);
  const gift = values.VoucherType === String(VoucherType.Gift);

  const submit = form.onSubmit(
    (v) => onSubmit(prepareCreate(v, kind) as VoucherCreateRequest<K>, applyServerErrors),
    () => scrollToFirstError(),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="voucher-create-form">
      <Stack gap="lg" maw={880}>
        <Card withBorder radius="md" p="xl">
          <Title order={4} mb="md">
            {t('vouchers.form.sections.voucher')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <NumberInput
              label={t('vouchers.fields.howMany')}
              description={t('vouchers.form.howManyHint', {
                max: formatNumber(maxVouchersPerRequest, locale),
              })}
              withAsterisk
              min={1}
              max={maxVouchersPerRequest}
              allowDecimal={false}
              allowNegative={false}
              data-testid="voucher-form-how-many"
              {...field('HowMany')}
            />
            <TextInput
              label={batch ? t('vouchers.fields.codePrefix') : t('vouchers.fields.code')}
              description={
                batch
                  ? values.Code.trim()
                    ? t('vouchers.form.prefixExample', {
                        length: voucherSuffixLength,
                        example: batchCodeExample(values.Code),
                      })
                    : t('vouchers.form.prefixHint', { length: voucherSuffixLength })
                  : t('vouchers.form.codeHint')
              }
              withAsterisk
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-testid="voucher-form-code"
              {...field('Code')}
            />
            {kind === 'money' ? (
              <MoneyInput
                label={t('vouchers.fields.amount')}
                description={t('vouchers.form.amountHint')}
                withAsterisk
                data-testid="voucher-form-amount"
                {...field('Amount')}
              />
            ) : (
              <Select
                label={t('vouchers.fields.productType')}
                placeholder={t('vouchers.form.pickProductType')}
                withAsterisk
                data={(productTypes.data?.items ?? []).map((p) => ({
                  value: String(p.id),
                  label: `${nameIn(p.name, p.nameEn, locale)} · ${formatMoney(p.priceMinor, p.currency, locale)}`,
                }))}
                disabled={productTypes.isPending}
                data-testid="voucher-form-product-type"
                {...field('ProductType')}
              />
            )}
            <NumberInput
              label={t('vouchers.fields.usageCount')}
              description={t('vouchers.form.usageCountHint')}
              withAsterisk
              min={1}
              allowDecimal={false}
              allowNegative={false}
              data-testid="voucher-form-usage-count"
              {...field('UsageCount')}
            />
            <DateField
              label={t('vouchers.fields.validTo')}
              description={t('vouchers.form.validToHint')}
              withAsterisk
              clearable={false}
              // A new voucher valid only until a past day is refused (`voucherValidToPast`): not offered.
              minDate={pragueDay(new Date())}
              data-testid="voucher-form-valid-to"
              {...field('ValidTo')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Title order={4} mb="md">
            {t('vouchers.form.sections.type')}
          </Title>
          <Stack gap="lg">
            <Radio.Group
              label={t('vouchers.fields.voucherType')}
              withAsterisk
              data-testid="voucher-form-type"
              {...field('VoucherType')}
            >
              <Group gap="xl" mt="xs">
                {voucherTypes.map((type) => (
                  <Radio
                    key={type}
                    value={String(type)}
                    label={voucherTypeName(type, locale)}
                    data-testid={`voucher-form-type-${type}`}
                  />
                ))}
              </Group>
            </Radio.Group>
            {gift && <GiftNameFields field={field} />}
          </Stack>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="voucher-form-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="voucher-form-submit">
            {batch
              ? t('vouchers.form.createBatch', { number: Number(values.HowMany) })
              : t('vouchers.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
