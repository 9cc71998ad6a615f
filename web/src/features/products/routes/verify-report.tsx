import { Permissions } from '@genodesk/contract/permissions';
import type { PublicReportVerification, ReportVerification } from '@genodesk/contract/products';
import { reportNumberOf } from '@genodesk/contract/products';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconFileOff,
  IconFileTypePdf,
  IconShieldCheck,
  IconShieldX,
} from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FileDropzone, fileNameValidator } from '@/components/file-dropzone';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan, useCurrentUserQuery } from '@/features/auth/api/get-current-user';
import { DetailItem } from '@/features/templates/components/detail-item';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useHasToken } from '@/lib/tokens';
import { useLocale } from '@/lib/use-locale';
import {
  useVerifyReportCode,
  useVerifyReportFile,
  type VerifyAnswer,
  type VerifyAudience,
} from '../api/verify-report';
import { VerifyLayout } from '../components/verify-layout';

/** The largest PDF the API checks (`maxVerifiedPdfBytes` of the products routes). */
const maxPdfBytes = 20 * 1024 * 1024;
const maxMegabytes = maxPdfBytes / (1024 * 1024);

const pdfFileError = fileNameValidator(/\.pdf$/i, 'not a .pdf file');

/** What was checked: the code of the URL, or a file picked or dropped. */
type Checked = { by: 'code'; code: string } | { by: 'file'; fileName: string };

