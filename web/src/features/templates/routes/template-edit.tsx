import type { TemplateDetail } from '@genodesk/contract/templates';
import { editTemplateRequestSchema } from '@genodesk/contract/templates';
import { Button, Card, Checkbox, Collapse, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { paths } from '@/config/paths';
import { useQualifiedAct } from '@/features/auth/api/qualification';
import { QualificationHint } from '@/features/auth/components/qualification-hint';
import { isApiError } from '@/lib/api-client';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEditTemplate } from '../api/edit-template';
import { useTemplate } from '../api/get-template';
import { GenderBadge, GeneCodes } from '../components/badges';
import { richTextProblem, translateRowProblems } from '../components/form-helpers';
import { GenotypeEditor } from '../components/genotype-editor';
import {
  type GenotypeRow,
  rowProblems,
  rowsFromCombinations,
  rowsToCombinations,
  serverRowErrors,
} from '../components/genotype-rows';
import { localName, localPhenotype } from '../components/labels';
import { RiskPicker } from '../components/risk-picker';

interface EditValues extends Record<string, unknown> {
  templateId: number;
  rows: GenotypeRow[];
  templateText: string;
  templateEnText: string;
  risk: string;
  requiresConsultation: boolean;
  note: string;
  notify: boolean;
  emailBody: string;
}

