import type { GeneCombinationOption } from '@genodesk/contract/templates';
import {
  Alert,
  Card,
  Checkbox,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { useLocale } from '@/lib/use-locale';
import { useCategoryOptions } from '../api/get-category-options';
import { useGeneCombinationOptions } from '../api/get-gene-combination-options';
import { useSubcategoryOptions } from '../api/get-subcategory-options';
import { ClinicalWeightBadge, GenderBadge, GeneCodes, RiskBadge } from './badges';
import { ClinicalWeightSelect } from './clinical-weight-select';
import { GenderPicker } from './gender-picker';
import { GenotypeEditor } from './genotype-editor';
import type { GenotypeRow } from './genotype-rows';
import { localName, localPhenotype } from './labels';
import { RiskPicker } from './risk-picker';
import { type Choice, effectiveModes, type WizardValues } from './wizard-logic';

type Form = UseFormReturnType<WizardValues>;
type ErrorOf = (name: string) => string | undefined;

interface StepProps {
  form: Form;
  error: ErrorOf;
}

function StepIntro({ title, hint }: { title: string; hint: string }) {
  return (
    <Stack gap={2} mb="lg">
      <Text fw={700} fz="lg" data-testid="wizard-step-title">
        {title}
      </Text>
      <Text fz="sm" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

function ChoiceSwitch({
  value,
  onChange,
  existingLabel,
  newLabel,
  disabledExisting,
  testId,
}: {
  value: Choice;
  onChange: (value: Choice) => void;
  existingLabel: string;
  newLabel: string;
  disabledExisting?: boolean;
  testId: string;
}) {
  return (
    <SegmentedControl
      value={value}
      onChange={(v) => onChange(v as Choice)}
      data={[
        { value: 'existing', label: existingLabel, disabled: disabledExisting },
        { value: 'new', label: newLabel },
      ]}
      data-testid={testId}
      mb="md"
    />
  );
}

/** The chosen parent, shown above a step. */
function Context({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Card withBorder radius="md" bg="gray.0" p="sm" mb="lg">
      <Group gap="xl" wrap="wrap">
        {items.map((item) => (
          <Stack gap={0} key={item.label}>
            <Text fz={11} tt="uppercase" fw={700} c="dimmed" lts={0.4}>
              {item.label}
            </Text>
            <Text fz="sm" fw={600} component="div">
              {item.value}
            </Text>
          </Stack>
        ))}
      </Group>
    </Card>
  );
}

export function useWizardNames(values: WizardValues) {
  const { locale } = useLocale();
  const modes = effectiveModes(values);
  const categories = useCategoryOptions();
  const categoryId =
    modes.category === 'existing' && values.categoryId ? Number(values.categoryId) : undefined;
  const subcategories = useSubcategoryOptions(categoryId);
  const subCategoryId =
    modes.subCategory === 'existing' && values.subCategoryId ? Number(values.subCategoryId) : undefined;
  const geneCombinations = useGeneCombinationOptions(subCategoryId);
  // A new one is named as the reader will see it: in their language.
  const category =
    modes.category === 'new'
      ? { name: values.category.trim(), nameEn: values.categoryEn.trim() }
      : (categories.data?.find((c) => String(c.id) === values.categoryId) ?? null);
  const subCategory =
    modes.subCategory === 'new'
      ? { name: values.subCategory.trim(), nameEn: values.subCategoryEn.trim() }
      : (subcategories.data?.find((c) => String(c.id) === values.subCategoryId) ?? null);
  const geneCombination =
    modes.geneCombination === 'existing'
      ? (geneCombinations.data?.find((g) => String(g.id) === values.geneCombinationId) ?? null)
      : null;
  const name = (value: { name: string; nameEn: string } | null) =>
    value === null ? '—' : localName(value, locale) || '—';
  return {
    modes,
    categories,
    subcategories,
    geneCombinations,
    categoryName: name(category),
    subCategoryName: name(subCategory),
    geneCombination,
    phenotypeName: geneCombination ? localPhenotype(geneCombination, locale) : values.phenotype.trim() || '—',
  };
}

/** A new category's names, Czech and English side by side (reports go out in both). */
function NewCategoryNames({
  form,
  error,
  field,
  label,
  testId,
}: StepProps & { field: 'category' | 'subCategory'; label: string; testId: string }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const english = `${field}En` as const;
  return (
    <Stack gap="sm" maw={720}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={`${label} (${t('templates.wizard.czech')})`}
          withAsterisk
          value={values[field]}
          onChange={(e) => {
            form.setFieldValue(field, e.currentTarget.value);
            form.clearFieldError(field);
          }}
          error={error(field)}
          data-testid={testId}
        />
        <TextInput
          label={`${label} (${t('templates.wizard.english')})`}
          withAsterisk
          value={values[english]}
          onChange={(e) => {
            form.setFieldValue(english, e.currentTarget.value);
            form.clearFieldError(english);
          }}
          error={error(english)}
          data-testid={`${testId}-en`}
        />
      </SimpleGrid>
      <Text fz="xs" c="dimmed">
        {t('templates.wizard.nameHint')}
      </Text>
    </Stack>
  );
}

export function CategoryStep({ form, error }: StepProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const values = form.getValues();
  const { categories } = useWizardNames(values);
  const noneYet = categories.data?.length === 0;
  useEffect(() => {
    if (noneYet && form.getValues().categoryMode !== 'new') form.setFieldValue('categoryMode', 'new');
  }, [noneYet, form]);
  return (
    <>
      <StepIntro title={t('templates.wizard.category.title')} hint={t('templates.wizard.category.hint')} />
      <ChoiceSwitch
        value={noneYet ? 'new' : values.categoryMode}
        onChange={(mode) => form.setFieldValue('categoryMode', mode)}
        existingLabel={t('templates.wizard.pickExisting')}
        newLabel={t('templates.wizard.createNew')}
        disabledExisting={noneYet}
        testId="wizard-category-mode"
      />
      {values.categoryMode === 'existing' && !noneYet ? (
        <Select
          label={t('templates.fields.category')}
          placeholder={t('templates.wizard.category.pick')}
          withAsterisk
          searchable
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: localName(c, locale) }))}
          value={values.categoryId}
          onChange={(v) => {
            form.setFieldValue('categoryId', v);
            form.setFieldValue('subCategoryId', null);
            form.setFieldValue('geneCombinationId', null);
            form.clearFieldError('categoryId');
          }}
          rightSection={categories.isPending ? <Loader size="xs" /> : undefined}
          error={error('categoryId')}
          maw={480}
          data-testid="wizard-category-select"
        />
      ) : (
        <NewCategoryNames
          form={form}
          error={error}
          field="category"
          label={t('templates.wizard.category.newName')}
          testId="wizard-category-name"
        />
      )}
    </>
  );
}