/** The answer: an issued document with its metadata, or a refusal said plainly. */
function VerificationResult({ checked, result }: { checked: Checked; result: ReportVerification }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const canOpen = useCan(Permissions.ProductsView);

  if (!result.issued) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconShieldX size={22} />}
        title={t('products.verify.notIssued')}
        data-testid="verify-result"
        data-audience="staff"
        data-issued="false"
      >
        {checked.by === 'file'
          ? t('products.verify.notIssuedByFile', { fileName: checked.fileName })
          : t('products.verify.notIssuedByCode', { code: checked.code })}
      </Alert>
    );
  }
  if (result.withdrawn) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconFileOff size={22} />}
        title={t('products.verify.withdrawn')}
        data-testid="verify-result"
        data-audience="staff"
        data-issued="true"
        data-withdrawn="true"
        data-matched-by={result.matchedBy}
      >
        <Stack gap="md">
          <Text fz="sm">{t('products.verify.withdrawnStaff')}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <DetailItem label={t('products.verify.fields.reportNumber')} testId="verify-report-number">
              {result.reportNumber}
            </DetailItem>
            <DetailItem label={t('products.verify.fields.version')} testId="verify-version">
              {t('products.pdf.versionN', { version: result.version })}
            </DetailItem>
            <DetailItem label={t('products.verify.fields.issuedAt')} testId="verify-issued-at">
              {formatDateTime(result.createdAt, locale)}
            </DetailItem>
            <DetailItem label={t('products.verify.fields.withdrawnAt')} testId="verify-withdrawn-at">
              {formatDateTime(result.withdrawnAt, locale)}
            </DetailItem>
            <DetailItem label={t('products.verify.fields.code')}>
              <Text ff="monospace" fz="sm" component="span" data-testid="verify-code">
                {result.verificationCode}
              </Text>
            </DetailItem>
          </SimpleGrid>
          <DetailItem label={t('products.verify.fields.sha256')}>
            <Text ff="monospace" fz="xs" component="span" style={{ wordBreak: 'break-all' }}>
              {result.sha256}
            </Text>
          </DetailItem>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconShieldCheck size={22} />}
      title={t('products.verify.issued')}
      data-testid="verify-result"
      data-audience="staff"
      data-issued="true"
      data-withdrawn="false"
      data-matched-by={result.matchedBy}
    >
      <Stack gap="md">
        <Text fz="sm">
          {result.matchedBy === 'sha256'
            ? t('products.verify.issuedByFile', {
                fileName: checked.by === 'file' ? checked.fileName : '',
              })
            : t('products.verify.issuedByCode')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <DetailItem label={t('products.verify.fields.customer')} testId="verify-customer">
            {result.customerName}
          </DetailItem>
          <DetailItem label={t('products.verify.fields.reportNumber')} testId="verify-report-number">
            {canOpen ? (
              <Anchor component={Link} to={paths.products.view(result.productId)} fz="sm">
                {reportNumberOf(result.productId)}
              </Anchor>
            ) : (
              reportNumberOf(result.productId)
            )}
          </DetailItem>
          <DetailItem label={t('products.verify.fields.barcode')}>
            <Text ff="monospace" fz="sm" component="span">
              {result.barcode ?? '—'}
            </Text>
          </DetailItem>
          <DetailItem label={t('products.verify.fields.issuedAt')} testId="verify-issued-at">
            {formatDateTime(result.createdAt, locale)}
          </DetailItem>
          <DetailItem label={t('products.verify.fields.version')} testId="verify-version">
            <Group gap={6}>
              {t('products.pdf.versionN', { version: result.version })}
              {result.preliminary && (
                <Badge size="sm" variant="outline" color="teal">
                  {t('products.pdf.preliminary')}
                </Badge>
              )}
            </Group>
          </DetailItem>
          <DetailItem label={t('products.verify.fields.validity')} testId="verify-current">
            {result.current ? (
              <Badge color="green" variant="outline" data-current="true">
                {t('products.verify.current')}
              </Badge>
            ) : (
              <Badge color="orange" variant="outline" data-current="false">
                {t('products.verify.replaced', { latest: result.latestVersion })}
              </Badge>
            )}
          </DetailItem>
          <DetailItem label={t('products.verify.fields.language')}>
            {t(`products.pdf.language.${result.language}`)}
          </DetailItem>
          <DetailItem label={t('products.verify.fields.code')}>
            <Text ff="monospace" fz="sm" component="span" data-testid="verify-code">
              {result.verificationCode}
            </Text>
          </DetailItem>
        </SimpleGrid>
        {result.replacesVersion !== null && (
          <DetailItem label={t('products.verify.fields.replaces')} testId="verify-replaces">
            {t('products.pdf.replaces', { version: result.replacesVersion, reason: result.reason ?? '' })}
          </DetailItem>
        )}
        <DetailItem label={t('products.verify.fields.sha256')}>
          <Text ff="monospace" fz="xs" component="span" style={{ wordBreak: 'break-all' }}>
            {result.sha256}
          </Text>
        </DetailItem>
      </Stack>
    </Alert>
  );
}

/**
 * The public answer (issue 35): whether the laboratory issued the document, its number, version and
 * date, the laboratory, a newer version replacing it, or its withdrawal — never the customer.
 */
