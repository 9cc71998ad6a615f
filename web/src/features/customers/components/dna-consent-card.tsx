import {
  type ConsentWithdrawalOutcome,
  consentScanContentTypes,
  consentWithdrawalOutcomeLabels,
  consentWithdrawalOutcomes,
  currentDnaConsentFormVersion,
  type DnaConsent,
  maxConsentScanBytes,
  pragueToday,
  recordDnaConsentRequestSchema,
  withdrawDnaConsentRequestSchema,
} from '@genodesk/contract/consent';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileCheck, IconFileOff, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/dates/date-field';
import { DetailItem } from '@/features/templates/components/detail-item';
import { isApiError } from '@/lib/api-client';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { formatDate, formatDateTime } from '@/lib/format';
import { notifyApiError, notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import {
  fileToBase64,
  useDnaConsents,
  useDownloadConsentScan,
  useRecordDnaConsent,
  useWithdrawDnaConsent,
} from '../api/dna-consents';

/**
 * "Consent to DNA analysis" on the customer's page (issue 35): the valid consent (form version,
 * signing day, who recorded it, the scan), its history with withdrawals, and the two actions —
 * recording a signed form and withdrawing it — each its own dialog.
 */
export function DnaConsentCard({ customerId, canEdit }: { customerId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const consents = useDnaConsents(customerId);
  const download = useDownloadConsentScan();
  const [dialog, setDialog] = useState<'record' | 'withdraw' | null>(null);
  const list = consents.data ?? [];
  const valid = list.find((c) => c.withdrawal === null);
  const scanLink = (c: DnaConsent) =>
    c.scan ? (
      <Anchor
        component="button"
        type="button"
        fz="sm"
        onClick={() =>
          download.mutate(c, { onError: () => notifyError(t('customers.dnaConsent.scanFailed')) })
        }
        data-testid={`dna-consent-scan-${c.id}`}
      >
        <Group gap={4} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          {c.scan.fileName}
        </Group>
      </Anchor>
    ) : (
      t('customers.dnaConsent.noScan')
    );

  return (
    <Card withBorder radius="md" p="xl" data-testid="dna-consent-card">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={4}>{t('customers.dnaConsent.title')}</Title>
        {valid ? (
          <Badge
            color="teal"
            variant="light"
            leftSection={<IconFileCheck size={12} />}
            data-testid="dna-consent-state"
          >
            {t('customers.dnaConsent.valid')}
          </Badge>
        ) : (
          <Badge
            color="orange"
            variant="light"
            leftSection={<IconFileOff size={12} />}
            data-testid="dna-consent-state"
          >
            {t('customers.dnaConsent.none')}
          </Badge>
        )}
      </Group>
      {valid ? (
        <SimpleGrid cols={2} spacing="md" mb="md" data-testid="dna-consent-valid">
          <DetailItem label={t('customers.dnaConsent.formVersion')} testId="dna-consent-version">
            {valid.formVersion}
          </DetailItem>
          <DetailItem label={t('customers.dnaConsent.signedOn')}>
            {formatDate(valid.signedOn, locale)}
          </DetailItem>
          <DetailItem label={t('customers.dnaConsent.recordedBy')}>
            {`${valid.recordedBy ?? '—'}, ${formatDateTime(valid.recordedAt, locale)}`}
          </DetailItem>
          <DetailItem label={t('customers.dnaConsent.scan')}>{scanLink(valid)}</DetailItem>
        </SimpleGrid>
      ) : (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} mb="md">
          {t('customers.dnaConsent.noneText')}
        </Alert>
      )}
      {canEdit && (
        <Group gap="sm" mb="md">
          {valid ? (
            <Button
              variant="default"
              color="red"
              onClick={() => setDialog('withdraw')}
              data-testid="dna-consent-withdraw"
            >
              {t('customers.dnaConsent.withdraw')}
            </Button>
          ) : (
            <Button onClick={() => setDialog('record')} data-testid="dna-consent-record">
              {t('customers.dnaConsent.record')}
            </Button>
          )}
        </Group>
      )}
      {list.some((c) => c.withdrawal !== null) && (
        <ScrollArea
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('customers.dnaConsent.history') }}
        >
          <Table miw={460} fz="sm" data-testid="dna-consent-history">
            <Table.Caption>{t('customers.dnaConsent.history')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.dnaConsent.formVersion')}</Table.Th>
                <Table.Th>{t('customers.dnaConsent.signedOn')}</Table.Th>
                <Table.Th>{t('customers.dnaConsent.withdrawnOn')}</Table.Th>
                <Table.Th>{t('customers.dnaConsent.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list
                .filter((c) => c.withdrawal !== null)
                .map((c) => (
                  <Table.Tr key={c.id} data-testid="dna-consent-history-row">
                    <Table.Td>
                      {c.formVersion}
                      <Text fz="xs" c="dimmed">
                        {scanLink(c)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(c.signedOn, locale)}</Table.Td>
                    <Table.Td>
                      {formatDate(c.withdrawal?.withdrawnOn, locale)}
                      <Text fz="xs" c="dimmed">
                        {c.withdrawal?.withdrawnBy ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {c.withdrawal ? consentWithdrawalOutcomeLabels[c.withdrawal.outcome][locale] : '—'}
                      {c.withdrawal?.note && (
                        <Text fz="xs" c="dimmed">
                          {c.withdrawal.note}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <RecordConsentDialog
        customerId={customerId}
        opened={dialog === 'record'}
        onClose={() => setDialog(null)}
      />
      {valid && (
        <WithdrawConsentDialog
          customerId={customerId}
          consent={valid}
          opened={dialog === 'withdraw'}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

/** The dialog's own form: Mantine form by the request's contract schema, the server's refusals on its fields. */
function useConsentForm<V extends Record<string, unknown>>(
  schema: Parameters<typeof useZodForm>[0],
  initialValues: V,
  prepare: (values: V) => unknown,
) {
  const zodForm = useZodForm<V>(schema, { initialValues }, prepare);
  const fail = (error: unknown, fallback: string) => {
    if (!zodForm.applyServerErrors(error)) notifyApiError(error, fallback);
  };
  return { ...zodForm, fail };
}

interface RecordValues extends Record<string, unknown> {
  FormVersion: string;
  SignedOn: string | null;
}

function RecordConsentDialog({
  customerId,
  opened,
  onClose,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordDnaConsent();
  const [file, setFile] = useState<File | null>(null);
  const { form, field, fail } = useConsentForm<RecordValues>(
    recordDnaConsentRequestSchema,
    { FormVersion: currentDnaConsentFormVersion, SignedOn: pragueToday() },
    (values) => ({
      CustomerId: customerId,
      FormVersion: values.FormVersion,
      SignedOn: values.SignedOn ?? '',
    }),
  );
  const close = () => {
    form.reset();
    setFile(null);
    onClose();
  };
  const tooLarge = file !== null && file.size > maxConsentScanBytes;
  const [scanError, setScanError] = useState<string | null>(null);

  const submit = async (values: RecordValues) => {
    setScanError(null);
    if (tooLarge) return;
    try {
      const scan = file
        ? { FileName: file.name, ContentType: file.type as never, Content: await fileToBase64(file) }
        : null;
      await record.mutateAsync({
        CustomerId: customerId,
        FormVersion: values.FormVersion.trim(),
        SignedOn: values.SignedOn ?? '',
        Scan: scan,
      });
      notifySuccess(t('customers.dnaConsent.recorded'));
      close();
    } catch (error) {
      // The scan is no form value: its refusal is shown under the file input.
      const scanField = isApiError(error)
        ? (error.fields.Scan ?? error.fields['Scan.ContentType'] ?? null)
        : null;
      if (scanField) setScanError(scanField);
      else fail(error, t('customers.dnaConsent.recordFailed'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('customers.dnaConsent.recordTitle')} centered>
      <form
        onSubmit={form.onSubmit((values) => void submit(values), scrollToFirstError)}
        noValidate
        data-testid="dna-consent-record-form"
      >
        <Stack gap="md">
          <TextInput
            label={t('customers.dnaConsent.formVersion')}
            description={t('customers.dnaConsent.formVersionHint')}
            withAsterisk
            data-testid="dna-consent-form-version"
            {...field('FormVersion')}
          />
          <DateField
            label={t('customers.dnaConsent.signedOn')}
            withAsterisk
            clearable={false}
            data-testid="dna-consent-signed-on"
            {...(field('SignedOn') as { value: string | null; onChange: (v: string | null) => void })}
          />
          <FileInput
            label={t('customers.dnaConsent.scan')}
            description={t('customers.dnaConsent.scanHint')}
            accept={consentScanContentTypes.join(',')}
            value={file}
            onChange={(next) => {
              setFile(next);
              setScanError(null);
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('customers.dnaConsent.clearFile') }}
            error={tooLarge ? t('customers.dnaConsent.scanTooLarge') : scanError}
            data-testid="dna-consent-scan-input"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={record.isPending} data-testid="dna-consent-record-submit">
              {t('customers.dnaConsent.recordSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface WithdrawValues extends Record<string, unknown> {
  WithdrawnOn: string | null;
  Outcome: ConsentWithdrawalOutcome | null;
  Note: string;
}

function WithdrawConsentDialog({
  customerId,
  consent,
  opened,
  onClose,
}: {
  customerId: number;
  consent: DnaConsent;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const withdraw = useWithdrawDnaConsent();
  const [confirming, setConfirming] = useState(false);
  const { form, field, fail } = useConsentForm<WithdrawValues>(
    withdrawDnaConsentRequestSchema,
    { WithdrawnOn: pragueToday(), Outcome: null, Note: '' },
    (values) => ({
      CustomerId: customerId,
      WithdrawnOn: values.WithdrawnOn ?? '',
      Outcome: values.Outcome ?? undefined,
      Note: values.Note,
    }),
  );
  const close = () => {
    form.reset();
    setConfirming(false);
    onClose();
  };

  const submit = async (values: WithdrawValues) => {
    if (!confirming) {
      setConfirming(true);
      return;
    }
    try {
      await withdraw.mutateAsync({
        CustomerId: customerId,
        WithdrawnOn: values.WithdrawnOn ?? '',
        Outcome: values.Outcome as ConsentWithdrawalOutcome,
        Note: values.Note,
      });
      notifySuccess(t('customers.dnaConsent.withdrawn'));
      close();
    } catch (error) {
      setConfirming(false);
      fail(error, t('customers.dnaConsent.withdrawFailed'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('customers.dnaConsent.withdrawTitle')} centered>
      <form
        onSubmit={form.onSubmit((values) => void submit(values), scrollToFirstError)}
        noValidate
        data-testid="dna-consent-withdraw-form"
      >
        <Stack gap="md">
          <Text fz="sm">
            {t('customers.dnaConsent.withdrawIntro', {
              version: consent.formVersion,
              date: formatDate(consent.signedOn, locale),
            })}
          </Text>
          <DateField
            label={t('customers.dnaConsent.withdrawnOn')}
            withAsterisk
            clearable={false}
            data-testid="dna-consent-withdrawn-on"
            {...(field('WithdrawnOn') as { value: string | null; onChange: (v: string | null) => void })}
          />
          <Radio.Group
            label={t('customers.dnaConsent.outcome')}
            withAsterisk
            data-testid="dna-consent-outcome"
            {...field('Outcome')}
          >
            <Stack gap="xs" mt="xs">
              {consentWithdrawalOutcomes.map((o) => (
                <Radio
                  key={o}
                  value={o}
                  label={consentWithdrawalOutcomeLabels[o][locale]}
                  data-testid={`dna-consent-outcome-${o}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('customers.dnaConsent.note')}
            {...field('Note')}
            autosize
            minRows={2}
            maxLength={2000}
            data-testid="dna-consent-note"
          />
          {confirming && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="dna-consent-withdraw-confirm"
            >
              {t('customers.dnaConsent.withdrawConfirm')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={withdraw.isPending}
              data-testid="dna-consent-withdraw-submit"
            >
              {confirming
                ? t('customers.dnaConsent.withdrawConfirmSubmit')
                : t('customers.dnaConsent.withdrawSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