export function SubCategoryStep({ form, error }: StepProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const values = form.getValues();
  const { modes, subcategories, categoryName } = useWizardNames(values);
  const noneYet = modes.category === 'new' || subcategories.data?.length === 0;
  useEffect(() => {
    if (noneYet && form.getValues().subCategoryMode !== 'new') form.setFieldValue('subCategoryMode', 'new');
  }, [noneYet, form]);
  return (
    <>
      <StepIntro
        title={t('templates.wizard.subCategory.title')}
        hint={t('templates.wizard.subCategory.hint')}
      />
      <Context items={[{ label: t('templates.fields.category'), value: categoryName }]} />
      <ChoiceSwitch
        value={noneYet ? 'new' : values.subCategoryMode}
        onChange={(mode) => form.setFieldValue('subCategoryMode', mode)}
        existingLabel={t('templates.wizard.pickExisting')}
        newLabel={t('templates.wizard.createNew')}
        disabledExisting={noneYet}
        testId="wizard-subcategory-mode"
      />
      {modes.subCategory === 'existing' && !noneYet ? (
        <Select
          label={t('templates.fields.subCategory')}
          placeholder={t('templates.wizard.subCategory.pick')}
          withAsterisk
          searchable
          data={(subcategories.data ?? []).map((c) => ({ value: String(c.id), label: localName(c, locale) }))}
          value={values.subCategoryId}
          onChange={(v) => {
            form.setFieldValue('subCategoryId', v);
            form.setFieldValue('geneCombinationId', null);
            form.clearFieldError('subCategoryId');
          }}
          rightSection={subcategories.isFetching ? <Loader size="xs" /> : undefined}
          error={error('subCategoryId')}
          maw={480}
          data-testid="wizard-subcategory-select"
        />
      ) : (
        <NewCategoryNames
          form={form}
          error={error}
          field="subCategory"
          label={t('templates.wizard.subCategory.newName')}
          testId="wizard-subcategory-name"
        />
      )}
    </>
  );
}

function GeneCombinationCard({ option }: { option: GeneCombinationOption }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Card withBorder radius="md" p="md" data-testid="wizard-gene-combination-card">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={4}>
          <Text fw={700}>{localPhenotype(option, locale)}</Text>
          <Text fz="xs" c="dimmed">
            {t('templates.fields.genes')}
          </Text>
          <GeneCodes codes={option.geneCodes} />
        </Stack>
        <Group gap="xs">
          <ClinicalWeightBadge weight={option.clinicalWeight} testId="wizard-gene-combination-weight" />
          <GenderBadge gender={option.gender} />
        </Group>
      </Group>
    </Card>
  );
}

