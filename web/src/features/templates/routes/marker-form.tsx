import { chromosomes, type Marker, markerRequestSchema } from '@genodesk/contract/markers';
import { Button, Card, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useMarker, useSaveMarker } from '../api/markers';
import { StrandAmbiguousBadge } from '../components/marker-badges';
import {
  emptyMarkerValues,
  type MarkerFormValues,
  markerToValues,
  typedStrandAmbiguous,
  valuesToRequest,
} from '../components/marker-values';

function MarkerForm({ marker }: { marker?: Marker }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveMarker();
  const { form, field, applyServerErrors } = useZodForm<MarkerFormValues>(markerRequestSchema, {
    initialValues: marker ? markerToValues(marker) : emptyMarkerValues,
  });
  const values = form.getValues();

  const submit = form.onSubmit(
    (submitted) => {
      const body = valuesToRequest(submitted);
      save.mutate(marker ? { ...body, Id: marker.id } : body, {
        onSuccess: (saved) => {
          notifySuccess(t('markers.saved', { geneCode: saved.geneCode }));
          navigate(paths.markers.list);
        },
        onError: (error) => {
          applyServerErrors(error);
          notifyApiError(error, '', t('markers.saveFailed'));
          scrollToFirstError();
        },
      });
    },
    () => scrollToFirstError(),
  );

  const text = (
    name: keyof MarkerFormValues & string,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextInput
      label={label}
      data-testid={`marker-${name}`}
      autoComplete="off"
      spellCheck={false}
      {...extra}
      {...field(name)}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="marker-form">
      <Stack gap="lg" maw={960}>
        <Card withBorder radius="md" p="xl">
          <Stack gap="md">
            <Title order={4}>{t('markers.sections.gene')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {text('GeneCode', t('markers.fields.geneCode'), {
                withAsterisk: true,
                description: t('markers.geneCodeHint'),
                maxLength: 50,
              })}
              {text('Rsid', t('markers.fields.rsid'), { placeholder: 'rs4988235', maxLength: 14 })}
              {text('GeneName', t('markers.fields.geneName'), { maxLength: 200 })}
              {text('Transcript', t('markers.fields.transcript'), { maxLength: 100 })}
              {text('HgvsC', t('markers.fields.hgvsC'), { maxLength: 200 })}
              {text('Protein', t('markers.fields.protein'), { maxLength: 200 })}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Stack gap="md">
            <Title order={4}>{t('markers.sections.location')}</Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <Select
                label={t('markers.fields.chromosome')}
                withAsterisk
                data={chromosomes.map((c) => ({ value: c, label: c }))}
                searchable
                data-testid="marker-Chromosome"
                {...field('Chromosome')}
                onChange={(value) => form.setFieldValue('Chromosome', value ?? '')}
              />
              {text('PositionGrch37', t('markers.fields.positionGrch37'), { inputMode: 'numeric' })}
              {text('PositionGrch38', t('markers.fields.positionGrch38'), { inputMode: 'numeric' })}
            </SimpleGrid>
            <Text fz="xs" c="dimmed">
              {t('markers.positionHint')}
            </Text>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Stack gap="md">
            <Group justify="space-between" align="center">
              <Title order={4}>{t('markers.sections.alleles')}</Title>
              {typedStrandAmbiguous(values) && <StrandAmbiguousBadge testId="marker-form-strand-ambiguous" />}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {text('Reference', t('markers.fields.reference'), { withAsterisk: true, maxLength: 50 })}
              {text('Alternative', t('markers.fields.alternative'), { withAsterisk: true, maxLength: 50 })}
            </SimpleGrid>
            <Radio.Group
              label={t('markers.fields.geneStrand')}
              description={t('markers.geneStrandHint')}
              withAsterisk
              data-testid="marker-GeneStrand"
              {...field('GeneStrand')}
            >
              <Group gap="xl" mt={6}>
                <Radio value="+" label={t('markers.geneStrandPlus')} data-testid="marker-GeneStrand-plus" />
                <Radio value="-" label={t('markers.geneStrandMinus')} data-testid="marker-GeneStrand-minus" />
              </Group>
            </Radio.Group>
            <Text fz="xs" c="dimmed">
              {t('markers.allelesHint')}
            </Text>
          </Stack>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.markers.list)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="marker-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds a marker to the map, or (with `:id`) edits one. */
export function MarkerFormRoute() {
  const { t } = useTranslation();
  const raw = useParams().id;
  const id = raw === undefined ? undefined : Number(raw);
  const marker = useMarker(id ?? 0);
  if (id !== undefined && (!Number.isInteger(id) || id <= 0 || marker.isError))
    return (
      <RedirectWithToast
        to={paths.markers.list}
        message={t('markers.loadFailed')}
        missing={isMissingRecord(id, marker.error)}
      />
    );
  const title = id === undefined ? t('markers.createTitle') : t('markers.editTitle');
  return (
    <>
      <PageHeader
        title={title}
        description={marker.data ? marker.data.geneCode : t('markers.description')}
        breadcrumbs={[
          { label: t('nav.groups.templates') },
          { label: t('markers.title'), to: paths.markers.list },
          { label: title },
        ]}
      />
      {id === undefined ? (
        <MarkerForm />
      ) : marker.data ? (
        <MarkerForm key={marker.data.id} marker={marker.data} />
      ) : (
        <SectionLoader />
      )}
    </>
  );
}

export const Component = MarkerFormRoute;