function PublicVerificationResult({
  checked,
  result,
}: {
  checked: Checked;
  result: PublicReportVerification;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const laboratory = result.laboratory;

  if (!result.valid) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconShieldX size={22} />}
        title={t('products.verify.public.notIssued')}
        data-testid="verify-result"
        data-audience="public"
        data-issued="false"
      >
        {checked.by === 'file'
          ? t('products.verify.notIssuedByFile', { fileName: checked.fileName })
          : t('products.verify.public.notIssuedByCode', { code: checked.code, laboratory })}
      </Alert>
    );
  }
  const details = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <DetailItem label={t('products.verify.fields.laboratory')} testId="verify-result-laboratory">
        {laboratory}
      </DetailItem>
      <DetailItem label={t('products.verify.fields.reportNumber')} testId="verify-report-number">
        {result.reportNumber}
      </DetailItem>
      <DetailItem label={t('products.verify.fields.version')} testId="verify-version">
        {result.version === null ? '—' : t('products.pdf.versionN', { version: result.version })}
      </DetailItem>
      <DetailItem label={t('products.verify.fields.issuedAt')} testId="verify-issued-at">
        {formatDateTime(result.issuedAt, locale)}
      </DetailItem>
      {result.withdrawn ? (
        <DetailItem label={t('products.verify.fields.withdrawnAt')} testId="verify-withdrawn-at">
          {formatDateTime(result.withdrawnAt, locale)}
        </DetailItem>
      ) : (
        <DetailItem label={t('products.verify.fields.validity')} testId="verify-current">
          {result.replacedByVersion === null ? (
            <Badge color="green" variant="outline" data-current="true">
              {t('products.verify.current')}
            </Badge>
          ) : (
            <Badge color="orange" variant="outline" data-current="false">
              {t('products.verify.replaced', { latest: result.replacedByVersion })}
            </Badge>
          )}
        </DetailItem>
      )}
    </SimpleGrid>
  );
  if (result.withdrawn) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconFileOff size={22} />}
        title={t('products.verify.withdrawn')}
        data-testid="verify-result"
        data-audience="public"
        data-issued="true"
        data-withdrawn="true"
      >
        <Stack gap="md">
          <Text fz="sm">{t('products.verify.public.withdrawnDetail', { laboratory })}</Text>
          {details}
        </Stack>
      </Alert>
    );
  }
  // Authentic, but not what holds now: a newer version replaced it (a final report after a preliminary one).
  const replaced = result.replacedByVersion !== null;
  return (
    <Alert
      color={replaced ? 'orange' : 'green'}
      variant="light"
      icon={<IconShieldCheck size={22} />}
      title={t(replaced ? 'products.verify.public.replacedTitle' : 'products.verify.public.valid')}
      data-testid="verify-result"
      data-audience="public"
      data-issued="true"
      data-withdrawn="false"
      data-replaced={replaced}
    >
      <Stack gap="md">
        <Text fz="sm">
          {checked.by === 'file'
            ? t('products.verify.public.validByFile', { fileName: checked.fileName, laboratory })
            : t('products.verify.public.validByCode', { laboratory })}
        </Text>
        {details}
      </Stack>
    </Alert>
  );
}

/** Either answer, as the audience that asked gets it. */
function AnswerResult({ checked, answer }: { checked: Checked; answer: VerifyAnswer }) {
  return answer.audience === 'staff' ? (
    <VerificationResult checked={checked} result={answer.result} />
  ) : (
    <PublicVerificationResult checked={checked} result={answer.result} />
  );
}

/**
 * Who is asking: a staff member fully signed in (past the second factor, a password change and
 * enrolment) who may read reports gets the staff answer, anyone else the public one; null while the
 * user still loads.
 */
function useVerifyAudience(): VerifyAudience | null {
  const hasToken = useHasToken();
  const user = useCurrentUserQuery();
  if (!hasToken) return 'public';
  if (user.isPending) return null;
  const data = user.data;
  const staff =
    data !== undefined &&
    data.secondFactor === null &&
    !data.mustChangePassword &&
    data.permissions.includes(Permissions.AdminPanelView) &&
    data.permissions.includes(Permissions.ProductsView);
  return staff ? 'staff' : 'public';
}

/**
 * `/verify` and `/verify/:code` (public, issue 35): is a report PDF one this lab issued? The code in
 * the URL (the QR code printed on the PDF) is checked at once; a PDF dropped or picked is checked by
 * its bytes, so a changed copy is refused. Anyone gets the public answer (nothing personal); a
 * signed-in staff member the staff one (customer, barcode, language, hash), through the staff call.
 */
export function VerifyReportRoute() {
  const audience = useVerifyAudience();
  return (
    <VerifyLayout staff={audience === 'staff'}>
      {audience === null ? null : <VerifyReportScreen key={audience} audience={audience} />}
    </VerifyLayout>
  );
}

