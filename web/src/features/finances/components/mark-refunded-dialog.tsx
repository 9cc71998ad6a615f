import { markRefundedRequestSchema } from '@genodesk/contract/finances';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToFirstError, useZodForm } from '@/lib/form';

interface MarkRefundedOptions {
  paymentId: number;
  title: string;
  /** What is confirmed: the payment, its order and customer. */
  message: ReactNode;
  confirmLabel: string;
  /** Records the refund with staff's note (trimmed, empty for none); rejects with the API's refusal. */
  record: (note: string) => Promise<void>;
  /** A refusal that is not the note's (recorded meanwhile, no longer due): the dialog closes first. */
  onFailed: (error: unknown) => void;
}

interface NoteValues extends Record<string, unknown> {
  Note: string;
}

function MarkRefundedForm({ options, close }: { options: MarkRefundedOptions; close: () => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const { form, field, applyServerErrors } = useZodForm<NoteValues>(
    markRefundedRequestSchema,
    { initialValues: { Note: '' } },
    (values) => ({ PaymentId: options.paymentId, Note: values.Note }),
  );

  const submit = async (values: NoteValues) => {
    setPending(true);
    try {
      await options.record(values.Note.trim());
      close();
    } catch (error) {
      setPending(false);
      // The note's refusal (too long) stays at the note, to be shortened; anything else ends the dialog.
      if (applyServerErrors(error)) return;
      close();
      options.onFailed(error);
    }
  };

  return (
    <form
      onSubmit={form.onSubmit((values) => void submit(values), scrollToFirstError)}
      noValidate
      data-testid="payment-markRefunded-form"
    >
      <Stack gap="md">
        {options.message}
        <Textarea
          label={t('finances.paymentActions.markRefunded.noteLabel')}
          description={t('finances.paymentActions.markRefunded.noteHint')}
          autosize
          minRows={2}
          maxRows={8}
          data-autofocus
          data-testid="payment-markRefunded-note"
          {...field('Note')}
        />
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={close}
            disabled={pending}
            data-testid="payment-markRefunded-cancel"
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="payment-markRefunded-confirm">
            {options.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The confirmation of a refund asks how it was made (a transfer's reference, the gateway's refund id,
 * cash at the desk): an optional note, checked as the API checks it, its refusal shown at the field.
 */
export function openMarkRefundedDialog(options: MarkRefundedOptions): void {
  const id = modals.open({
    title: options.title,
    centered: true,
    children: <MarkRefundedForm options={options} close={() => modals.close(id)} />,
  });
}
