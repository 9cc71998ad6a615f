import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteGeneCombination } from '../api/delete-gene-combination';
import { useDeleteTemplate } from '../api/delete-template';

/** Delete a template after 'Do you really wish to remove the template?'; toasts the outcome (SPEC §8). */
export function useRemoveTemplate() {
  const { t } = useTranslation();
  const remove = useDeleteTemplate();
  const run = async (id: number, onDeleted?: () => void) => {
    const ok = await confirmAction({
      title: t('templates.delete.title'),
      message: t('templates.delete.confirm'),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'delete-template',
    });
    if (!ok) return;
    remove.mutate(id, {
      onSuccess: () => {
        notifySuccess(t('templates.delete.success'));
        onDeleted?.();
      },
      onError: () => notifyError(t('templates.delete.failed')),
    });
  };
  return { run, pending: remove.isPending };
}

/**
 * Delete a gene combination (phenotype): the confirmation says that ALL its templates go with it
 * (SPEC §5), with their count.
 */
export function useRemoveGeneCombination() {
  const { t } = useTranslation();
  const remove = useDeleteGeneCombination();
  const run = async (target: { id: number; name: string; templateCount: number }, onDeleted?: () => void) => {
    const ok = await confirmAction({
      title: t('geneCombinations.delete.title'),
      message: (
        <Stack gap="sm">
          <Text fz="sm">{t('geneCombinations.delete.confirm', { name: target.name })}</Text>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="delete-gene-combination-warning"
          >
            {t('geneCombinations.delete.warning', { count: target.templateCount })}
          </Alert>
        </Stack>
      ),
      confirmLabel: t('common.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
      testId: 'delete-gene-combination',
    });
    if (!ok) return;
    remove.mutate(target.id, {
      onSuccess: (reply) => {
        notifySuccess(t('geneCombinations.delete.success', { count: reply.deletedTemplates }));
        onDeleted?.();
      },
      onError: () => notifyError(t('geneCombinations.delete.failed')),
    });
  };
  return { run, pending: remove.isPending };
}
