import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmTyped } from '@/lib/confirm-typed';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteCustomer } from '../api/delete-customer';

/** Delete a customer after a confirmation that says the deletion is irreversible (SPEC §5, §8). */
export function useRemoveCustomer() {
  const { t } = useTranslation();
  const remove = useDeleteCustomer();
  const run = async (target: { id: number; fullName: string }, onDeleted?: () => void) => {
    const ok = await confirmTyped({
      title: t('customers.delete.title'),
      message: (
        <Stack gap="sm">
          <Text fz="sm">{t('customers.delete.confirm', { name: target.fullName })}</Text>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="delete-customer-warning"
          >
            {t('customers.delete.warning')}
          </Alert>
        </Stack>
      ),
      expected: target.fullName,
      inputLabel: t('customers.delete.typeName', { name: target.fullName }),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      testId: 'delete-customer',
    });
    if (!ok) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        notifySuccess(t('customers.delete.success'));
        onDeleted?.();
      },
      onError: () => notifyError(t('customers.delete.failed')),
    });
  };
  return { run, pending: remove.isPending };
}
