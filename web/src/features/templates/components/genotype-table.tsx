import type { GenotypeCombination } from '@genodesk/contract/templates';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The genotype combinations, read-only: one column per gene, one row per combination. */
export function GenotypeTable({
  geneCodes,
  combinations,
  testId = 'genotype-table',
}: {
  geneCodes: readonly string[];
  combinations: readonly GenotypeCombination[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const cell = (combination: GenotypeCombination, code: string) =>
    combination[code] ??
    Object.entries(combination).find(([gene]) => gene.toLowerCase() === code.toLowerCase())?.[1] ??
    '—';
  return (
    <Table.ScrollContainer minWidth={240}>
      <Table withTableBorder withColumnBorders striped verticalSpacing={6} data-testid={testId}>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={56} ta="center">
              {t('templates.genotypes.row')}
            </Table.Th>
            {geneCodes.map((code) => (
              <Table.Th key={code} ff="monospace" fz="sm">
                {code}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {combinations.map((combination, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <Table.Tr key={index} data-testid={`${testId}-row`}>
              <Table.Td ta="center">
                <Text fz="sm" c="dimmed">
                  {index + 1}
                </Text>
              </Table.Td>
              {geneCodes.map((code) => (
                <Table.Td key={code} ff="monospace" fz="sm" fw={600}>
                  {cell(combination, code)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
