import { type GeneInformation, noCallGenotype } from '@genodesk/contract/results';
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface GeneTableProps {
  genes: readonly GeneInformation[];
  /**
   * For a narrow column: the marker with the gene's name under it, then the genotype (never cut off),
   * HGVS c. and protein; the transcript is left out.
   */
  compact?: boolean;
  testId?: string;
}

/** A region that scrolls sideways is reachable from the keyboard, to scroll it with the arrow keys. */
const scrollable = { tabIndex: 0 };

/**
 * A customer's genotypes, every row (a report's gene table hides none): the gene (its name, e.g.
 * MTHFR), the marker the lab measured (its code, e.g. rs1801133), HGVS c., protein, transcript and the
 * genotype (a no-call said in words). Only a table wider than its column scrolls, sideways.
 */
export function GeneTable({ genes, compact = false, testId = 'gene-table' }: GeneTableProps) {
  const { t } = useTranslation();
  const genotype = (g: GeneInformation) => (
    <Table.Td>
      {g.genotype === noCallGenotype ? (
        <Text fz="sm" c="dimmed" fs="italic" data-testid="gene-genotype" data-no-call>
          {t('results.genes.noCall')}
        </Text>
      ) : (
        <Text ff="monospace" fz="sm" fw={700} data-testid="gene-genotype" style={{ whiteSpace: 'nowrap' }}>
          {g.genotype}
        </Text>
      )}
    </Table.Td>
  );
  const marker = (g: GeneInformation) => (
    <Text fz="sm" fw={600} ff="monospace" data-testid="gene-code">
      {g.code}
    </Text>
  );
  return (
    <ScrollArea viewportProps={scrollable}>
      <Table
        miw={compact ? 360 : 720}
        horizontalSpacing={compact ? 'xs' : 'sm'}
        fz={compact ? 'xs' : 'sm'}
        striped
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {!compact && <Table.Th>{t('results.genes.gene')}</Table.Th>}
            <Table.Th>{t('results.genes.marker')}</Table.Th>
            {compact && <Table.Th>{t('results.genes.genotype')}</Table.Th>}
            <Table.Th>{t('results.genes.hgvsC')}</Table.Th>
            <Table.Th>{t('results.genes.protein')}</Table.Th>
            {!compact && <Table.Th>{t('results.genes.transcript')}</Table.Th>}
            {!compact && <Table.Th>{t('results.genes.genotype')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {genes.map((g) => (
            <Table.Tr key={g.code} data-testid="gene-row" data-gene={g.code}>
              {!compact && <Table.Td fw={600}>{g.name || '—'}</Table.Td>}
              <Table.Td>
                {marker(g)}
                {compact && g.name && (
                  <Text fz="xs" c="dimmed">
                    {g.name}
                  </Text>
                )}
              </Table.Td>
              {compact && genotype(g)}
              <Table.Td ff="monospace">{g.hgvsC || '—'}</Table.Td>
              <Table.Td ff="monospace">{g.protein || '—'}</Table.Td>
              {!compact && <Table.Td ff="monospace">{g.transcript || '—'}</Table.Td>}
              {!compact && genotype(g)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
