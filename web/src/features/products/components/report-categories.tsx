import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import { Accordion, Alert, Badge, Box, ColorSwatch, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { useLocale } from '@/lib/use-locale';
import { useCategory } from '../api/get-category';
import { localizedRichText, localizedText, riskColor, riskLevels } from './risk';

/** A risk as a coloured badge: 1 green … 4 red, none grey. */
export function RiskBadge({ risk }: { risk: number | null }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={riskColor(risk)}
      tt="none"
      radius="sm"
      data-testid="risk-badge"
      data-risk={risk ?? 'none'}
    >
      {risk === null ? t('products.risk.none') : t(`products.risk.${risk}`, { defaultValue: String(risk) })}
    </Badge>
  );
}

export function RiskLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="wrap" data-testid="risk-legend">
      {[...riskLevels, null].map((risk) => (
        <Group key={risk ?? 'none'} gap={6} wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${riskColor(risk)}-6)`} size={12} withShadow={false} />
          <Text fz="xs" c="dimmed">
            {risk === null ? t('products.risk.none') : t(`products.risk.${risk}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function PhenotypeItem({ phenotype }: { phenotype: ReportPhenotype }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Box
      p="md"
      data-testid="report-phenotype"
      style={{
        borderLeft: `4px solid var(--mantine-color-${riskColor(phenotype.risk)}-5)`,
        background: 'var(--mantine-color-gray-0)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={6}>
        <Text fw={600} fz="sm">
          {localizedText(phenotype.phenotype, phenotype.phenotypeEn, locale)}
        </Text>
        <RiskBadge risk={phenotype.risk} />
      </Group>
      <RichTextView html={localizedRichText(phenotype.text, phenotype.textEn, locale)} />
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

function CategoryContent({ productId, categoryId }: { productId: number; categoryId: number }) {
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
            <PhenotypeItem key={phenotype.geneCombinationId} phenotype={phenotype} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** The report's categories as an accordion; each category's content is loaded when first opened. */
export function ReportCategories({ product }: { product: Product }) {
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
                  <RiskBadge risk={category.highestRisk} />
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {loaded.has(value) && <CategoryContent productId={product.id} categoryId={category.id} />}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
