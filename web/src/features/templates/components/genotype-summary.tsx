import type { GenotypeCombination } from '@genodesk/contract/templates';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The genotype combinations of a list row, compact: the genotypes in the genes' order, `C/T · A/A`. */
export function GenotypeSummary({
  geneCodes,
  combinations,
  max = 3,
}: {
  geneCodes: readonly string[];
  combinations: readonly GenotypeCombination[];
  max?: number;
}) {
  const { t } = useTranslation();
  const line = (combination: GenotypeCombination) =>
    geneCodes.map((code) => combination[code] ?? '—').join(' · ');
  return (
    <Stack gap={0}>
      {combinations.slice(0, max).map((combination, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <Text key={index} ff="monospace" fz="xs" fw={600}>
          {line(combination)}
        </Text>
      ))}
      {combinations.length > max && (
        <Text fz="xs" c="dimmed">
          {t('templates.genotypes.more', { count: combinations.length - max })}
        </Text>
      )}
    </Stack>
  );
}
