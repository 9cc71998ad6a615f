import { createBarcodeBatchRequestSchema } from '@genodesk/contract/barcodes';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useZodForm } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateBarcodeBatch } from '../api/create-barcode-batch';

interface Values extends Record<string, unknown> {
  Count: number | string;
}

export function GenerateBatchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBarcodeBatch();
  const { form, field, applyServerErrors } = useZodForm<Values>(createBarcodeBatchRequestSchema, {
    initialValues: { Count: 50 },
  });

  const submit = form.onSubmit((v) =>
    create.mutate(Number(v.Count), {
      onSuccess: (batch) => {
        notifySuccess(t('barcodes.generated', { count: batch.count }));
        onClose();
        navigate(paths.barcodes.labels(batch.id));
      },
      onError: (error) => {
        if (!applyServerErrors(error)) notifyError(t('barcodes.generateFailed'));
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('barcodes.generateTitle')} centered>
      <form onSubmit={submit} noValidate data-testid="barcode-generate-form">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('barcodes.generateHint')}
          </Text>
          <NumberInput
            label={t('barcodes.count')}
            min={1}
            max={1000}
            allowDecimal={false}
            data-testid="barcode-generate-count"
            {...field('Count')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="barcode-generate-submit">
              {t('barcodes.generate')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
