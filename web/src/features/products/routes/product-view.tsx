import type { ProductSection } from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { GeneTable } from '@/features/results/components/gene-table';
import { DetailItem } from '@/features/templates/components/detail-item';
import { isApiError } from '@/lib/api-client';
import { confirmAction } from '@/lib/confirm';
import { formatDate, formatDateTime, genderContext, nameIn } from '@/lib/format';
import { dismissNotice, notifyError, notifySuccess, productNoticeId } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { isRunActive, useReanalysis } from '../api/get-reanalysis';
import { productKeys } from '../api/keys';
import { useReanalyse } from '../api/reanalyse';
import { AssessPhenotypeModal } from '../components/assess-phenotype-modal';
import { ChangeLog } from '../components/change-log';
import { PdfPreview } from '../components/pdf-preview';
import { ProductStatusBadge, productSectionName } from '../components/product-status-badge';
import { ReleasePanel } from '../components/release-panel';
import {
  NotDeterminedPhenotypes,
  ReportCategories,
  ReportCombinations,
  ReportSummary,
  RiskLegend,
} from '../components/report-categories';
import { ReportDocuments } from '../components/report-documents';
import { moveKey, movesFrom, sectionPathsOf, useRouteSection } from '../components/sections';
import { moveIcons, useRequestMove } from '../components/use-move';
import { WithProduct } from '../components/with-product';

function Section({
  title,
  children,
  testId,
  extra,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  extra?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="xl" data-testid={testId}>
      <Group justify="space-between" align="center" mb="md" wrap="wrap">
        <Title order={4}>{title}</Title>
        {extra}
      </Group>
      {children}
    </Card>
  );
}

const sectionListTitle: Record<ProductSection, string> = {
  results: 'products.title',
  doctorSection: 'products.doctorSectionTitle',
  archive: 'products.archiveTitle',
};