export function GeneCombinationStep({
  form,
  error,
  checking,
  checked,
  onGenesBlur,
}: StepProps & { checking: boolean; checked: boolean; onGenesBlur: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const values = form.getValues();
  const { modes, geneCombinations, geneCombination, categoryName, subCategoryName } = useWizardNames(values);
  const noneYet = modes.subCategory === 'new' || geneCombinations.data?.length === 0;
  useEffect(() => {
    if (noneYet && form.getValues().geneCombinationMode !== 'new')
      form.setFieldValue('geneCombinationMode', 'new');
  }, [noneYet, form]);
  return (
    <>
      <StepIntro
        title={t('templates.wizard.geneCombination.title')}
        hint={t('templates.wizard.geneCombination.hint')}
      />
      <Context
        items={[
          { label: t('templates.fields.category'), value: categoryName },
          { label: t('templates.fields.subCategory'), value: subCategoryName },
        ]}
      />
      <ChoiceSwitch
        value={noneYet ? 'new' : values.geneCombinationMode}
        onChange={(mode) => form.setFieldValue('geneCombinationMode', mode)}
        existingLabel={t('templates.wizard.pickExisting')}
        newLabel={t('templates.wizard.geneCombination.defineNew')}
        disabledExisting={noneYet}
        testId="wizard-gene-combination-mode"
      />
      {modes.geneCombination === 'existing' && !noneYet ? (
        <Stack gap="md" maw={560}>
          <Select
            label={t('templates.fields.phenotype')}
            placeholder={t('templates.wizard.geneCombination.pick')}
            withAsterisk
            searchable
            data={(geneCombinations.data ?? []).map((g) => ({
              value: String(g.id),
              label: `${localPhenotype(g, locale)} (${g.combinationGeneCode})`,
            }))}
            value={values.geneCombinationId}
            onChange={(v) => {
              form.setFieldValue('geneCombinationId', v);
              form.clearFieldError('geneCombinationId');
            }}
            error={error('geneCombinationId')}
            data-testid="wizard-gene-combination-select"
          />
          {geneCombination && <GeneCombinationCard option={geneCombination} />}
        </Stack>
      ) : (
        <Stack gap="md">
          <TextInput
            label={t('templates.fields.geneCodes')}
            description={t('templates.wizard.geneCombination.codesHint')}
            placeholder={t('templates.wizard.geneCombination.codesPlaceholder')}
            withAsterisk
            value={values.geneCombination}
            onChange={(e) => {
              form.setFieldValue('geneCombination', e.currentTarget.value);
              form.clearFieldError('geneCombination');
            }}
            onBlur={onGenesBlur}
            error={error('geneCombination')}
            rightSection={
              checking ? (
                <Loader size="xs" />
              ) : checked && !error('geneCombination') ? (
                <ThemeIcon variant="transparent" color="teal" size="sm">
                  <IconCircleCheck size={18} />
                </ThemeIcon>
              ) : undefined
            }
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            maw={560}
            data-testid="wizard-gene-codes"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={760}>
            <TextInput
              label={t('templates.fields.phenotypeCs')}
              withAsterisk
              value={values.phenotype}
              onChange={(e) => {
                form.setFieldValue('phenotype', e.currentTarget.value);
                form.clearFieldError('phenotype');
              }}
              error={error('phenotype')}
              data-testid="wizard-phenotype-cs"
            />
            <TextInput
              label={t('templates.fields.phenotypeEn')}
              value={values.phenotypeEn}
              onChange={(e) => form.setFieldValue('phenotypeEn', e.currentTarget.value)}
              error={error('phenotypeEn')}
              data-testid="wizard-phenotype-en"
            />
          </SimpleGrid>
          <GenderPicker
            label={t('templates.fields.gender')}
            value={values.gender}
            onChange={(g) => {
              form.setFieldValue('gender', g);
              form.clearFieldError('gender');
            }}
            error={error('gender')}
            testId="wizard-gender"
          />
          <ClinicalWeightSelect
            value={values.clinicalWeight}
            onChange={(weight) => {
              form.setFieldValue('clinicalWeight', weight);
              form.clearFieldError('clinicalWeight');
            }}
            error={error('clinicalWeight')}
            testId="wizard-clinical-weight"
          />
        </Stack>
      )}
    </>
  );
}

export function GenotypesStep({
  form,
  geneCodes,
  rowErrors,
  onRowsChange,
  checking,
}: {
  form: Form;
  geneCodes: string[];
  rowErrors: ReadonlyMap<number, string>;
  onRowsChange: (rows: GenotypeRow[]) => void;
  checking: boolean;
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  const { phenotypeName } = useWizardNames(values);
  return (
    <>
      <StepIntro title={t('templates.wizard.genotypes.title')} hint={t('templates.wizard.genotypes.hint')} />
      <Context
        items={[
          { label: t('templates.fields.phenotype'), value: phenotypeName },
          { label: t('templates.fields.genes'), value: <GeneCodes codes={geneCodes} /> },
        ]}
      />
      <GenotypeEditor
        geneCodes={geneCodes}
        rows={values.rows}
        onChange={onRowsChange}
        errors={rowErrors}
        testId="wizard-genotypes"
      />
      {checking && (
        <Group gap="xs" mt="sm">
          <Loader size="xs" />
          <Text fz="sm" c="dimmed">
            {t('templates.wizard.genotypes.checking')}
          </Text>
        </Group>
      )}
    </>
  );
}

export function TextStep({ form, error }: StepProps) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <>
      <StepIntro title={t('templates.wizard.text.title')} hint={t('templates.wizard.text.hint')} />
      <Stack gap="lg">
        <RichTextField
          label={t('templates.fields.templateText')}
          withAsterisk
          value={values.templateText}
          onChange={(html) => {
            form.setFieldValue('templateText', html);
            form.clearFieldError('templateText');
          }}
          error={error('templateText')}
          testId="wizard-text-cs"
        />
        <RichTextField
          label={t('templates.fields.templateEnText')}
          value={values.templateEnText}
          onChange={(html) => {
            form.setFieldValue('templateEnText', html);
            form.clearFieldError('templateEnText');
          }}
          error={error('templateEnText')}
          testId="wizard-text-en"
        />
        <RiskPicker
          value={values.risk}
          onChange={(risk) => {
            form.setFieldValue('risk', risk);
            form.clearFieldError('risk');
          }}
          error={error('risk')}
          testId="wizard-risk"
        />
        <Checkbox
          label={t('templates.fields.requiresConsultation')}
          description={t('templates.fields.requiresConsultationHint')}
          checked={values.requiresConsultation}
          onChange={(event) => form.setFieldValue('requiresConsultation', event.currentTarget.checked)}
          data-testid="wizard-requires-consultation"
        />
      </Stack>
    </>
  );
}

