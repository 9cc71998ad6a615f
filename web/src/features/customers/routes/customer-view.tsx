import { dataExportPermissions } from '@genodesk/contract/customers';
import { type DnaSampleUsage, dnaSampleUsageLabels } from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { EmailAddress } from '@/components/email-address';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { CustomerAccessLog } from '@/features/access-log/components/customer-access-log';
import { useCan } from '@/features/auth/api/get-current-user';
import { ReservationStatusBadge } from '@/features/reservations/components/reservation-status-badge';
import { CustomerResults } from '@/features/results/components/customer-results';
import { SampleStatusBadge } from '@/features/samples/components/sample-status-badge';
import { DetailItem } from '@/features/templates/components/detail-item';
import { formatDate, formatDateTime, formatPhone } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCustomer } from '../api/get-customer';
import { useCustomerAudit } from '../api/get-customer-audit';
import { useCustomerCategories } from '../api/get-customer-categories';
import { CustomerAuditTable } from '../components/customer-audit-table';
import { CustomerOrdersTable } from '../components/customer-orders-table';
import { DataExportButton } from '../components/data-export-button';
import { DnaConsentCard } from '../components/dna-consent-card';
import { EraseCustomerDialog } from '../components/erase-customer-dialog';
import { registrationSourceName } from '../components/labels';
import { LegalHoldCard } from '../components/legal-hold-card';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" p="xl" data-testid={testId}>
      <Title order={4} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function CustomerViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const customer = useCustomer(id, locale);
  const audit = useCustomerAudit(id, locale);
  const canViewReports = useCan(Permissions.ProductsView);
  const categories = useCustomerCategories(id, locale, canViewReports);
  const canEdit = useCan(Permissions.CustomersEdit);
  const canViewSamples = useCan(Permissions.SamplesView);
  // Orders are finance data, samples the lab's: the server leaves each out without its permission, and
  // its card goes with it.
  const canViewOrders = useCan(Permissions.OrdersView);
  const canViewQuestionnaires = useCan(Permissions.QuestionnairesView);
  const canViewResults = useCan(Permissions.ResultsView);
  const canViewReservations = useCan(Permissions.ReservationsView);
  const canViewAccessLog = useCan(Permissions.CustomersView, Permissions.AccessLogView);
  const canExportData = useCan(...dataExportPermissions);
  const canErase = useCan(Permissions.CustomersErase);
  const [erasing, setErasing] = useState(false);

  if (!Number.isInteger(id) || id <= 0 || customer.isError) {
    return (
      <RedirectWithToast
        to={paths.customers.list}
        message={t('customers.loadFailed')}
        missing={isMissingRecord(id, customer.error)}
      />
    );
  }
  if (!customer.data) return <SectionLoader />;
  const c = customer.data;
  const yesNo = (value: boolean) => (
    <Badge variant="light" color={value ? 'teal' : 'gray'}>
      {value ? t('common.yes') : t('common.no')}
    </Badge>
  );

  return (
    <>
      <PageHeader
        title={<span data-testid="customer-detail-name">{c.fullName}</span>}
        description={t('customers.viewTitle')}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('customers.title'), to: paths.customers.list },
          { label: `${c.fullName} #${c.id}` },
        ]}
        actions={
          <>
            {canViewReservations && (
              <Button
                component={Link}
                to={paths.customerReservations(c.id)}
                variant="default"
                leftSection={<IconCalendarEvent size={16} />}
                data-testid="customer-reservations-link"
              >
                {t('reservations.history.title')}
              </Button>
            )}
            {canExportData && <DataExportButton customerId={c.id} />}
            {canErase && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setErasing(true)}
                data-testid="customer-delete"
              >
                {t('customers.delete.title')}
              </Button>
            )}
            {canEdit && (
              <Button
                component={Link}
                to={paths.customers.edit(c.id)}
                leftSection={<IconPencil size={16} />}
                data-testid="customer-edit"
              >
                {t('common.edit')}
              </Button>
            )}
          </>
        }
      />
      {!c.agreedToDNAAnalysis && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('customers.consentMissing.title')}
          mb="lg"
          data-testid="customer-consent-missing"
        >
          {t('customers.consentMissing.text')}
        </Alert>
      )}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <Section title={t('customers.sections.identity')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <DetailItem label={t('customers.fields.name')}>{c.name}</DetailItem>
                <DetailItem label={t('customers.fields.surname')}>{c.surname}</DetailItem>
                <DetailItem label={t('reservations.history.status')}>
                  <ReservationStatusBadge status={c.reservationStatus} />
                </DetailItem>
                <DetailItem label={t('customers.fields.gender')}>
                  {c.gender === 1 || c.gender === 2 ? t(`customers.gender.${c.gender}`) : '—'}
                </DetailItem>
                <DetailItem label={t('customers.fields.dateOfBirth')}>
                  <Group gap={6}>
                    <span data-testid="customer-detail-dob">{formatDate(c.dateOfBirth, locale)}</span>
                    {c.isUnderage && (
                      <Badge size="xs" color="orange" variant="light">
                        {t('customers.underage')}
                      </Badge>
                    )}
                  </Group>
                </DetailItem>
              </SimpleGrid>
            </Section>
            <Section title={t('customers.sections.contact')}>
              {/* A value longer than its half (an e-mail without a space) wraps rather than running into
                  the next one: an e-mail after its "@" first. */}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" style={{ overflowWrap: 'anywhere' }}>
                <DetailItem label={t('customers.fields.email')} testId="customer-detail-email">
                  <EmailAddress email={c.email} wraps />
                </DetailItem>
                <DetailItem label={t('customers.fields.phone')} testId="customer-detail-phone">
                  {formatPhone(c.phonePrefix, c.phone)}
                </DetailItem>
                <DetailItem label={t('customers.fields.address')} testId="customer-detail-address">
                  {[`${c.street} ${c.streetNumber}`.trim(), `${c.zipCode} ${c.city}`.trim()]
                    .filter(Boolean)
                    .join(', ') || '—'}
                </DetailItem>
              </SimpleGrid>
            </Section>
            {canViewOrders && (
              <Section title={t('customers.sections.orders')} testId="customer-orders">
                {c.orders.length === 0 ? (
                  <Text c="dimmed" fz="sm">
                    {t('customers.noOrders')}
                  </Text>
                ) : (
                  <CustomerOrdersTable orders={c.orders} />
                )}
              </Section>
            )}
            {canViewSamples && (
              <Section title={t('customers.sections.samples')} testId="customer-samples">
                {c.samples.length === 0 ? (
                  <Text c="dimmed" fz="sm">
                    {t('customers.noSamples')}
                  </Text>
                ) : (
                  <Stack gap="xs">
                    {c.samples.map((s) => (
                      <Group key={s.id} justify="space-between" data-testid="customer-sample">
                        <Anchor component={Link} to={paths.samples.view(s.id)} fz="sm">
                          #{s.id}
                        </Anchor>
                        <Text ff="monospace" fz="sm">
                          {s.barcode ?? '—'}
                        </Text>
                        <SampleStatusBadge status={s.status} />
                      </Group>
                    ))}
                  </Stack>
                )}
              </Section>
            )}
            <Section title={t('customers.sections.audit')} testId="customer-audit">
              {!audit.data?.length ? (
                <Text c="dimmed" fz="sm">
                  {t('customers.noAudit')}
                </Text>
              ) : (
                <CustomerAuditTable entries={audit.data} />
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <DnaConsentCard customerId={c.id} canEdit={canEdit} />
            <LegalHoldCard customer={c} canChange={canErase} />
            <Section title={t('customers.sections.identifiers')}>
              <SimpleGrid cols={2} spacing="lg">
                <DetailItem label={t('customers.fields.id')}>{c.id}</DetailItem>
                <DetailItem label={t('customers.fields.barcode')} testId="customer-detail-barcode">
                  {c.extID ?? '—'}
                </DetailItem>
                <DetailItem label={t('customers.fields.openLimsID')} testId="customer-detail-openlims">
                  {c.openLimsID ?? '—'}
                </DetailItem>
                <DetailItem label={t('customers.fields.registrationSource')}>
                  {registrationSourceName(c.registrationSource, locale)}
                </DetailItem>
                <DetailItem label={t('customers.fields.dateRegistration')}>
                  {formatDateTime(c.dateRegistration, locale)}
                </DetailItem>
                <DetailItem label={t('customers.fields.relationship')} testId="customer-detail-partner">
                  {c.relationship.partnerId && c.relationship.partnerFullName ? (
                    <Anchor component={Link} to={paths.customers.view(c.relationship.partnerId)} fz="sm">
                      {c.relationship.partnerFullName}
                    </Anchor>
                  ) : (
                    t(`customers.relationshipStatus.${c.relationship.status}`)
                  )}
                </DetailItem>
                <DetailItem
                  label={t('customers.fields.questionnaire')}
                  testId="customer-detail-questionnaire"
                >
                  {c.hasQuestionnaire && canViewQuestionnaires ? (
                    <Anchor component={Link} to={`${paths.questionnaires.list}?customerId=${c.id}`} fz="sm">
                      {t('customers.questionnaireFilled')}
                    </Anchor>
                  ) : c.hasQuestionnaire ? (
                    t('customers.questionnaireFilled')
                  ) : (
                    t('customers.questionnaireMissing')
                  )}
                </DetailItem>
              </SimpleGrid>
            </Section>
            <Section title={t('customers.sections.agreements')}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fz="sm">{t('customers.fields.agreedToTermsOfService')}</Text>
                  {yesNo(c.agreedToTermsOfService)}
                </Group>
                <Group justify="space-between">
                  <Text fz="sm">{t('customers.fields.agreedToDataProcessing')}</Text>
                  {yesNo(c.agreedToDataProcessing)}
                </Group>
                <Group justify="space-between">
                  <Text fz="sm">
                    {t('customers.fields.agreedToDNAAnalysis')}
                    {c.dnaConsentAt && (
                      <Text span fz="xs" c="dimmed" data-testid="customer-consent-date">
                        {` · ${formatDateTime(c.dnaConsentAt, locale)}`}
                      </Text>
                    )}
                  </Text>
                  {yesNo(c.agreedToDNAAnalysis)}
                </Group>
                <Group justify="space-between">
                  <Text fz="sm">{t('customers.fields.agreedToSampleBeingUsedForScientificPurposes')}</Text>
                  {yesNo(c.agreedToSampleBeingUsedForScientificPurposes)}
                </Group>
                <Group justify="space-between">
                  <Text fz="sm">{t('customers.fields.agreedToSampleExamination')}</Text>
                  {yesNo(c.agreedToSampleExamination)}
                </Group>
                <Group justify="space-between">
                  <Text fz="sm">{t('customers.fields.dnaAgreementWasDigital')}</Text>
                  {yesNo(c.dnaAgreementWasDigital)}
                </Group>
                <DetailItem label={t('customers.fields.dnaSampleUsage')}>
                  {c.DNASampleUsageStatus
                    ? dnaSampleUsageLabels[c.DNASampleUsageStatus as DnaSampleUsage]?.[locale]
                    : t('customers.notChosen')}
                </DetailItem>
              </Stack>
            </Section>
            <Section title={t('customers.sections.notifications')}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fz="sm">{t('customers.fields.notifyByEmail')}</Text>
                  {yesNo(c.notifyByEmail)}
                </Group>
                <Group justify="space-between">
                  <Text fz="sm">{t('customers.fields.notifyBySms')}</Text>
                  {yesNo(c.notifyBySms)}
                </Group>
                <Group justify="space-between">
                  <Text fz="sm">{t('messaging.language.field')}</Text>
                  <Badge variant="light" color="blue" data-testid="customer-detail-language">
                    {t(`messaging.language.names.${c.language}`)}
                  </Badge>
                </Group>
              </Stack>
            </Section>
            {canViewReports && (
              <Section title={t('customers.sections.categories')} testId="customer-categories">
                <Stack gap="xs">
                  {(categories.data ?? []).map((cat) => (
                    <Group key={cat.id} justify="space-between">
                      <Text fz="sm">{locale === 'en' ? cat.nameEn || cat.name : cat.name}</Text>
                      <Badge variant="light" color="gray">
                        {cat.phenotypeCount}
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              </Section>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {/* The genotypes' table (its HGVS notation) is wider than the left column at 1280 px: it takes the
          page's width, as the access log below. */}
      {canViewResults && (
        <Box mt="lg">
          <CustomerResults customerId={c.id} hasResults={c.hasResults} />
        </Box>
      )}
      {canViewAccessLog && <CustomerAccessLog key={c.id} customerId={c.id} />}
      {canErase && (
        <EraseCustomerDialog
          target={c}
          opened={erasing}
          onClose={() => setErasing(false)}
          onErased={() => navigate(paths.customers.list, { replace: true })}
        />
      )}
    </>
  );
}

export const Component = CustomerViewRoute;
