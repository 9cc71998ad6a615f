import { ProductStatus, registrationSources } from '@genodesk/contract/enums';
import { type Locale, locales } from '@genodesk/contract/locales';
import {
  type RecipientFilter,
  type SendEmailRequest,
  sendEmailRequestSchema,
} from '@genodesk/contract/messaging';
import { Permissions } from '@genodesk/contract/permissions';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEye, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '@/components/dates/date-range-filter';
import { PageHeader } from '@/components/page-header';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { useCan } from '@/features/auth/api/get-current-user';
import { useQualifiedAct } from '@/features/auth/api/qualification';
import { registrationSourceName } from '@/features/customers/components/labels';
import { productStatusName } from '@/features/products/components/product-status-badge';
import { isApiError, newIdempotencyKey } from '@/lib/api-client';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEmailCategories } from '../api/get-email-categories';
import { useRecipients } from '../api/get-recipients';
import { useEmailPreview } from '../api/preview-email';
import { useSendEmail } from '../api/send-email';
import { EmailFrame } from '../components/email-frame';
import { MailingProgress } from '../components/mailing-progress';
import { RecipientSummary } from '../components/recipient-summary';
import { VersionTabs } from '../components/version-tabs';

type Mode = 'to' | 'filter';

interface EmailFormValues extends Record<string, unknown> {
  Mode: Mode;
  To: string;
  registrationSource: string | null;
  registeredFrom: string | undefined;
  registeredTo: string | undefined;
  categoryId: string | null;
  reportStatus: string | null;
  hasPublishedReport: string;
  language: string | null;
  Subject: string;
  Body: string;
  SubjectEn: string;
  BodyEn: string;
}

const initialValues: EmailFormValues = {
  Mode: 'filter',
  To: '',
  registrationSource: null,
  registeredFrom: undefined,
  registeredTo: undefined,
  categoryId: null,
  reportStatus: null,
  hasPublishedReport: '',
  language: null,
  Subject: '',
  Body: '',
  SubjectEn: '',
  BodyEn: '',
};

/** The filter as the API reads it: only the criteria that were picked. */
function filterOf(v: EmailFormValues): RecipientFilter {
  const filter: RecipientFilter = {};
  if (v.registrationSource) filter.registrationSource = Number(v.registrationSource);
  if (v.registeredFrom) filter.registeredFrom = v.registeredFrom;
  if (v.registeredTo) filter.registeredTo = v.registeredTo;
  if (v.categoryId) filter.categoryId = Number(v.categoryId);
  if (v.reportStatus) filter.reportStatus = Number(v.reportStatus);
  if (v.hasPublishedReport) filter.hasPublishedReport = v.hasPublishedReport === 'true';
  if (v.language) filter.language = v.language as Locale;
  return filter;
}

function prepare(v: EmailFormValues): SendEmailRequest {
  return {
    ...(v.Mode === 'to' ? { To: v.To } : { Filter: filterOf(v) }),
    Subject: v.Subject,
    Body: v.Body,
    SubjectEn: v.SubjectEn.trim() || undefined,
    BodyEn: v.BodyEn || undefined,
  };
}

function Preview({ subject, body, language }: { subject: string; body: string; language: Locale }) {
  const { t } = useTranslation();
  const preview = useEmailPreview({ Subject: subject, Body: body, Language: language });
  if (preview.isError) return <Alert color="red">{t('messaging.email.previewFailed')}</Alert>;
  if (!preview.data)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          {t('messaging.email.previewLoading')}
        </Text>
      </Group>
    );
  return (
    <Stack gap="xs">
      <Text fw={600} data-testid={`email-preview-subject-${language}`}>
        {preview.data.subject}
      </Text>
      <EmailFrame html={preview.data.html} testId={`email-preview-${language}`} />
    </Stack>
  );
}

