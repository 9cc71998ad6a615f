import {
  type EditVoucherRequest,
  editVoucherRequestSchema,
  type VoucherDetail,
  VoucherType,
} from '@genodesk/contract/vouchers';
import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/dates/date-field';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { GiftNameFields } from './gift-name-fields';

export interface VoucherEditValues extends Record<string, unknown> {
  VoucherId: number;
  ForWho: string;
  FromWho: string;
  ValidTo: string | null;
}

/** For and from whom are kept for a gift voucher only (SPEC §5): a standard one sends none. */
export function prepareEdit(values: VoucherEditValues, gift: boolean): EditVoucherRequest {
  return {
    VoucherId: values.VoucherId,
    ForWho: gift ? values.ForWho.trim() || null : null,
    FromWho: gift ? values.FromWho.trim() || null : null,
    ValidTo: values.ValidTo ?? '',
  };
}

/** The edit of a voucher: for whom and from whom (a gift's), and the last valid day. */
export function VoucherEditForm({
  voucher,
  submitting,
  onSubmit,
  onCancel,
}: {
  voucher: VoucherDetail;
  submitting: boolean;
  onSubmit: (values: EditVoucherRequest, applyServerErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const gift = voucher.voucherType === VoucherType.Gift;
  const { form, field, applyServerErrors } = useZodForm<VoucherEditValues>(
    editVoucherRequestSchema,
    {
      initialValues: {
        VoucherId: voucher.id,
        ForWho: voucher.forWho ?? '',
        FromWho: voucher.fromWho ?? '',
        ValidTo: voucher.validTo,
      },
    },
    (values) => prepareEdit(values, gift),
  );

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => onSubmit(prepareEdit(values, gift), applyServerErrors),
        () => scrollToFirstError(),
      )}
      noValidate
      data-testid="voucher-edit-form"
    >
      <Card withBorder radius="md" p="xl" maw={720}>
        <Stack gap="lg">
          {gift ? (
            <GiftNameFields field={field} />
          ) : (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
              {t('vouchers.form.standardHasNoNames')}
            </Alert>
          )}
          <DateField
            label={t('vouchers.fields.validTo')}
            description={t('vouchers.form.validToHint')}
            withAsterisk
            clearable={false}
            maw={320}
            data-testid="voucher-form-valid-to"
            {...field('ValidTo')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-testid="voucher-form-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="voucher-form-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
