import { locales } from '@genodesk/contract/locales';
import { type SendVoucherRequest, sendVoucherRequestSchema, type Voucher } from '@genodesk/contract/vouchers';
import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, newIdempotencyKey } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useSendVoucher } from '../api/send-voucher';
import { formatVoucherDay } from './labels';

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

/**
 * E-mails the voucher (through the outbox) to an address; a toast says whether it went. A voucher that
 * expired or is used up is not sent (the server refuses it too): the form stays, disabled, saying why.
 * One idempotency key per form until the server answers: a double click sends one e-mail.
 */
export function SendVoucherForm({
  voucher,
}: {
  voucher: Pick<Voucher, 'id' | 'code' | 'expired' | 'remainingUsageCount' | 'validTo'>;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const send = useSendVoucher();
  const sendKey = useRef(newIdempotencyKey());
  const code = voucher.code;
  const { form, field, applyServerErrors } = useZodForm<SendValues>(
    sendVoucherRequestSchema,
    { initialValues: { VoucherId: voucher.id, Email: '', Language: 'auto' }, validateInputOnBlur: false },
    prepare,
  );
  const unavailable = voucher.expired
    ? t('vouchers.send.expired', { date: formatVoucherDay(voucher.validTo, locale) })
    : voucher.remainingUsageCount <= 0
      ? t('vouchers.send.usedUp')
      : null;

  const submit = form.onSubmit((values) => {
    if (unavailable) return;
    const body = prepare(values);
    send.mutate(
      { body, idempotencyKey: sendKey.current },
      {
        onSuccess: (reply) => {
          sendKey.current = newIdempotencyKey();
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
          // Answered (a refusal): the next send is another request. Unanswered: its retry is the same.
          if (isApiError(error) && error.status > 0) sendKey.current = newIdempotencyKey();
          if (!applyServerErrors(error)) notifyApiError(error, '', t('vouchers.send.failed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate data-testid="voucher-send-form">
      <Stack gap="sm">
        {unavailable && (
          <Alert color="gray" variant="light" data-testid="voucher-send-unavailable">
            {unavailable}
          </Alert>
        )}
        <TextInput
          disabled={Boolean(unavailable)}
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
          disabled={Boolean(unavailable)}
          data-testid="voucher-send-language"
          {...field('Language')}
        />
        <Button
          type="submit"
          leftSection={<IconSend size={16} />}
          loading={send.isPending}
          disabled={Boolean(unavailable)}
          style={{ alignSelf: 'flex-end' }}
          data-testid="voucher-send-submit"
        >
          {t('vouchers.send.submit')}
        </Button>
      </Stack>
    </form>
  );
}
