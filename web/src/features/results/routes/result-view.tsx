import { ResultUploadStatus } from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import type { ResultUploadDetail } from '@genodesk/contract/results';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { SampleStatusBadge } from '@/features/samples/components/sample-status-badge';
import { DetailItem } from '@/features/templates/components/detail-item';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useResult } from '../api/get-result';
import { isUploadInProgress } from '../api/polling';
import { GeneratedProgress } from '../components/generated-progress';
import { formatFileSize, unpairableReasonName } from '../components/labels';
import { UnknownGenes } from '../components/unknown-genes';
import { UploadStatusBadge } from '../components/upload-status-badge';

function Unpairables({ upload }: { upload: ResultUploadDetail }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Card withBorder radius="md" p="xl" data-testid="result-unpairables">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('results.unpairables.title')}</Title>
        <Text fz="sm" c="dimmed">
          {t('results.unpairables.count', { count: upload.unpairables.length })}
        </Text>
      </Group>
      {upload.unpairables.length === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="result-unpairables-empty">
          {isUploadInProgress(upload.status)
            ? t('results.unpairables.pending')
            : t('results.unpairables.none')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={560}>
          <Table miw={600} fz="sm" striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('results.unpairables.barcode')}</Table.Th>
                <Table.Th>{t('results.unpairables.reason')}</Table.Th>
                <Table.Th ta="right">{t('results.unpairables.line')}</Table.Th>
                <Table.Th>{t('results.unpairables.sampleStatus')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {upload.unpairables.map((u) => (
                <Table.Tr key={u.barcode} data-testid="result-unpairable-row" data-barcode={u.barcode}>
                  <Table.Td ff="monospace">{u.barcode}</Table.Td>
                  <Table.Td data-testid="result-unpairable-reason">
                    {unpairableReasonName(u.reason, locale)}
                  </Table.Td>
                  <Table.Td ta="right">{u.line}</Table.Td>
                  <Table.Td>
                    {u.sampleStatus === null ? '—' : <SampleStatusBadge status={u.sampleStatus} />}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}

/** Per sample of a lab-format file: markers called, and each one not, with why. */
function MarkerCounts({ upload }: { upload: ResultUploadDetail }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" p="xl" data-testid="result-marker-counts">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('results.markers.title')}</Title>
        <Text fz="sm" c="dimmed">
          {t('results.markers.count', { count: upload.markerCounts.length })}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={560} viewportProps={{ tabIndex: 0 }}>
        <Table miw={720} fz="sm" striped stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('results.markers.barcode')}</Table.Th>
              <Table.Th ta="right">{t('results.markers.found')}</Table.Th>
              <Table.Th ta="right">{t('results.markers.noCalls')}</Table.Th>
              <Table.Th ta="right">{t('results.markers.referenceMismatches')}</Table.Th>
              <Table.Th ta="right">{t('results.markers.ambiguousSkipped')}</Table.Th>
              <Table.Th>{t('results.markers.problems')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upload.markerCounts.map((m) => (
              <Table.Tr key={m.barcode} data-testid="result-marker-row" data-barcode={m.barcode}>
                <Table.Td ff="monospace">{m.barcode}</Table.Td>
                <Table.Td ta="right" data-testid="result-marker-found">
                  {m.found}
                </Table.Td>
                <Table.Td ta="right" data-testid="result-marker-no-calls">
                  {m.noCalls}
                </Table.Td>
                <Table.Td ta="right">{m.referenceMismatches}</Table.Td>
                <Table.Td ta="right">{m.ambiguousSkipped}</Table.Td>
                <Table.Td data-testid="result-marker-problems">
                  {m.problems.length === 0 ? (
                    <Text fz="sm" c="dimmed" span>
                      {t('results.markers.none')}
                    </Text>
                  ) : (
                    m.problems
                      .map((p) => `${p.geneCode} (${t(`results.markers.problem.${p.reason}`, p.reason)})`)
                      .join(', ')
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Card>
  );
}

/** The samples the upload paired, each with its customer and the report generated from it. */
function PairedSamples({ upload }: { upload: ResultUploadDetail }) {
  const { t } = useTranslation();
  const canViewSamples = useCan(Permissions.SamplesView);
  const canViewCustomers = useCan(Permissions.CustomersView);
  const canViewReports = useCan(Permissions.ProductsView);
  const link = (allowed: boolean, to: string, text: string) =>
    allowed ? (
      <Anchor component={Link} to={to} fz="sm">
        {text}
      </Anchor>
    ) : (
      text
    );
  return (
    <Card withBorder radius="md" p="xl" data-testid="result-samples">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('results.samples.title')}</Title>
        <Text fz="sm" c="dimmed">
          {t('results.samples.count', { count: upload.samples.length })}
        </Text>
      </Group>
      {upload.samples.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {isUploadInProgress(upload.status) ? t('results.unpairables.pending') : t('results.samples.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('results.unpairables.barcode')}</Table.Th>
                <Table.Th>{t('results.samples.customer')}</Table.Th>
                <Table.Th>{t('results.samples.report')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {upload.samples.map((s) => (
                <Table.Tr key={s.sampleId} data-testid="result-sample-row" data-barcode={s.barcode}>
                  <Table.Td ff="monospace">
                    {link(canViewSamples, paths.samples.view(s.sampleId), s.barcode)}
                  </Table.Td>
                  <Table.Td>
                    {link(canViewCustomers, paths.customers.view(s.customerId), s.customerName)}
                  </Table.Td>
                  <Table.Td data-testid="result-sample-report">
                    {s.held ? (
                      // Held (issue 35): the server says why in the caller's language.
                      <Badge color="red" variant="light" size="sm" tt="none" data-testid="result-sample-held">
                        {s.heldMessage ?? t('results.samples.held')}
                      </Badge>
                    ) : s.productId === null ? (
                      <Text fz="sm" c="dimmed" span>
                        {t('results.samples.notGenerated')}
                      </Text>
                    ) : (
                      <Group gap="xs">
                        {link(
                          canViewReports,
                          paths.products.view(s.productId),
                          t('results.samples.reportNumber', { id: s.productId }),
                        )}
                        {s.requiresInspection && (
                          <Badge color="orange" variant="light" size="sm">
                            {t('results.samples.requiresInspection')}
                          </Badge>
                        )}
                      </Group>
                    )}
                    {s.contradictedMarkers.length > 0 && (
                      // A retest that disagrees, or another person's sample: the lab explains it.
                      <Text fz="xs" c="red.8" mt={4} data-testid="result-sample-contradicted">
                        {t('results.samples.contradicted', {
                          markers: s.contradictedMarkers
                            .map((m) => `${m.geneCode} ${m.before} → ${m.after}`)
                            .join(', '),
                        })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export function ResultViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const result = useResult(id, locale);
  const canViewReports = useCan(Permissions.ProductsView);

  if (!Number.isInteger(id) || id <= 0 || (isApiError(result.error) && result.error.status === 404)) {
    return <RedirectWithToast to={paths.results.list} message={t('results.notFound')} missing />;
  }
  if (result.isError) {
    return <RedirectWithToast to={paths.dashboard} message={t('results.loadFailed')} />;
  }
  if (!result.data) return <SectionLoader />;
  const u = result.data;

  return (
    <>
      <PageHeader
        title={<span data-testid="result-detail-file-name">{u.fileName}</span>}
        description={t('results.viewTitle')}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('results.title'), to: paths.results.list },
          { label: `#${u.id}` },
        ]}
      />
      <Stack gap="lg">
        {u.exception && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('results.exception')}
            data-testid="result-exception"
          >
            <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
              {u.exception}
            </Text>
          </Alert>
        )}
        {u.unknownGeneCodes.length > 0 && (
          <UnknownGenes codes={u.unknownGeneCodes} rows={u.unknownGeneRows} />
        )}
        {u.status === ResultUploadStatus.CompleteInspectionRequired && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="result-inspection"
          >
            <Text fz="sm">{t('results.inspectionHint')}</Text>
            {canViewReports && (
              <Anchor component={Link} to={`${paths.products.list}?requiresInspection=true`} fz="sm" fw={600}>
                {t('results.inspectionLink')}
              </Anchor>
            )}
          </Alert>
        )}
        <Card withBorder radius="md" p="xl">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            <DetailItem label={t('results.fields.status')} testId="result-detail-status">
              <UploadStatusBadge status={u.status} />
            </DetailItem>
            <DetailItem label={t('results.fields.paired')} testId="result-detail-paired">
              {u.paired}
            </DetailItem>
            <DetailItem label={t('results.fields.unpairable')} testId="result-detail-unpairable">
              {u.unpairable}
            </DetailItem>
            <DetailItem label={t('results.fields.generated')}>
              <GeneratedProgress upload={u} />
            </DetailItem>
            <DetailItem label={t('results.fields.uploadedAt')}>
              {formatDateTime(u.uploadedAt, locale)}
            </DetailItem>
            <DetailItem label={t('results.fields.uploadedBy')}>{u.uploadedBy?.userName ?? '—'}</DetailItem>
            <DetailItem label={t('results.fields.finishedAt')}>
              {formatDateTime(u.finishedAt, locale)}
            </DetailItem>
            <DetailItem label={t('results.fields.fileSize')}>{formatFileSize(u.fileSize, locale)}</DetailItem>
            <DetailItem label={t('results.fields.format')} testId="result-detail-format">
              {u.format ? t(`results.format.${u.format}`, u.format) : '—'}
            </DetailItem>
            {u.genomeBuild !== null && (
              <DetailItem label={t('results.fields.genomeBuild')} testId="result-detail-build">
                {`GRCh${u.genomeBuild}`}
              </DetailItem>
            )}
          </SimpleGrid>
        </Card>
        {u.markerCounts.length > 0 && <MarkerCounts upload={u} />}
        {u.status !== ResultUploadStatus.Failed && <PairedSamples upload={u} />}
        {u.status !== ResultUploadStatus.Failed && <Unpairables upload={u} />}
      </Stack>
    </>
  );
}

export const Component = ResultViewRoute;
