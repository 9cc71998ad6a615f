import { noCallReasonLabels } from '@genodesk/contract/genotypes';
import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import { type ClinicalWeight, clinicalWeightLabels, compareFindings } from '@genodesk/contract/templates';
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  ColorSwatch,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconHelpHexagon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { GenotypeReading, type ReadableGenotype } from '@/features/results/components/gene-table';
import { riskLabel } from '@/features/templates/components/labels';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCategory } from '../api/get-category';
import { localizedRichText, localizedText, riskColor, riskLevels } from './risk';

/**
 * A risk as a coloured badge in the catalogue's words and colours; a phenotype nobody assessed is a
 * neutral "not assessed", one not determined (a marker not called) "not determined", never a risk.
 */
export function RiskBadge({
  risk,
  notAssessed = false,
  notDetermined = false,
}: {
  risk: number | null;
  notAssessed?: boolean;
  notDetermined?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const neutral = notAssessed || notDetermined;
  return (
    <Badge
      variant={neutral ? 'outline' : 'light'}
      color={neutral ? 'gray' : riskColor(risk)}
      tt="none"
      radius="sm"
      miw="max-content"
      data-testid="risk-badge"
      data-risk={notDetermined ? 'not-determined' : notAssessed ? 'not-assessed' : (risk ?? 'none')}
    >
      {notDetermined
        ? t('products.notDetermined')
        : notAssessed
          ? t('products.notAssessed')
          : risk === null
            ? t('products.risk.none')
            : riskLabel(risk, locale)}
    </Badge>
  );
}

/** A clinical weight in words (the summary's order: the graver first). */
export function WeightLabel({ weight }: { weight: number }) {
  const { locale } = useLocale();
  const label = clinicalWeightLabels[weight as ClinicalWeight] ?? clinicalWeightLabels[2];
  return (
    <Text fz="xs" c="dimmed" data-testid="finding-weight" data-weight={weight}>
      {label[locale]}
    </Text>
  );
}

export function RiskLegend() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Group gap="md" wrap="wrap" data-testid="risk-legend">
      {riskLevels.map((risk) => (
        <Group key={risk} gap={6} wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${riskColor(risk)}-6)`} size={12} withShadow={false} />
          <Text fz="xs" c="dimmed">
            {riskLabel(risk, locale)}
          </Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color="var(--mantine-color-gray-4)" size={12} withShadow={false} />
        <Text fz="xs" c="dimmed">
          {t('products.notAssessed')}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color="var(--mantine-color-gray-2)" size={12} withShadow={false} />
        <Text fz="xs" c="dimmed">
          {t('products.notDetermined')}
        </Text>
      </Group>
    </Group>
  );
}

/** A gene's genotype with its marker and HGVS c., to be read as the report page reads it. */
export type GeneReadingItem = ReadableGenotype & { code: string; hgvsC: string };

/**
 * One gene a phenotype read: the marker, HGVS c. on the transcript and the genotype as read (the
 * zygosity, the gene's strand, the plus strand); the assess dialog shows the customer's genes and its
 * templates' genotypes with it too.
 */
export function PhenotypeGene({
  gene,
  testId = 'phenotype-gene',
  bordered = true,
}: {
  gene: GeneReadingItem;
  testId?: string;
  /** Off for a line of a box that holds several genes (a template's genotype combination). */
  bordered?: boolean;
}) {
  return (
    <Group
      gap={8}
      wrap="wrap"
      align="baseline"
      data-testid={testId}
      data-gene={gene.code}
      px={8}
      py={4}
      style={
        bordered
          ? { border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }
          : undefined
      }
    >
      <Text fz="sm" fw={600} ff="monospace">
        {gene.code}
      </Text>
      {gene.hgvsC && (
        <Text fz="xs" ff="monospace" data-testid="phenotype-gene-hgvs">
          {gene.hgvsC}
        </Text>
      )}
      <GenotypeReading gene={gene} inline />
    </Group>
  );
}

function PhenotypeItem({
  phenotype,
  onAssess,
}: {
  phenotype: ReportPhenotype;
  onAssess?: (phenotype: ReportPhenotype) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Box
      p="md"
      data-testid="report-phenotype"
      data-not-assessed={phenotype.notAssessed || undefined}
      data-not-determined={phenotype.notDetermined || undefined}
      style={{
        borderLeft:
          phenotype.notAssessed || phenotype.notDetermined
            ? '4px dashed var(--mantine-color-gray-5)'
            : `4px solid var(--mantine-color-${riskColor(phenotype.risk)}-5)`,
        background: 'var(--mantine-color-gray-0)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
        <Text fw={600} fz="sm">
          {localizedText(phenotype.phenotype, phenotype.phenotypeEn, locale)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <RiskBadge
            risk={phenotype.risk}
            notAssessed={phenotype.notAssessed}
            notDetermined={phenotype.notDetermined}
          />
          {phenotype.notAssessed && onAssess && (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onAssess(phenotype)}
              data-testid="phenotype-assess"
            >
              {t('products.assess.open')}
            </Button>
          )}
        </Group>
      </Group>
      {phenotype.notDetermined ? (
        <Text fz="sm" c="dimmed" data-testid="phenotype-not-determined">
          {t('products.notDeterminedText')}
        </Text>
      ) : (
        <RichTextView html={localizedRichText(phenotype.text, phenotype.textEn, locale)} />
      )}
      {phenotype.assessedBy && (
        <Text fz="xs" c="dimmed" mt={6} data-testid="phenotype-assessed-by">
          {t('products.assess.by', {
            name: phenotype.assessedBy.userName,
            date: formatDateTime(phenotype.assessedBy.at, locale),
          })}
        </Text>
      )}
      {phenotype.genes.length > 0 && (
        <Group gap={6} mt="sm" wrap="wrap" aria-label={t('products.view.genotypes')}>
          {phenotype.genes.map((gene) => (
            <PhenotypeGene key={gene.code} gene={gene} />
          ))}
        </Group>
      )}
    </Box>
  );
}

/**
 * The report's summary (issue 34): the phenotypes with an increased risk and every fired combination
 * rule, the graver clinical weight first, then the graver risk (`compareFindings`, the PDF's order),
 * each with its weight in words.
 */
export function ReportSummary({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const findings = [...product.summary].sort(compareFindings);
  if (findings.length === 0) {
    return (
      <Text c="dimmed" fz="sm" data-testid="report-summary-empty">
        {t('products.summary.empty')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="xs" data-testid="report-summary">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('products.summary.weight')}</Table.Th>
          <Table.Th>{t('products.summary.risk')}</Table.Th>
          <Table.Th>{t('products.summary.finding')}</Table.Th>
          <Table.Th>{t('products.summary.category')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {findings.map((finding) => (
          <Table.Tr
            key={`${finding.kind}-${finding.id}`}
            data-testid="report-finding"
            data-kind={finding.kind}
            data-weight={finding.clinicalWeight}
          >
            <Table.Td>
              <WeightLabel weight={finding.clinicalWeight} />
            </Table.Td>
            <Table.Td>
              <RiskBadge risk={finding.risk} />
            </Table.Td>
            <Table.Td fw={finding.kind === 'combination' ? 700 : 500} data-testid="report-finding-name">
              {localizedText(finding.name, finding.nameEn, locale)}
            </Table.Td>
            <Table.Td>
              {finding.kind === 'combination'
                ? t('products.summary.combination')
                : localizedText(finding.category, finding.categoryEn, locale)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The phenotypes not determined (a marker they need not called): each with its markers and why, and
 * the retest the report will advise. Neither a risk nor "not assessed".
 */
export function NotDeterminedPhenotypes({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (product.notDetermined.length === 0) return null;
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconHelpHexagon size={18} />}
      title={t('products.notDeterminedTitle')}
      data-testid="product-not-determined"
    >
      <Stack gap="xs">
        <Text fz="sm">{t('products.notDeterminedHint')}</Text>
        <List size="sm" spacing={4}>
          {product.notDetermined.map((phenotype) => (
            <List.Item
              key={phenotype.geneCombinationId}
              data-testid="product-not-determined-phenotype"
              data-gene-combination={phenotype.geneCombinationId}
            >
              <Text span fz="sm" fw={600}>
                {localizedText(phenotype.phenotype, phenotype.phenotypeEn, locale)}
              </Text>
              <List size="sm" withPadding>
                {phenotype.genes.map((gene) => (
                  <List.Item key={gene.code} data-testid="product-not-determined-gene" data-gene={gene.code}>
                    {t('products.notDeterminedGene', {
                      code: gene.code,
                      reason: noCallReasonLabels[gene.noCallReason][locale],
                    })}
                  </List.Item>
                ))}
              </List>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/**
 * The combination rules the report fulfils: their own risk and text, naming the phenotypes together;
 * the graver clinical weight first, then the graver risk.
 */
export function ReportCombinations({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (product.combinations.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="report-combinations">
      {[...product.combinations].sort(compareFindings).map((combination) => (
        <Box
          key={combination.ruleId}
          p="md"
          data-testid="report-combination"
          style={{
            borderLeft: `4px solid var(--mantine-color-${riskColor(combination.risk)}-5)`,
            background: 'var(--mantine-color-gray-0)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
            <div>
              <Text fw={600} fz="sm">
                {localizedText(combination.name, combination.nameEn, locale)}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('products.combinations.of', {
                  phenotypes: combination.phenotypes
                    .map((p) => localizedText(p.phenotype, p.phenotypeEn, locale))
                    .join(' + '),
                })}
              </Text>
            </div>
            <Stack gap={2} align="flex-end">
              <RiskBadge risk={combination.risk} />
              <WeightLabel weight={combination.clinicalWeight} />
            </Stack>
          </Group>
          <RichTextView html={localizedRichText(combination.text, combination.textEn, locale)} />
        </Box>
      ))}
    </Stack>
  );
}

function CategoryContent({
  productId,
  categoryId,
  onAssess,
}: {
  productId: number;
  categoryId: number;
  onAssess?: (phenotype: ReportPhenotype) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const category = useCategory(productId, categoryId, locale, true);
  if (category.isError) {
    return <Alert color="red">{t('products.view.categoryFailed')}</Alert>;
  }
  if (!category.data) return <Loader size="sm" />;
  return (
    <Stack gap="lg" data-testid="report-category-content">
      {category.data.subcategories.map((subcategory) => (
        <Stack key={subcategory.id} gap="sm">
          <Title order={5}>{localizedText(subcategory.name, subcategory.nameEn, locale)}</Title>
          {subcategory.phenotypes.map((phenotype) => (
            <PhenotypeItem key={phenotype.geneCombinationId} phenotype={phenotype} onAssess={onAssess} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The report's categories as an accordion; each category's content is loaded when first opened. With
 * `onAssess`, a phenotype not assessed offers the doctor's assessment.
 */
export function ReportCategories({
  product,
  onAssess,
}: {
  product: Product;
  onAssess?: (phenotype: ReportPhenotype) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [opened, setOpened] = useState<string[]>([]);
  const [loaded, setLoaded] = useState<Set<string>>(new Set());

  if (product.categories.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        {t('products.view.noCategories')}
      </Text>
    );
  }

  return (
    <Accordion
      multiple
      variant="separated"
      value={opened}
      onChange={(value) => {
        setOpened(value);
        setLoaded((prev) => new Set([...prev, ...value]));
      }}
      data-testid="report-categories"
    >
      {product.categories.map((category) => {
        const value = String(category.id);
        return (
          <Accordion.Item
            key={category.id}
            value={value}
            data-testid="report-category"
            data-risk={category.highestRisk ?? 'none'}
            style={{ borderLeft: `4px solid var(--mantine-color-${riskColor(category.highestRisk)}-5)` }}
          >
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="sm">
                <Text fw={600}>{localizedText(category.name, category.nameEn, locale)}</Text>
                <Group gap="xs" wrap="nowrap">
                  <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('products.view.phenotypeCount', { n: category.phenotypeCount })}
                  </Text>
                  {category.notDeterminedCount > 0 && (
                    <Badge
                      variant="outline"
                      color="gray"
                      tt="none"
                      radius="sm"
                      miw="max-content"
                      data-testid="category-not-determined"
                    >
                      {t('products.notDeterminedCount', { count: category.notDeterminedCount })}
                    </Badge>
                  )}
                  {category.notAssessedCount > 0 && (
                    <Badge
                      variant="outline"
                      color="gray"
                      tt="none"
                      radius="sm"
                      miw="max-content"
                      data-testid="category-not-assessed"
                    >
                      {t('products.notAssessedCount', { count: category.notAssessedCount })}
                    </Badge>
                  )}
                  <RiskBadge risk={category.highestRisk} />
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {loaded.has(value) && (
                <CategoryContent productId={product.id} categoryId={category.id} onAssess={onAssess} />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
