import {
  editGeneCombinationRequestSchema,
  type GeneCombinationDetail,
  joinGeneCodes,
} from '@genodesk/contract/templates';
import { Alert, Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEditGeneCombination } from '../api/edit-gene-combination';
import { useGeneCombination } from '../api/get-gene-combination';
import { useValidateGeneCombination } from '../api/validate-gene-combination';
import { ClinicalWeightSelect } from '../components/clinical-weight-select';
import { markRichTextProblems } from '../components/form-helpers';
import { GenderPicker } from '../components/gender-picker';
import { localPhenotype } from '../components/labels';
import { RiskPicker } from '../components/risk-picker';

interface Values extends Record<string, unknown> {
  GeneCombinationId: number;
  Phenotype: string;
  PhenotypeEn: string;
  GeneCombination: string;
  Gender: string;
  ClinicalWeight: string;
  Description: string;
  DescriptionEn: string;
  DefaultTemplate: string;
  DefaultTemplateEn: string;
  Risk: string;
}

const richFields = ['Description', 'DescriptionEn', 'DefaultTemplate', 'DefaultTemplateEn'] as const;

function GeneCombinationForm({ geneCombination: gc }: { geneCombination: GeneCombinationDetail }) {
  const { t } = useTranslation();
  const { tm } = useLocale();
  const navigate = useNavigate();
  const edit = useEditGeneCombination();
  const checkGenes = useValidateGeneCombination();
  const genesLocked = gc.templateCount > 0;
  const toRequest = (v: Values) => ({
    GeneCombinationId: v.GeneCombinationId,
    Phenotype: v.Phenotype,
    PhenotypeEn: v.PhenotypeEn,
    ...(genesLocked ? {} : { GeneCombination: v.GeneCombination }),
    Gender: v.Gender,
    ClinicalWeight: v.ClinicalWeight,
    Description: v.Description,
    DescriptionEn: v.DescriptionEn,
    DefaultTemplate: v.DefaultTemplate,
    DefaultTemplateEn: v.DefaultTemplateEn,
    Risk: v.Risk ? v.Risk : null,
  });
  const { form, field, applyServerErrors } = useZodForm<Values>(
    editGeneCombinationRequestSchema,
    {
      initialValues: {
        GeneCombinationId: gc.id,
        Phenotype: gc.phenotype,
        PhenotypeEn: gc.phenotypeEn,
        GeneCombination: gc.combinationGeneCode,
        Gender: String(gc.gender),
        ClinicalWeight: String(gc.clinicalWeight),
        Description: gc.description,
        DescriptionEn: gc.descriptionEn,
        DefaultTemplate: gc.defaultTemplate,
        DefaultTemplateEn: gc.defaultTemplateEn,
        Risk: gc.defaultTemplateRisk ? String(gc.defaultTemplateRisk) : '',
      },
    },
    toRequest,
  );
  const values = form.getValues();
  const error = (name: string) => {
    const value = form.errors[name];
    return typeof value === 'string' ? tm(value) : undefined;
  };

  const checkGeneCodes = async () => {
    const value = form.getValues().GeneCombination.trim();
    if (genesLocked || !value || value === gc.combinationGeneCode) return true;
    try {
      const reply = await checkGenes.mutateAsync({ GeneCombination: value, GeneCombinationId: gc.id });
      form.setFieldValue('GeneCombination', joinGeneCodes(reply.geneCodes));
      return true;
    } catch (failure) {
      form.setFieldError(
        'GeneCombination',
        isApiError(failure) ? (failure.fields.GeneCombination ?? failure.message) : t('errors.loadFailed'),
      );
      return false;
    }
  };

  const submit = form.onSubmit(async (v) => {
    const ok = markRichTextProblems(form, v, richFields);
    if (!ok || !(await checkGeneCodes())) return scrollToFirstError();
    edit.mutate(toRequest(form.getValues()), {
      onSuccess: () => {
        notifySuccess(t('geneCombinations.saved'));
        navigate(paths.geneCombinations.show(gc.id));
      },
      onError: (failure) => {
        applyServerErrors(failure);
        notifyError(t('geneCombinations.editFailed'));
        scrollToFirstError();
      },
    });
  }, scrollToFirstError);

  return (
    <form onSubmit={submit} noValidate data-testid="gene-combination-form">
      <Stack gap="lg">
        <Card withBorder radius="md" p="xl">
          <Stack gap="lg">
            <Title order={4}>{t('geneCombinations.sections.identity')}</Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <TextInput
                label={t('templates.fields.phenotypeCs')}
                withAsterisk
                data-testid="gene-combination-phenotype-cs"
                {...field('Phenotype')}
              />
              <TextInput
                label={t('templates.fields.phenotypeEn')}
                data-testid="gene-combination-phenotype-en"
                {...field('PhenotypeEn')}
              />
            </SimpleGrid>
            <TextInput
              label={t('templates.fields.geneCodes')}
              description={t('templates.wizard.geneCombination.codesHint')}
              withAsterisk
              disabled={genesLocked}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-testid="gene-combination-genes"
              {...field('GeneCombination')}
              onBlur={() => void checkGeneCodes()}
            />
            {genesLocked && (
              <Alert variant="light" color="gray" icon={<IconLock size={16} />} py="xs">
                {tm('geneCodesInUse')}
              </Alert>
            )}
            <GenderPicker
              label={t('templates.fields.gender')}
              value={values.Gender}
              onChange={(g) => form.setFieldValue('Gender', g)}
              error={error('Gender')}
              testId="gene-combination-gender"
            />
            <ClinicalWeightSelect
              value={values.ClinicalWeight}
              onChange={(weight) => form.setFieldValue('ClinicalWeight', weight)}
              error={error('ClinicalWeight')}
              testId="gene-combination-clinical-weight"
            />
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Stack gap="lg">
            <Title order={4}>{t('geneCombinations.fields.description')}</Title>
            <RichTextField
              label={t('geneCombinations.fields.descriptionCs')}
              value={values.Description}
              onChange={(html) => form.setFieldValue('Description', html)}
              error={error('Description')}
              testId="gene-combination-description-cs"
            />
            <RichTextField
              label={t('geneCombinations.fields.descriptionEn')}
              value={values.DescriptionEn}
              onChange={(html) => form.setFieldValue('DescriptionEn', html)}
              error={error('DescriptionEn')}
              testId="gene-combination-description-en"
            />
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Stack gap="lg">
            <Stack gap={2}>
              <Title order={4}>{t('geneCombinations.fields.defaultTemplate')}</Title>
            </Stack>
            <RichTextField
              label={t('geneCombinations.fields.defaultTemplateCs')}
              description={t('geneCombinations.defaultTemplateHint')}
              value={values.DefaultTemplate}
              onChange={(html) => form.setFieldValue('DefaultTemplate', html)}
              error={error('DefaultTemplate')}
              testId="gene-combination-default-cs"
            />
            <RichTextField
              label={t('geneCombinations.fields.defaultTemplateEn')}
              value={values.DefaultTemplateEn}
              onChange={(html) => form.setFieldValue('DefaultTemplateEn', html)}
              error={error('DefaultTemplateEn')}
              testId="gene-combination-default-en"
            />
            <RiskPicker
              label={t('templates.fields.defaultRisk')}
              value={values.Risk || null}
              onChange={(risk) => form.setFieldValue('Risk', risk)}
              error={error('Risk')}
              testId="gene-combination-risk"
            />
          </Stack>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.geneCombinations.show(gc.id))}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={edit.isPending || checkGenes.isPending}
            data-testid="gene-combination-submit"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function GeneCombinationEditRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const geneCombination = useGeneCombination(id);

  if (!Number.isInteger(id) || id <= 0 || geneCombination.isError) {
    return (
      <RedirectWithToast
        to={paths.geneCombinations.list}
        message={t('geneCombinations.loadFailed')}
        missing={isMissingRecord(id, geneCombination.error)}
      />
    );
  }
  const gc = geneCombination.data;
  const phenotype = gc ? localPhenotype(gc, locale) : '…';
  return (
    <>
      <PageHeader
        title={t('geneCombinations.editTitle')}
        description={gc ? `${phenotype} · ${gc.combinationGeneCode}` : undefined}
        breadcrumbs={[
          { label: t('nav.groups.templates') },
          { label: t('geneCombinations.title'), to: paths.geneCombinations.list },
          { label: phenotype, to: paths.geneCombinations.show(id) },
          { label: t('common.edit') },
        ]}
      />
      {gc ? <GeneCombinationForm key={gc.id} geneCombination={gc} /> : <SectionLoader />}
    </>
  );
}

export const Component = GeneCombinationEditRoute;