function ProductView({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const routeSection = useRouteSection();
  const canEdit = useCan(Permissions.ProductsEdit);
  const move = useRequestMove();
  const reanalyse = useReanalyse();
  const [runId, setRunId] = useState<number | null>(null);
  const [assessing, setAssessing] = useState<ReportPhenotype | null>(null);
  const run = useReanalysis(runId);
  const requestedMove = useRef<{ from: string; to: string } | null>(null);
  const sectionScreens = sectionPathsOf(product.section);

  // A finished move: say where the report went and follow it to its section's screen.
  useEffect(() => {
    const requested = requestedMove.current;
    if (!requested || product.pendingSection) return;
    requestedMove.current = null;
    const key = moveKey(requested.from, requested.to);
    if (product.section === requested.to) {
      notifySuccess(
        t(`products.moves.done.${requested.to}`, {
          name: product.customerName,
          context: genderContext(product.customerGender),
        }),
        t(`products.moves.${key}`),
      );
    } else notifyError(t(`products.moves.failed.${key}`));
  }, [product.pendingSection, product.section, product.customerName, product.customerGender, t]);

  useEffect(() => {
    if (!product.pendingSection && product.section !== routeSection) {
      navigate(sectionPathsOf(product.section).view(product.id), { replace: true });
    }
  }, [product.pendingSection, product.section, product.id, routeSection, navigate]);

  // A finished reanalysis of this report.
  useEffect(() => {
    const current = run.data;
    if (!current || isRunActive(current) || runId === null) return;
    setRunId(null);
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
    if (current.status === 3) {
      notifySuccess(
        current.changed > 0 ? t('products.reanalysis.oneChanged') : t('products.reanalysis.oneUnchanged'),
      );
    } else notifyError(current.error ?? t('products.reanalysis.failed'), t('products.reanalysis.failed'));
  }, [run.data, runId, queryClient, t]);

  // Phenotypes the generation left open (no matching template, not determined) and not yet resolved.
  const phenotypesOpen = product.openPoints.some(
    (point) => point === 'notAssessed' || point === 'notDetermined',
  );
  // A refusal toast about the report (a publication asking for assessments) goes once they change.
  const openKey = product.openPoints.join();
  const shownOpenKey = useRef(openKey);
  useEffect(() => {
    if (shownOpenKey.current === openKey) return;
    shownOpenKey.current = openKey;
    dismissNotice(productNoticeId(product.id));
  }, [openKey, product.id]);

  const pendingMove = Boolean(product.pendingSection) || move.pending;
  const reanalysing = product.reanalysisPending || reanalyse.isPending || isRunActive(run.data);
  const busy = pendingMove || reanalysing;

  const requestMove = async (to: ProductSection) => {
    const accepted = await move.request(product, to);
    if (!accepted) return;
    requestedMove.current = { from: product.section, to };
    queryClient.setQueryData(productKeys.detail(product.id, locale), {
      ...product,
      pendingSection: accepted.pendingSection,
    });
  };

  const requestReanalysis = async () => {
    const confirmed = await confirmAction({
      title: t('products.reanalysis.oneConfirmTitle'),
      message: t('products.reanalysis.oneConfirmMessage'),
      confirmLabel: t('products.reanalysis.one'),
      cancelLabel: t('common.cancel'),
      testId: 'reanalyse-product',
    });
    if (!confirmed) return;
    reanalyse.mutate(product.id, {
      onSuccess: (accepted) => setRunId(accepted.id),
      onError: (error) => {
        const title = t('products.reanalysis.failed');
        if (isApiError(error) && error.status < 500) notifyError(error.message, title);
        else notifyError(title);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={<span data-testid="product-customer-name">{product.customerName}</span>}
        description={t('products.viewTitle')}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t(sectionListTitle[routeSection]), to: sectionPathsOf(routeSection).list },
          { label: `${product.customerName} #${product.id}` },
        ]}
        actions={
          canEdit && (
            <>
              {movesFrom(product.section).map((to) => {
                const key = moveKey(product.section, to);
                const Icon = moveIcons[key] ?? IconRefresh;
                return (
                  <Button
                    key={to}
                    variant="default"
                    leftSection={<Icon size={16} />}
                    disabled={busy}
                    onClick={() => void requestMove(to)}
                    data-testid={`product-move-${to}`}
                  >
                    {t(`products.moves.${key}`)}
                  </Button>
                );
              })}
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                disabled={busy}
                loading={reanalysing}
                onClick={() => void requestReanalysis()}
                data-testid="product-reanalyse"
              >
                {t('products.reanalysis.one')}
              </Button>
              {sectionScreens.edit && (
                <Button
                  component={Link}
                  to={sectionScreens.edit(product.id)}
                  leftSection={<IconPencil size={16} />}
                  disabled={busy}
                  onClick={(event) => busy && event.preventDefault()}
                  data-testid="product-edit"
                >
                  {t('common.edit')}
                </Button>
              )}
            </>
          )
        }
      />
      <Stack gap="lg">
        {(pendingMove || reanalysing) && (
          <Alert color="violet" variant="light" data-testid="product-pending-alert">
            {product.pendingSection
              ? t('products.pendingMove', { section: productSectionName(product.pendingSection, locale) })
              : t('products.reanalysis.onePending')}
          </Alert>
        )}
        {product.requiresInspection && (
          // The flag stays until the doctor confirms the inspection at publishing; its reason may not.
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="product-inspection"
            data-open={phenotypesOpen || undefined}
          >
            {phenotypesOpen ? t('products.inspectionHint') : t('products.words.inspectionResolved')}
          </Alert>
        )}
        {product.notAssessed.length > 0 && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="product-not-assessed"
          >
            {t('products.notAssessedHint', {
              count: product.notAssessed.length,
              phenotypes: product.notAssessed
                .map((p) => (locale === 'en' && p.phenotypeEn ? p.phenotypeEn : p.phenotype))
                .join(', '),
            })}
          </Alert>
        )}
        <NotDeterminedPhenotypes product={product} />
        <ReleasePanel product={product} />
        <Card withBorder radius="md" p="xl" data-testid="product-overview">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
            <DetailItem label={t('products.fields.customer')}>
              <Anchor component={Link} to={paths.customers.view(product.customerId)} fz="sm" fw={600}>
                {product.assignedCustomer.fullName || product.customerName}
              </Anchor>
              <Text fz="xs" c="dimmed">
                {product.assignedCustomer.email}
              </Text>
            </DetailItem>
            <DetailItem label={t('products.fields.dateOfBirth')}>
              <Group gap={6}>
                {formatDate(product.assignedCustomer.dateOfBirth, locale)}
                {product.customerUnderage && (
                  <Badge size="xs" color="orange" variant="light">
                    {t('products.underage')}
                  </Badge>
                )}
              </Group>
            </DetailItem>
            <DetailItem label={t('products.fields.status')} testId="product-detail-status">
              <ProductStatusBadge status={product.status} />
            </DetailItem>
            <DetailItem label={t('products.fields.section')} testId="product-detail-section">
              <Group gap={6}>
                {productSectionName(product.section, locale)}
                {product.pendingSection && (
                  <Badge variant="dot" color="violet" tt="none" data-testid="product-pending">
                    {t('products.pendingMove', {
                      section: productSectionName(product.pendingSection, locale),
                    })}
                  </Badge>
                )}
              </Group>
            </DetailItem>
            <DetailItem label={t('products.fields.productType')}>
              {product.productType
                ? nameIn(product.productType.name, product.productType.nameEn, locale)
                : '—'}
            </DetailItem>
            <DetailItem label={t('products.fields.barcode')}>
              <Text ff="monospace" fz="sm">
                {product.barcode ?? '—'}
              </Text>
            </DetailItem>
            <DetailItem label={t('products.fields.doctor')}>{product.doctor?.userName ?? '—'}</DetailItem>
            <DetailItem label={t('products.fields.pairedPhenotypes')}>
              {product.pairedPhenotypesCount}
            </DetailItem>
            <DetailItem label={t('products.fields.generatedAt')}>
              {formatDateTime(product.generatedAt, locale)}
            </DetailItem>
            <DetailItem label={t('products.fields.publishedAt')} testId="product-detail-published">
              {formatDateTime(product.publishedAt, locale)}
            </DetailItem>
            <DetailItem label={t('products.fields.lastChangeAt')}>
              {formatDateTime(product.lastChangeAt, locale)}
            </DetailItem>
            <DetailItem label={t('products.fields.requiresInspection')}>
              <Badge variant="light" color={product.requiresInspection ? 'orange' : 'gray'}>
                {product.requiresInspection ? t('common.yes') : t('common.no')}
              </Badge>
            </DetailItem>
            {product.legalGuardianName && (
              <DetailItem label={t('products.fields.legalGuardian')}>
                {[product.legalGuardianName, product.legalGuardianEmail].filter(Boolean).join(', ')}
              </DetailItem>
            )}
          </SimpleGrid>
        </Card>
        <Section
          title={t('products.pdf.title')}
          testId="product-pdf"
          extra={<PdfPreview productId={product.id} customerLanguage={product.assignedCustomer.language} />}
        >
          <ReportDocuments productId={product.id} />
        </Section>
        <Section
          title={t('products.view.doctorIntro')}
          testId="product-doctor-intro"
          extra={
            product.doctorsIntroLastChange && (
              <Text fz="xs" c="dimmed">
                {t('products.view.lastChange', {
                  date: formatDateTime(product.doctorsIntroLastChange, locale),
                })}
              </Text>
            )
          }
        >
          <RichTextView html={product.doctorIntro} testId="product-doctor-intro-text" />
        </Section>
        {product.doctorIntroReproductiveGeneticsEnabled && (
          <Section title={t('products.view.reproductiveIntro')} testId="product-reproductive-intro">
            <RichTextView html={product.doctorIntroReproductiveGenetics} />
          </Section>
        )}
        <Section
          title={t('products.summary.title')}
          testId="product-summary"
          extra={
            <Text fz="xs" c="dimmed">
              {t('products.summary.description')}
            </Text>
          }
        >
          <ReportSummary product={product} />
        </Section>
        <Section title={t('products.view.categories')} testId="product-categories" extra={<RiskLegend />}>
          <Stack gap="md">
            <ReportCombinations product={product} />
            <ReportCategories
              product={product}
              onAssess={canEdit && product.section !== 'archive' ? setAssessing : undefined}
            />
          </Stack>
        </Section>
        <AssessPhenotypeModal product={product} phenotype={assessing} onClose={() => setAssessing(null)} />
        <Section title={t('products.view.genes')} testId="product-genes">
          {product.genes.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {t('products.view.noGenes')}
            </Text>
          ) : (
            <GeneTable genes={product.genes} />
          )}
        </Section>
        <Section title={t('products.view.changeLog')} testId="product-changes">
          <ChangeLog changes={product.changeLog} />
        </Section>
      </Stack>
    </>
  );
}

export function ProductViewRoute() {
  return <WithProduct>{(product) => <ProductView product={product} />}</WithProduct>;
}

export const Component = ProductViewRoute;
