import type { GeneInformation } from '@genodesk/contract/results';
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface GeneTableProps {
  genes: readonly GeneInformation[];
  /** Rows scroll inside this height (px); the whole table when not given. */
  maxHeight?: number;
  /** For a narrow column: the gene's name goes under its code instead of a column of its own. */
  compact?: boolean;
  testId?: string;
}

/** A customer's genotypes: code, name, HGVS c., protein, transcript and genotype of each gene. */
/** A region that scrolls is reachable from the keyboard, to scroll it with the arrow keys. */
const scrollable = { tabIndex: 0 };

export function GeneTable({ genes, maxHeight, compact = false, testId = 'gene-table' }: GeneTableProps) {
  const { t } = useTranslation();
  const table = (
    <Table
      miw={compact ? 460 : 720}
      horizontalSpacing={compact ? 'xs' : 'sm'}
      fz={compact ? 'xs' : 'sm'}
      striped
      stickyHeader={maxHeight !== undefined}
      data-testid={testId}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('results.genes.code')}</Table.Th>
          {!compact && <Table.Th>{t('results.genes.name')}</Table.Th>}
          <Table.Th>{t('results.genes.hgvsC')}</Table.Th>
          <Table.Th>{t('results.genes.protein')}</Table.Th>
          <Table.Th>{t('results.genes.transcript')}</Table.Th>
          <Table.Th>{t('results.genes.genotype')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {genes.map((g) => (
          <Table.Tr key={g.code} data-testid="gene-row" data-gene={g.code}>
            <Table.Td>
              <Text fz="sm" fw={600} data-testid="gene-code">
                {g.code}
              </Text>
              {compact && g.name && (
                <Text fz="xs" c="dimmed">
                  {g.name}
                </Text>
              )}
            </Table.Td>
            {!compact && <Table.Td>{g.name || '—'}</Table.Td>}
            <Table.Td ff="monospace">{g.hgvsC || '—'}</Table.Td>
            <Table.Td ff="monospace">{g.protein || '—'}</Table.Td>
            <Table.Td ff="monospace">{g.transcript || '—'}</Table.Td>
            <Table.Td>
              <Text
                ff="monospace"
                fz="sm"
                fw={700}
                data-testid="gene-genotype"
                style={{ whiteSpace: 'nowrap' }}
              >
                {g.genotype}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return maxHeight === undefined ? (
    <ScrollArea viewportProps={scrollable}>{table}</ScrollArea>
  ) : (
    <ScrollArea.Autosize mah={maxHeight} viewportProps={scrollable}>
      {table}
    </ScrollArea.Autosize>
  );
}
