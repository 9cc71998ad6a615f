import {
  type ProductSection,
  type ProductStatus,
  productSectionLabels,
  productStatusLabels,
} from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useLocale } from '@/lib/use-locale';

const colors: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'green', 4: 'teal', 5: 'grape' };

export function productStatusName(status: number, locale: Locale): string {
  return productStatusLabels[status as ProductStatus]?.[locale] ?? String(status);
}

export function productSectionName(section: string, locale: Locale): string {
  return productSectionLabels[section as ProductSection]?.[locale] ?? section;
}

/** A report's status by its SPEC §4 name in the UI language. */
export function ProductStatusBadge({ status }: { status: number }) {
  const { locale } = useLocale();
  const color = colors[status] ?? 'gray';
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <ColorSwatch
        color={`var(--mantine-color-${color}-6)`}
        size={10}
        withShadow={false}
        style={{ flexShrink: 0 }}
      />
      <Text fz="sm" fw={500} c={`${color}.8`} lh={1.3} data-testid="product-status" data-status={status}>
        {productStatusName(status, locale)}
      </Text>
    </Group>
  );
}
