import { ReanalysisStatus } from '@genodesk/contract/enums';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { confirmAction } from '@/lib/confirm';
import { formatNumber } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCurrentReanalysis } from '../api/get-current-reanalysis';
import { isRunActive } from '../api/get-reanalysis';
import { productKeys } from '../api/keys';
import { useReanalyse } from '../api/reanalyse';

/** "Reanalyse all" of the results list header (Products.Edit): confirms, then starts a run of all. */
export function ReanalyseAllButton() {
  const { t } = useTranslation();
  const current = useCurrentReanalysis();
  const reanalyse = useReanalyse();
  const active = isRunActive(current.data?.run);

  const start = async () => {
    const confirmed = await confirmAction({
      title: t('products.reanalysis.confirmTitle'),
      message: t('products.reanalysis.confirmMessage'),
      confirmLabel: t('products.reanalysis.all'),
      cancelLabel: t('common.cancel'),
      testId: 'reanalyse-all',
    });
    if (!confirmed) return;
    reanalyse.mutate(undefined, {
      onError: (error) => {
        const title = t('products.reanalysis.failed');
        if (isApiError(error) && error.status < 500) notifyError(error.message, title);
        else notifyError(title);
      },
    });
  };

  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      onClick={() => void start()}
      loading={reanalyse.isPending}
      disabled={active}
      data-testid="reanalyse-all"
    >
      {t('products.reanalysis.all')}
    </Button>
  );
}

/** The progress of the latest reanalysis of all while it runs, and a toast when it ends. */
export function ReanalysisProgress() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const current = useCurrentReanalysis();
  const run = current.data?.run ?? null;
  const followed = useRef<number | null>(null);

  useEffect(() => {
    if (!run) return;
    if (isRunActive(run)) {
      followed.current = run.id;
      return;
    }
    if (followed.current !== run.id) return;
    followed.current = null;
    void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: productKeys.details() });
    if (run.status === ReanalysisStatus.Complete) {
      notifySuccess(t('products.reanalysis.done', { total: run.total, changed: run.changed }));
    } else {
      notifyError(run.error ?? t('products.reanalysis.failed'), t('products.reanalysis.failed'));
    }
  }, [run, queryClient, t]);

  if (!run || !isRunActive(run)) return null;
  const percent = run.total > 0 ? Math.round((run.done / run.total) * 100) : 0;
  return (
    <Alert color="blue" variant="light" mb="lg" data-testid="reanalysis-progress">
      <Stack gap={8}>
        <Group justify="space-between" wrap="wrap">
          <Text fz="sm" fw={600}>
            {run.status === ReanalysisStatus.Queued
              ? t('products.reanalysis.queued')
              : t('products.reanalysis.running', {
                  done: formatNumber(run.done, locale),
                  total: formatNumber(run.total, locale),
                })}
          </Text>
          <Text fz="sm" c="dimmed" data-testid="reanalysis-changed">
            {t('products.reanalysis.changed', { changed: formatNumber(run.changed, locale) })}
          </Text>
        </Group>
        <Progress value={percent} animated striped aria-label={t('products.reanalysis.progress')} />
      </Stack>
    </Alert>
  );
}