function TemplateEditForm({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const navigate = useNavigate();
  const edit = useEditTemplate();
  // A word to the customers about their results is a physician's (issue 35): the box stays, inert, with why.
  const notifyAct = useQualifiedAct('notifyCustomers');
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const toRequest = (v: EditValues) => ({
    templateId: v.templateId,
    genotypeCombinations: rowsToCombinations(template.geneCodes, v.rows),
    templateText: v.templateText,
    templateEnText: v.templateEnText,
    risk: v.risk,
    requiresConsultation: v.requiresConsultation,
    note: v.note,
    emailBody: v.notify && v.emailBody ? v.emailBody : undefined,
  });
  const { form, field, applyServerErrors } = useZodForm<EditValues>(
    editTemplateRequestSchema,
    {
      initialValues: {
        templateId: template.id,
        rows: rowsFromCombinations(template.geneCodes, template.genotypeCombinations),
        templateText: template.templateText,
        templateEnText: template.templateEnText,
        risk: String(template.risk),
        requiresConsultation: template.requiresConsultation,
        note: template.note,
        notify: false,
        emailBody: '',
      },
      validateInputOnBlur: false,
    },
    toRequest,
  );
  const values = form.getValues();
  const error = (name: string) => {
    const value = form.errors[name];
    return typeof value === 'string' ? tm(value) : undefined;
  };

  const submit = form.onSubmit((v) => {
    const problems = rowProblems(template.geneCodes, v.rows);
    setRowErrors(translateRowProblems(problems, locale));
    const textProblems = {
      templateText: richTextProblem(v.templateText, true),
      templateEnText: richTextProblem(v.templateEnText, false),
      emailBody: v.notify ? richTextProblem(v.emailBody, true) : undefined,
    };
    for (const [name, problem] of Object.entries(textProblems))
      if (problem) form.setFieldError(name, problem);
    if (problems.size > 0 || Object.values(textProblems).some(Boolean)) return scrollToFirstError();
    edit.mutate(toRequest(v), {
      onSuccess: (reply) => {
        notifySuccess(
          reply.emailsQueued > 0
            ? t('templates.savedWithEmails', { count: reply.emailsQueued })
            : t('templates.saved'),
        );
        navigate(paths.templates.show(template.id));
      },
      onError: (failure) => {
        applyServerErrors(failure);
        if (isApiError(failure)) setRowErrors(serverRowErrors(failure.fields));
        notifyError(t('templates.editFailed'));
        scrollToFirstError();
      },
    });
  }, scrollToFirstError);

  return (
    <form onSubmit={submit} noValidate data-testid="template-edit-form">
      <Stack gap="lg">
        <Card withBorder radius="md" p="xl">
          <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
            <Stack gap={2}>
              <Title order={4}>{t('templates.sections.genotypes')}</Title>
              <Text fz="sm" c="dimmed">
                {t('templates.genotypes.editHint')}
              </Text>
            </Stack>
            <Group gap="xs">
              <GeneCodes codes={template.geneCodes} />
              <GenderBadge gender={template.gender} />
            </Group>
          </Group>
          <GenotypeEditor
            geneCodes={template.geneCodes}
            rows={values.rows}
            onChange={(rows) => {
              form.setFieldValue('rows', rows);
              setRowErrors(new Map());
            }}
            errors={rowErrors}
            testId="template-genotypes"
          />
        </Card>
        <Card withBorder radius="md" p="xl">
          <Stack gap="lg">
            <Title order={4}>{t('templates.sections.text')}</Title>
            <RichTextField
              label={t('templates.fields.templateText')}
              withAsterisk
              value={values.templateText}
              onChange={(html) => form.setFieldValue('templateText', html)}
              error={error('templateText')}
              testId="template-text-cs"
            />
            <RichTextField
              label={t('templates.fields.templateEnText')}
              value={values.templateEnText}
              onChange={(html) => form.setFieldValue('templateEnText', html)}
              error={error('templateEnText')}
              testId="template-text-en"
            />
            <RiskPicker
              value={values.risk}
              onChange={(risk) => form.setFieldValue('risk', risk)}
              error={error('risk')}
              testId="template-risk"
            />
            <Checkbox
              label={t('templates.fields.requiresConsultation')}
              description={t('templates.fields.requiresConsultationHint')}
              checked={values.requiresConsultation}
              onChange={(event) => form.setFieldValue('requiresConsultation', event.currentTarget.checked)}
              error={error('requiresConsultation')}
              data-testid="template-requires-consultation"
            />
            <Textarea
              label={t('templates.fields.note')}
              description={t('templates.fields.noteHint')}
              autosize
              minRows={2}
              data-testid="template-note"
              {...field('note')}
            />
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Checkbox
            label={t('templates.notify.label')}
            description={t('templates.notify.description')}
            data-testid="template-notify"
            {...field('notify', { type: 'checkbox' })}
            disabled={!notifyAct.allowed}
            aria-describedby={notifyAct.controlProps['aria-describedby']}
          />
          <QualificationHint state={notifyAct} testId="template-notify-physician-only" />
          <Collapse in={values.notify && notifyAct.allowed}>
            <Stack pt="md">
              <RichTextField
                label={t('templates.fields.emailBody')}
                withAsterisk
                withMedia={false}
                value={values.emailBody}
                onChange={(html) => form.setFieldValue('emailBody', html)}
                error={error('emailBody')}
                minHeight={120}
                testId="template-email-body"
              />
            </Stack>
          </Collapse>
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => navigate(paths.templates.show(template.id))}
            data-testid="template-edit-cancel"
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={edit.isPending} data-testid="template-edit-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TemplateEditRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const template = useTemplate(id);

  if (!Number.isInteger(id) || id <= 0 || template.isError) {
    return (
      <RedirectWithToast
        to={paths.templates.list}
        message={t('templates.loadFailed')}
        missing={isMissingRecord(id, template.error)}
      />
    );
  }
  const tpl = template.data;
  const phenotype = tpl ? localPhenotype(tpl, locale) : '…';

  return (
    <>
      <PageHeader
        title={t('templates.editTitle')}
        description={
          tpl
            ? `${phenotype} · ${localName(tpl.category, locale)} › ${localName(tpl.subCategory, locale)}`
            : undefined
        }
        breadcrumbs={[
          { label: t('templates.title'), to: paths.templates.list },
          { label: `${phenotype} #${id}`, to: paths.templates.show(id) },
          { label: t('common.edit') },
        ]}
      />
      {tpl ? <TemplateEditForm key={tpl.id} template={tpl} /> : <SectionLoader />}
    </>
  );
}

export const Component = TemplateEditRoute;
