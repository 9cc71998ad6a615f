import type { GenotypeCombination } from '@genodesk/contract/templates';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The genotype combinations of a list row, compact: `C/T` for one gene, `rs1 C/T · rs2 A/A` for more. */
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
    geneCodes.length === 1
      ? (combination[geneCodes[0] ?? ''] ?? Object.values(combination)[0] ?? '')
      : geneCodes.map((code) => `${code} ${combination[code] ?? '—'}`).join(' · ');
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
