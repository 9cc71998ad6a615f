import { locales } from '@genodesk/contract/locales';
import { type SendVoucherRequest, sendVoucherRequestSchema } from '@genodesk/contract/vouchers';
import { Button, Select, Stack, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '@/lib/form';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useSendVoucher } from '../api/send-voucher';

interface SendValues extends Record<string, unknown> {
  VoucherId: number;
  Email: string;
  /** 'auto': the language of the customer with that address, else Czech (the API decides) */
  Language: string;
}

const prepare = (values: SendValues): SendVoucherRequest => ({
  VoucherId: values.VoucherId,
  Email: values.Email.trim(),
  Language: values.Language === 'cs' || values.Language === 'en' ? values.Language : undefined,
});

/** E-mails the voucher (through the outbox) to an address; a toast says whether it went. */
export function SendVoucherForm({ voucherId, code }: { voucherId: number; code: string }) {
  const { t } = useTranslation();
  const send = useSendVoucher();
  const { form, field, applyServerErrors } = useZodForm<SendValues>(
    sendVoucherRequestSchema,
    { initialValues: { VoucherId: voucherId, Email: '', Language: 'auto' }, validateInputOnBlur: false },
    prepare,
  );

  const submit = form.onSubmit((values) => {
    const body = prepare(values);
    send.mutate(body, {
      onSuccess: (reply) => {
        notifySuccess(
          t('vouchers.send.done', {
            code,
            email: body.Email,
            language: t(`messaging.language.names.${reply.language}`),
          }),
        );
        form.setFieldValue('Email', '');
        form.resetDirty();
      },
      onError: (error) => {
        if (!applyServerErrors(error)) notifyApiError(error, '', t('vouchers.send.failed'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="voucher-send-form">
      <Stack gap="sm">
        <TextInput
          label={t('vouchers.send.email')}
          type="email"
          autoComplete="off"
          withAsterisk
          data-testid="voucher-send-email"
          {...field('Email')}
        />
        <Select
          label={t('vouchers.send.language')}
          data={[
            { value: 'auto', label: t('vouchers.send.languageAuto') },
            ...locales.map((l) => ({ value: l, label: t(`messaging.language.names.${l}`) })),
          ]}
          allowDeselect={false}
          data-testid="voucher-send-language"
          {...field('Language')}
        />
        <Button
          type="submit"
          leftSection={<IconSend size={16} />}
          loading={send.isPending}
          style={{ alignSelf: 'flex-end' }}
          data-testid="voucher-send-submit"
        >
          {t('vouchers.send.submit')}
        </Button>
      </Stack>
    </form>
  );
}
