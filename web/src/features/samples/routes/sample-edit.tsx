import { sampleLifecycle } from '@genodesk/contract/enums';
import { toPragueIso } from '@genodesk/contract/prague-time';
import { type SampleType, sampleTypeLabels, sampleTypes } from '@genodesk/contract/samples';
import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DateTimeField } from '@/components/dates/date-time-field';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useSample } from '../api/get-sample';
import { useSetSampleStatus } from '../api/set-sample-status';
import { sampleStatusName } from '../components/sample-status-badge';

export function SampleEditRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const sample = useSample(id);
  const save = useSetSampleStatus();
  const [status, setStatus] = useState<string | null>(null);
  const [sampleType, setSampleType] = useState<SampleType | null>(null);
  // The collection time on Prague's clock (`2026-11-24T07:00`), as the field shows it.
  const [collectedAt, setCollectedAt] = useState<string | null>(null);

  if (!Number.isInteger(id) || id <= 0 || sample.isError) {
    return (
      <RedirectWithToast
        to={paths.samples.list}
        message={t('samples.loadFailed')}
        missing={isMissingRecord(id, sample.error)}
      />
    );
  }
  if (!sample.data) return <SectionLoader />;
  const s = sample.data;
  const value = status ?? String(s.status);
  const type = sampleType ?? s.sampleType;
  const collected = collectedAt ?? (s.collectedAt ? toPragueIso(new Date(s.collectedAt)).slice(0, 16) : '');

  return (
    <>
      <PageHeader
        title={t('samples.editTitle', { id: s.id })}
        description={s.customerName}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('samples.title'), to: paths.samples.list },
          { label: `#${s.id}`, to: paths.samples.view(s.id) },
          { label: t('common.edit') },
        ]}
      />
      <Card withBorder radius="md" p="xl" maw={560}>
        <Stack gap="lg">
          <Text fz="sm" c="dimmed">
            {t('samples.editHint')}
          </Text>
          <Select
            label={t('samples.fields.status')}
            data={sampleLifecycle.map((v) => ({ value: String(v), label: sampleStatusName(v, locale) }))}
            value={value}
            onChange={(v) => v && setStatus(v)}
            allowDeselect={false}
            data-testid="sample-form-status"
          />
          <Select
            label={t('samples.fields.sampleType')}
            data={sampleTypes.map((v) => ({ value: v, label: sampleTypeLabels[v][locale] }))}
            value={type}
            onChange={(v) => v && setSampleType(v as SampleType)}
            allowDeselect={false}
            data-testid="sample-form-type"
          />
          <DateTimeField
            label={t('samples.fields.collectedAt')}
            value={collected}
            onChange={setCollectedAt}
            clearable
            data-testid="sample-form-collected"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => navigate(paths.samples.view(s.id))}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={save.isPending}
              data-testid="sample-form-submit"
              onClick={() =>
                save.mutate(
                  { SampleId: s.id, Status: Number(value), SampleType: type, CollectedAt: collected || null },
                  {
                    onSuccess: () => {
                      notifySuccess(t('samples.saved'));
                      navigate(paths.samples.view(s.id));
                    },
                    onError: (error) => notifyApiError(error, '', t('samples.editFailed')),
                  },
                )
              }
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </>
  );
}

export const Component = SampleEditRoute;
