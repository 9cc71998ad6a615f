import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  ColorSwatch,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { riskLabel } from '@/features/templates/components/labels';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useCategory } from '../api/get-category';
import { localizedRichText, localizedText, riskColor, riskLevels } from './risk';

/**
 * A risk as a coloured badge in the catalogue's words and colours; a phenotype nobody assessed is a
 * neutral "not assessed", never a risk.
 */
export function RiskBadge({ risk, notAssessed = false }: { risk: number | null; notAssessed?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Badge
      variant={notAssessed ? 'outline' : 'light'}
      color={notAssessed ? 'gray' : riskColor(risk)}
      tt="none"
      radius="sm"
      miw="max-content"
      data-testid="risk-badge"
      data-risk={notAssessed ? 'not-assessed' : (risk ?? 'none')}
    >
      {notAssessed
        ? t('products.notAssessed')
        : risk === null
          ? t('products.risk.none')
          : riskLabel(risk, locale)}
    </Badge>
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
      style={{
        borderLeft: phenotype.notAssessed
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
          <RiskBadge risk={phenotype.risk} notAssessed={phenotype.notAssessed} />
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
      <RichTextView html={localizedRichText(phenotype.text, phenotype.textEn, locale)} />
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
            <Badge key={gene.code} variant="outline" color="gray" tt="none" radius="sm" ff="monospace">
              {`${gene.code} ${gene.genotype}`}
            </Badge>
          ))}
        </Group>
      )}
    </Box>
  );
}

/** The combination rules the report fulfils: their own risk and text, naming the phenotypes together. */
export function ReportCombinations({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (product.combinations.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="report-combinations">
      {product.combinations.map((combination) => (
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
            <RiskBadge risk={combination.risk} />
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
