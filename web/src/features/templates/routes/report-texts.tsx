import { Permissions } from '@genodesk/contract/permissions';
import {
  type ReportTexts,
  reportTextMaxLength,
  reportTextsEditRequestSchema,
} from '@genodesk/contract/products';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/features/auth/api/get-current-user';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { formatDateTime, formatNumber } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useReportTexts, useSaveReportTexts } from '../api/report-texts';

interface Values extends Record<string, unknown> {
  Limitations: string;
  LimitationsEn: string;
  Disclaimer: string;
  DisclaimerEn: string;
}

/** Each text's pair of fields (Czech, English) in one card. */
const sections = [
  {
    key: 'limitations',
    fields: [
      { name: 'Limitations', label: 'limitationsCs', testId: 'report-texts-limitations-cs', lang: 'cs' },
      { name: 'LimitationsEn', label: 'limitationsEn', testId: 'report-texts-limitations-en', lang: 'en' },
    ],
  },
  {
    key: 'disclaimer',
    fields: [
      { name: 'Disclaimer', label: 'disclaimerCs', testId: 'report-texts-disclaimer-cs', lang: 'cs' },
      { name: 'DisclaimerEn', label: 'disclaimerEn', testId: 'report-texts-disclaimer-en', lang: 'en' },
    ],
  },
] as const;

function ReportTextsForm({ texts, canEdit }: { texts: ReportTexts; canEdit: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const save = useSaveReportTexts();
  const { form, field, applyServerErrors } = useZodForm<Values>(reportTextsEditRequestSchema, {
    initialValues: {
      Limitations: texts.limitations,
      LimitationsEn: texts.limitationsEn,
      Disclaimer: texts.disclaimer,
      DisclaimerEn: texts.disclaimerEn,
    },
  });

  const submit = form.onSubmit((values) => {
    save.mutate(values, {
      onSuccess: () => notifySuccess(t('reportTexts.saved')),
      onError: (failure) => {
        applyServerErrors(failure);
        notifyError(t('reportTexts.saveFailed'));
        scrollToFirstError();
      },
    });
  }, scrollToFirstError);

  return (
    <form onSubmit={submit} noValidate data-testid="report-texts-form">
      <Stack gap="lg">
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          <Stack gap={4}>
            <Text fz="sm">{t('reportTexts.notice')}</Text>
            <Text fz="sm" fw={600} data-testid="report-texts-status">
              {texts.isDefault || !texts.updatedAt
                ? t('reportTexts.defaults')
                : t('reportTexts.updated', {
                    name: texts.updatedBy?.userName ?? '—',
                    date: formatDateTime(texts.updatedAt, locale),
                  })}
            </Text>
          </Stack>
        </Alert>
        {!canEdit && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconLock size={18} />}
            data-testid="report-texts-read-only"
          >
            {t('reportTexts.readOnly')}
          </Alert>
        )}
        {sections.map((section) => (
          <Card key={section.key} withBorder radius="md" p="xl">
            <Stack gap="lg">
              <Title order={3} fz="h4">
                {t(`reportTexts.${section.key}`)}
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                {section.fields.map((input) => (
                  <Textarea
                    key={input.name}
                    label={t(`reportTexts.${input.label}`)}
                    description={
                      canEdit
                        ? t('reportTexts.hint', { max: formatNumber(reportTextMaxLength, locale) })
                        : undefined
                    }
                    lang={input.lang}
                    withAsterisk={canEdit}
                    readOnly={!canEdit}
                    autosize
                    minRows={6}
                    maxRows={18}
                    data-testid={input.testId}
                    {...field(input.name)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
        {canEdit && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!form.isDirty() || save.isPending}
              onClick={() => form.reset()}
              data-testid="report-texts-reset"
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="report-texts-submit">
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * The report PDF's limitations and disclaimer, in Czech and English (issue 22): every later preview
 * and publication prints them; issued versions stay as they were. Read-only without Templates.Edit.
 */
export function ReportTextsRoute() {
  const { t } = useTranslation();
  const texts = useReportTexts();
  const canEdit = useCan(Permissions.TemplatesEdit);

  return (
    <>
      <PageHeader
        title={t('reportTexts.title')}
        description={t('reportTexts.description')}
        breadcrumbs={[{ label: t('nav.groups.templates') }, { label: t('reportTexts.title') }]}
      />
      {texts.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="report-texts-load-failed">
          {t('reportTexts.loadFailed')}
        </Alert>
      ) : texts.data ? (
        // Saved texts come back as the new starting point of the form.
        <ReportTextsForm key={texts.data.updatedAt ?? 'defaults'} texts={texts.data} canEdit={canEdit} />
      ) : (
        <SectionLoader />
      )}
    </>
  );
}

export const Component = ReportTextsRoute;
