import { type Message, translateMessage } from '@genodesk/contract/messages';
import { createTemplateRequestSchema } from '@genodesk/contract/templates';
import { Button, Card, Divider, Group, Stepper } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCreateTemplate } from '../api/create-template';
import { useValidateGeneCombination } from '../api/validate-gene-combination';
import { useValidateGenotypeCombinations } from '../api/validate-genotype-combinations';
import { richTextProblem, translateRowProblems } from '../components/form-helpers';
import {
  alignRows,
  emptyRow,
  type GenotypeRow,
  rowProblems,
  rowsToCombinations,
  serverRowErrors,
} from '../components/genotype-rows';
import {
  firstStep,
  initialWizardValues,
  lastStep,
  stepOfField,
  stepProblems,
  toCreateRequest,
  typedGeneCodes,
  type WizardValues,
  wizardSteps,
} from '../components/wizard-logic';
import {
  CategoryStep,
  GeneCombinationStep,
  GenotypesStep,
  NoteStep,
  SubCategoryStep,
  TextStep,
  useWizardNames,
} from '../components/wizard-steps';

/** SPEC §2: the template creation wizard — category, subcategory, gene combination, genotypes, text, note. */
export function TemplateCreateRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [step, setStep] = useState(firstStep);
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [genesChecked, setGenesChecked] = useState<string | null>(null);
  const create = useCreateTemplate();
  const checkGenes = useValidateGeneCombination();
  const checkRows = useValidateGenotypeCombinations();
  const { form, applyServerErrors } = useZodForm<WizardValues>(
    createTemplateRequestSchema,
    { initialValues: initialWizardValues(), validateInputOnBlur: false },
    (v) => toCreateRequest(v, v.rowGenes),
  );
  const values = form.getValues();
  const names = useWizardNames(values);
  const geneCodes =
    names.modes.geneCombination === 'existing'
      ? (names.geneCombination?.geneCodes ?? [])
      : (typedGeneCodes(values.geneCombination) ?? []);

  const error = (name: string) => {
    const value = form.errors[name];
    return typeof value === 'string' ? translateMessage(value, locale) : undefined;
  };

  const showProblems = (problems: Record<string, Message>) => {
    for (const [name, message] of Object.entries(problems))
      form.setFieldError(name, translateMessage(message.key, locale, message.params));
    return Object.keys(problems).length === 0;
  };

  /** The rows follow the genes: a first empty row, or the cells re-aligned when the genes changed. */
  const prepareRows = () => {
    const current = form.getValues();
    const same =
      current.rowGenes.length === geneCodes.length &&
      current.rowGenes.every((code, i) => code.toLowerCase() === geneCodes[i]?.toLowerCase());
    if (current.rows.length === 0) form.setFieldValue('rows', [emptyRow(geneCodes.length)]);
    else if (!same) form.setFieldValue('rows', alignRows(current.rows, current.rowGenes, geneCodes));
    form.setFieldValue('rowGenes', [...geneCodes]);
  };

  const validateGenes = async (): Promise<boolean> => {
    const current = form.getValues();
    const value = current.geneCombination.trim();
    if (!value) return false;
    const local = stepProblems(3, current).geneCombination;
    if (local) {
      form.setFieldError('geneCombination', translateMessage(local.key, locale, local.params));
      return false;
    }
    if (genesChecked === value) return true;
    try {
      await checkGenes.mutateAsync({ GeneCombination: value });
      setGenesChecked(value);
      return true;
    } catch (failure) {
      setGenesChecked(null);
      form.setFieldError(
        'geneCombination',
        isApiError(failure) ? (failure.fields.GeneCombination ?? failure.message) : t('errors.loadFailed'),
      );
      return false;
    }
  };

  const validateRows = async (): Promise<boolean> => {
    const current = form.getValues();
    const problems = rowProblems(geneCodes, current.rows);
    setRowErrors(translateRowProblems(problems, locale));
    if (problems.size > 0) return false;
    try {
      await checkRows.mutateAsync({
        ...(names.modes.geneCombination === 'existing'
          ? { geneCombinationId: Number(current.geneCombinationId) }
          : { geneCombination: current.geneCombination.trim() }),
        genotypeCombinations: rowsToCombinations(geneCodes, current.rows),
      });
      return true;
    } catch (failure) {
      if (isApiError(failure)) {
        const errors = serverRowErrors(failure.fields);
        setRowErrors(errors.size > 0 ? errors : new Map([[-1, failure.message]]));
      } else setRowErrors(new Map([[-1, t('errors.loadFailed')]]));
      return false;
    }
  };

  const next = async () => {
    const current = form.getValues();
    if (!showProblems(stepProblems(step, current))) return;
    if (step === 3 && names.modes.geneCombination === 'new' && !(await validateGenes())) return;
    if (step === 3) prepareRows();
    if (step === 4 && !(await validateRows())) return;
    if (step === 5) {
      const problems = {
        templateText: richTextProblem(current.templateText, true),
        templateEnText: richTextProblem(current.templateEnText, false),
      };
      let ok = true;
      for (const [name, problem] of Object.entries(problems))
        if (problem) {
          form.setFieldError(name, translateMessage(problem, locale));
          ok = false;
        }
      if (!ok) return;
    }
    setStep((s) => Math.min(lastStep, s + 1));
  };

  const back = () => setStep((s) => Math.max(firstStep, s - 1));

  const submit = () => {
    const current = form.getValues();
    create.mutate(toCreateRequest(current, geneCodes), {
      onSuccess: (template) => {
        notifySuccess(t('templates.created'));
        navigate(paths.templates.show(template.id), { replace: true });
      },
      onError: (failure) => {
        notifyError(t('templates.createFailed'));
        if (!isApiError(failure)) return;
        applyServerErrors(failure);
        const rows = serverRowErrors(failure.fields);
        setRowErrors(rows);
        const steps = Object.keys(failure.fields).map(stepOfField);
        if (steps.length > 0) setStep(Math.min(...steps));
      },
    });
  };

  const onRowsChange = (rows: GenotypeRow[]) => {
    form.setFieldValue('rows', rows);
    setRowErrors(new Map());
  };

  const busy = checkGenes.isPending || checkRows.isPending;

  return (
    <>
      <PageHeader
        title={t('templates.createTitle')}
        description={t('templates.createDescription')}
        breadcrumbs={[
          { label: t('templates.title'), to: paths.templates.list },
          { label: t('templates.createTitle') },
        ]}
      />
      <Card withBorder radius="md" p="xl" data-testid="template-wizard">
        <Stepper
          active={step - 1}
          onStepClick={(index) => index + 1 < step && setStep(index + 1)}
          allowNextStepsSelect={false}
          size="sm"
          iconSize={32}
          mb="xl"
          data-testid="wizard-stepper"
          data-step={step}
        >
          {wizardSteps.map((name) => (
            <Stepper.Step
              key={name}
              label={t(`templates.wizard.steps.${name}`)}
              data-testid={`wizard-stepper-${name}`}
            />
          ))}
        </Stepper>
        <div data-testid="wizard-step" data-step={step}>
          {step === 1 && <CategoryStep form={form} error={error} />}
          {step === 2 && <SubCategoryStep form={form} error={error} />}
          {step === 3 && (
            <GeneCombinationStep
              form={form}
              error={error}
              checking={checkGenes.isPending}
              checked={genesChecked !== null && genesChecked === values.geneCombination.trim()}
              onGenesBlur={() => {
                if (values.geneCombination.trim() && genesChecked !== values.geneCombination.trim())
                  void validateGenes();
              }}
            />
          )}
          {step === 4 && (
            <GenotypesStep
              form={form}
              geneCodes={geneCodes}
              rowErrors={rowErrors}
              onRowsChange={onRowsChange}
              checking={checkRows.isPending}
            />
          )}
          {step === 5 && <TextStep form={form} error={error} />}
          {step === 6 && <NoteStep form={form} error={error} geneCodes={geneCodes} />}
        </div>
        <Divider my="xl" />
        <Group justify="space-between">
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => navigate(paths.templates.list)}
              data-testid="wizard-cancel"
            >
              {t('common.cancel')}
            </Button>
          </Group>
          <Group gap="sm">
            {step > firstStep && (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} />}
                onClick={back}
                data-testid="wizard-back"
              >
                {t('templates.wizard.back')}
              </Button>
            )}
            {step < lastStep ? (
              <Button
                rightSection={<IconArrowRight size={16} />}
                onClick={() => void next()}
                loading={busy}
                data-testid="wizard-next"
              >
                {t('templates.wizard.next')}
              </Button>
            ) : (
              <Button
                leftSection={<IconCheck size={16} />}
                onClick={submit}
                loading={create.isPending}
                data-testid="wizard-submit"
              >
                {t('templates.wizard.submit')}
              </Button>
            )}
          </Group>
        </Group>
      </Card>
    </>
  );
}

export const Component = TemplateCreateRoute;