function VerifyReportScreen({ audience }: { audience: VerifyAudience }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = useParams().code?.trim() || null;
  const [typed, setTyped] = useState(code ?? '');
  const [fileChecked, setFileChecked] = useState<{ fileName: string; answer: VerifyAnswer } | null>(null);
  const byCode = useVerifyReportCode(code, audience);
  const byFile = useVerifyReportFile(audience);

  // Another code in the URL: its answer is the one shown.
  useEffect(() => {
    setTyped(code ?? '');
    setFileChecked(null);
  }, [code]);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!value) return;
    setFileChecked(null);
    if (value === code) void byCode.refetch();
    else navigate(paths.verify.code(value));
  };

  const checkFile = (file: File) =>
    byFile.mutate(file, {
      onSuccess: (answer) => setFileChecked({ fileName: file.name, answer }),
      onError: (error) =>
        notifyError(
          isApiError(error) && error.status > 0 && error.status < 500
            ? error.message
            : t('products.verify.failed'),
          t('products.verify.file.failedTitle'),
        ),
    });

  let result: ReactNode = null;
  if (fileChecked) {
    result = (
      <AnswerResult checked={{ by: 'file', fileName: fileChecked.fileName }} answer={fileChecked.answer} />
    );
  } else if (code && byCode.data) {
    result = <AnswerResult checked={{ by: 'code', code }} answer={byCode.data} />;
  } else if (code && byCode.isError) {
    result = (
      <Alert color="red" variant="light" title={t('products.verify.failed')} data-testid="verify-error">
        {isApiError(byCode.error) ? byCode.error.message : t('products.verify.failed')}
      </Alert>
    );
  } else if (code && byCode.isFetching) {
    result = (
      <Text c="dimmed" fz="sm" data-testid="verify-checking">
        {t('products.verify.checking', { code })}
      </Text>
    );
  }

  return (
    <>
      <PageHeader
        title={t('products.verify.title')}
        description={
          audience === 'staff' ? t('products.verify.description') : t('products.verify.public.description')
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="md" p="xl">
            <form onSubmit={submitCode}>
              <Stack gap="sm">
                <Title order={3} fz="h4">
                  {t('products.verify.code.title')}
                </Title>
                <TextInput
                  label={t('products.verify.code.label')}
                  description={t('products.verify.code.hint')}
                  placeholder={t('products.verify.code.placeholder')}
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  maxLength={40}
                  autoComplete="off"
                  spellCheck={false}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  data-testid="verify-code-input"
                />
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    leftSection={<IconCircleCheck size={16} />}
                    loading={Boolean(code) && byCode.isFetching}
                    disabled={!typed.trim()}
                    data-testid="verify-code-submit"
                  >
                    {t('products.verify.code.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
          <Card withBorder radius="md" p="xl">
            <Stack gap="sm">
              <Title order={3} fz="h4">
                {t('products.verify.file.heading')}
              </Title>
              <FileDropzone
                onFile={checkFile}
                pending={byFile.isPending}
                validator={pdfFileError}
                inputProps={{
                  accept: '.pdf,application/pdf',
                  'aria-label': t('products.verify.file.inputLabel'),
                }}
                maxSize={maxPdfBytes}
                idleIcon={<IconFileTypePdf size={28} stroke={1.5} />}
                title={
                  byFile.isPending
                    ? t('products.verify.file.checking', { fileName: byFile.variables?.name ?? '' })
                    : t('products.verify.file.title')
                }
                hint={t('products.verify.file.hint', { max: maxMegabytes })}
                refused={{
                  title: t('products.verify.file.failedTitle'),
                  oneFile: t('products.verify.file.oneFile'),
                  tooLarge: t('products.verify.file.tooLarge', { max: maxMegabytes }),
                  wrongType: t('products.verify.file.wrongType'),
                }}
                data-testid="verify-dropzone"
              />
            </Stack>
          </Card>
        </SimpleGrid>
        <div aria-live="polite" data-testid="verify-result-region">
          {result}
        </div>
      </Stack>
    </>
  );
}

export const Component = VerifyReportRoute;