export function NoteStep({ form, error, geneCodes }: StepProps & { geneCodes: string[] }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const names = useWizardNames(values);
  return (
    <>
      <StepIntro title={t('templates.wizard.note.title')} hint={t('templates.wizard.note.hint')} />
      <Stack gap="lg">
        <Textarea
          label={t('templates.fields.note')}
          description={t('templates.fields.noteHint')}
          autosize
          minRows={3}
          value={values.note}
          onChange={(e) => form.setFieldValue('note', e.currentTarget.value)}
          error={error('note')}
          data-testid="wizard-note"
        />
        <Input.Wrapper label={t('templates.wizard.summary')}>
          <Card withBorder radius="md" p="md" mt={6} data-testid="wizard-summary">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              <Summary label={t('templates.fields.category')} value={names.categoryName} />
              <Summary label={t('templates.fields.subCategory')} value={names.subCategoryName} />
              <Summary label={t('templates.fields.phenotype')} value={names.phenotypeName} />
              <Summary
                label={t('templates.fields.clinicalWeight')}
                value={
                  <ClinicalWeightBadge
                    weight={
                      names.modes.geneCombination === 'new'
                        ? Number(values.clinicalWeight)
                        : names.geneCombination?.clinicalWeight
                    }
                  />
                }
              />
              <Summary label={t('templates.fields.genes')} value={<GeneCodes codes={geneCodes} />} />
              <Summary
                label={t('templates.sections.genotypes')}
                value={t('templates.wizard.rowCount', { count: values.rows.length })}
              />
              <Summary label={t('templates.fields.risk')} value={<RiskBadge risk={Number(values.risk)} />} />
            </SimpleGrid>
          </Card>
        </Input.Wrapper>
        {names.modes.geneCombination === 'new' && (
          <Alert variant="light" color="teal" icon={<IconInfoCircle size={18} />}>
            {t('templates.wizard.newGeneCombinationNote')}
          </Alert>
        )}
      </Stack>
    </>
  );
}

function Summary({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz={11} tt="uppercase" fw={700} c="dimmed" lts={0.4}>
        {label}
      </Text>
      <Text fz="sm" fw={600} component="div">
        {value}
      </Text>
    </Stack>
  );
}
