import type { GeneInformation } from '@genodesk/contract/results';
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface GeneTableProps {
  genes: readonly GeneInformation[];
  /** Rows scroll inside this height (px); the whole table when not given. */
  maxHeight?: number;
  testId?: string;
}

/** A customer's genotypes: code, name, HGVS c., protein, transcript and genotype of each gene. */
export function GeneTable({ genes, maxHeight, testId = 'gene-table' }: GeneTableProps) {
  const { t } = useTranslation();
  const table = (
    <Table miw={720} fz="sm" striped stickyHeader={maxHeight !== undefined} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('results.genes.code')}</Table.Th>
          <Table.Th>{t('results.genes.name')}</Table.Th>
          <Table.Th>{t('results.genes.hgvsC')}</Table.Th>
          <Table.Th>{t('results.genes.protein')}</Table.Th>
          <Table.Th>{t('results.genes.transcript')}</Table.Th>
          <Table.Th>{t('results.genes.genotype')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {genes.map((g) => (
          <Table.Tr key={g.code} data-testid="gene-row">
            <Table.Td fw={600}>{g.code}</Table.Td>
            <Table.Td>{g.name || '—'}</Table.Td>
            <Table.Td ff="monospace">{g.hgvsC || '—'}</Table.Td>
            <Table.Td ff="monospace">{g.protein || '—'}</Table.Td>
            <Table.Td ff="monospace">{g.transcript || '—'}</Table.Td>
            <Table.Td>
              <Text ff="monospace" fz="sm" fw={600} data-testid="gene-genotype">
                {g.genotype}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return maxHeight === undefined ? (
    <ScrollArea>{table}</ScrollArea>
  ) : (
    <ScrollArea.Autosize mah={maxHeight}>{table}</ScrollArea.Autosize>
  );
}