export function EmailComposeRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const mailingId = Number(searchParams.get('mailing')) || null;
  const [reviewing, setReviewing] = useState(false);
  const [sendKey, setSendKey] = useState(newIdempotencyKey);
  const [nobodyRefused, setNobodyRefused] = useState(false);
  const [version, setVersion] = useState<'cs' | 'en'>('cs');
  const [previewVersion, setPreviewVersion] = useState<'cs' | 'en'>('cs');
  const readsReports = useCan(Permissions.ProductsView);
  // Customers chosen by a category of their results hear of them from a physician (issue 35).
  const byCategory = useQualifiedAct('mailByCategory');
  const categories = useEmailCategories();
  const send = useSendEmail();
  const { form, field, applyServerErrors } = useZodForm<EmailFormValues>(
    sendEmailRequestSchema,
    { initialValues },
    prepare,
  );
  const values = form.getValues();
  const filter = filterOf(values);
  const recipients = useRecipients(filter, values.Mode === 'filter' && mailingId === null);
  const reachesNobody = values.Mode === 'filter' && recipients.data?.count === 0;
  const withEnglish = Boolean(values.SubjectEn.trim() && values.BodyEn);

  const review = form.onSubmit(
    () => {
      if (reachesNobody) return;
      setPreviewVersion('cs');
      // One key per review: however often "Send" is clicked, this review sends once.
      setSendKey(newIdempotencyKey());
      setReviewing(true);
    },
    (errors) => showErrors(Object.keys(errors)),
  );

  /** Brings the version with a wrong field into view (Czech first: it is the one required). */
  const showErrors = (names: string[]) => {
    if (names.some((n) => n === 'Subject' || n === 'Body')) setVersion('cs');
    else if (names.some((n) => n === 'SubjectEn' || n === 'BodyEn')) setVersion('en');
    scrollToFirstError();
  };

  const confirmSend = () =>
    send.mutate(
      { body: prepare(form.getValues()), idempotencyKey: sendKey },
      {
        onSuccess: (mailing) => {
          setReviewing(false);
          notifySuccess(t('messaging.email.queued'));
          form.reset();
          setSearchParams({ mailing: String(mailing.id) });
        },
        onError: (error) => {
          setReviewing(false);
          if (isApiError(error) && error.fields.Filter) {
            // The customers changed since the count: the API sent nothing and says why.
            setNobodyRefused(true);
            void recipients.refetch();
          } else if (applyServerErrors(error)) showErrors(isApiError(error) ? Object.keys(error.fields) : []);
          else notifyError(t('messaging.email.sendFailed'));
        },
      },
    );

  const setFilter = (name: keyof EmailFormValues & string, value: unknown) => {
    setNobodyRefused(false);
    form.setFieldValue(name, value as never);
  };

  const header = (
    <PageHeader
      title={t('messaging.email.title')}
      description={t('messaging.email.description')}
      breadcrumbs={[{ label: t('nav.groups.administration') }, { label: t('messaging.email.title') }]}
    />
  );

  if (mailingId !== null) {
    return (
      <>
        {header}
        <MailingProgress id={mailingId} onNew={() => setSearchParams({})} />
      </>
    );
  }

  return (
    <>
      {header}
      <form onSubmit={review} noValidate data-testid="email-form">
        <Stack gap="lg">
          <Card withBorder radius="md" p="xl">
            <Title order={4} mb="md">
              {t('messaging.email.recipientsTitle')}
            </Title>
            <Stack gap="lg">
              <SegmentedControl
                aria-label={t('messaging.email.mode.label')}
                data={[
                  { value: 'filter', label: t('messaging.email.mode.filter') },
                  { value: 'to', label: t('messaging.email.mode.to') },
                ]}
                value={values.Mode}
                onChange={(mode) => form.setFieldValue('Mode', mode as Mode)}
                style={{ alignSelf: 'flex-start' }}
                data-testid="email-mode"
              />
              {values.Mode === 'to' ? (
                <TextInput
                  label={t('messaging.email.to')}
                  description={t('messaging.email.toHint')}
                  type="email"
                  withAsterisk
                  maw={480}
                  data-testid="email-to"
                  {...field('To')}
                />
              ) : (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                    <Select
                      label={t('messaging.email.filters.registrationSource')}
                      placeholder={t('messaging.email.filters.anySource')}
                      data={registrationSources.map((s) => ({
                        value: String(s),
                        label: registrationSourceName(s, locale),
                      }))}
                      value={values.registrationSource}
                      onChange={(v) => setFilter('registrationSource', v)}
                      clearable
                      data-testid="email-filter-source"
                    />
                    {/* The range filter names itself by its placeholder; a form shows the name above. */}
                    <Input.Wrapper label={t('messaging.email.filters.registered')}>
                      <DateRangeFilter
                        label={t('messaging.email.filters.registered')}
                        from={values.registeredFrom}
                        to={values.registeredTo}
                        onChange={(from, to) => {
                          setFilter('registeredFrom', from);
                          setFilter('registeredTo', to);
                        }}
                        data-testid="email-filter-registered"
                      />
                    </Input.Wrapper>
                    {/* By reports: health data, for those who read reports (the server holds it too). */}
                    {readsReports && (
                      <>
                        <Select
                          label={t('messaging.email.filters.category')}
                          placeholder={t('messaging.email.filters.anyCategory')}
                          data={(categories.data ?? []).map((c) => ({
                            value: String(c.id),
                            label: locale === 'en' ? c.nameEn || c.name : c.name,
                          }))}
                          value={values.categoryId}
                          onChange={(v) => setFilter('categoryId', v)}
                          clearable
                          searchable
                          disabled={categories.isPending || !byCategory.allowed}
                          description={byCategory.hint}
                          data-testid="email-filter-category"
                        />
                        <Select
                          label={t('messaging.email.filters.reportStatus')}
                          placeholder={t('messaging.email.filters.anyStatus')}
                          data={Object.values(ProductStatus).map((s) => ({
                            value: String(s),
                            label: productStatusName(s, locale),
                          }))}
                          value={values.reportStatus}
                          onChange={(v) => setFilter('reportStatus', v)}
                          clearable
                          data-testid="email-filter-status"
                        />
                        <Select
                          label={t('messaging.email.filters.hasPublishedReport')}
                          data={[
                            { value: '', label: t('messaging.email.filters.any') },
                            { value: 'true', label: t('messaging.email.filters.published') },
                            { value: 'false', label: t('messaging.email.filters.notPublished') },
                          ]}
                          value={values.hasPublishedReport}
                          onChange={(v) => setFilter('hasPublishedReport', v ?? '')}
                          allowDeselect={false}
                          data-testid="email-filter-published"
                        />
                      </>
                    )}
                    <Select
                      label={t('messaging.email.filters.language')}
                      placeholder={t('messaging.email.filters.anyLanguage')}
                      data={locales.map((l) => ({ value: l, label: t(`messaging.language.names.${l}`) }))}
                      value={values.language}
                      onChange={(v) => setFilter('language', v)}
                      clearable
                      data-testid="email-filter-language"
                    />
                  </SimpleGrid>
                  <Checkbox
                    checked
                    disabled
                    readOnly
                    label={t('messaging.email.filters.consent')}
                    description={t('messaging.email.filters.consentHint')}
                    data-testid="email-filter-consent"
                  />
                  {nobodyRefused && recipients.data?.count !== 0 && (
                    <Alert color="orange" icon={<IconInfoCircle size={18} />}>
                      {t('messaging.email.nobody')}
                    </Alert>
                  )}
                  <RecipientSummary
                    preview={recipients.data}
                    loading={recipients.isFetching}
                    failed={recipients.isError}
                  />
                </>
              )}
            </Stack>
          </Card>
          <Card withBorder radius="md" p="xl">
            <Title order={4} mb="md">
              {t('messaging.email.messageTitle')}
            </Title>
            <VersionTabs
              value={version}
              onChange={setVersion}
              testId="email-language"
              enMissing={!withEnglish}
              cs={
                <Stack gap="md">
                  <TextInput
                    label={t('messaging.email.subject')}
                    withAsterisk
                    data-testid="email-subject"
                    {...field('Subject')}
                  />
                  <RichTextField
                    label={t('messaging.email.body')}
                    withAsterisk
                    withMedia={false}
                    testId="email-body"
                    {...field('Body')}
                    value={values.Body}
                  />
                </Stack>
              }
              en={
                <Stack gap="md">
                  <Text fz="sm" c="dimmed">
                    {t('messaging.email.enHint')}
                  </Text>
                  <TextInput
                    label={t('messaging.email.subject')}
                    data-testid="email-subject-en"
                    {...field('SubjectEn')}
                  />
                  <RichTextField
                    label={t('messaging.email.body')}
                    withMedia={false}
                    testId="email-body-en"
                    {...field('BodyEn')}
                    value={values.BodyEn}
                  />
                </Stack>
              }
            />
          </Card>
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconEye size={18} />}
              disabled={reachesNobody}
              data-testid="email-review"
            >
              {t('messaging.email.review')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={reviewing}
        onClose={() => setReviewing(false)}
        title={t('messaging.email.reviewTitle')}
        size="xl"
        centered
      >
        {reviewing && (
          <Stack gap="md" data-testid="email-review-dialog">
            <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="email-review-summary">
              {values.Mode === 'to'
                ? t('messaging.email.sendTo', { to: values.To })
                : t('messaging.email.sendToMany', { count: recipients.data?.count ?? 0 })}
            </Alert>
            <VersionTabs
              value={previewVersion}
              onChange={setPreviewVersion}
              testId="email-preview-language"
              enMissing={!withEnglish}
              cs={<Preview subject={values.Subject} body={values.Body} language="cs" />}
              en={
                withEnglish ? (
                  <Preview subject={values.SubjectEn} body={values.BodyEn} language="en" />
                ) : (
                  <Text fz="sm" c="dimmed" data-testid="email-preview-en-fallback">
                    {t('messaging.email.enFallback')}
                  </Text>
                )
              }
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setReviewing(false)} data-testid="email-back">
                {t('messaging.email.back')}
              </Button>
              <Button
                leftSection={<IconSend size={18} />}
                onClick={confirmSend}
                loading={send.isPending}
                data-testid="email-send"
              >
                {t('messaging.email.send')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

export const Component = EmailComposeRoute;
