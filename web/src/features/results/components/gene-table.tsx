import {
  type NoCallReason,
  noCallGenotype,
  noCallReasonLabels,
  type Zygosity,
  zygosityLabels,
} from '@genodesk/contract/genotypes';
import type { GeneInformation } from '@genodesk/contract/results';
import { Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';

/** What a genotype needs to be read as a clinician reads it (a gene table row, a report's gene). */
export type ReadableGenotype = {
  /** The stored genotype: on the plus strand of the marker map for a mapped marker, `--` for a no-call. */
  genotype: string;
  /** Null (or left out) for a gene the marker map does not know: its alleles are shown as given. */
  zygosity?: Zygosity | null;
  /** The alleles on the gene's strand, as HGVS c. reads them (the API's, from the marker map). */
  geneGenotype?: string | null;
  noCallReason?: NoCallReason | null;
};

/**
 * A genotype as the clinician reads it, as the report PDF prints it (issues 34, 35): the zygosity in
 * words, the alleles on the gene's strand as HGVS c. beside it reads them ("heterozygous · gene's strand
 * C/T"), the plus-strand alleles as a secondary line ("plus strand G/A"); a no-call said as such with its
 * cause; the alleles as the lab gave them for a gene the map does not know. `inline` sets it on one
 * line (a report's gene).
 */
export function GenotypeReading({ gene, inline = false }: { gene: ReadableGenotype; inline?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const Layout = inline ? Group : Stack;
  const layout = inline ? { gap: 6, wrap: 'wrap' as const } : { gap: 0 };
  if (gene.genotype === noCallGenotype) {
    return (
      <Layout {...layout}>
        <Text fz="sm" c="dimmed" fs="italic" data-testid="gene-genotype" data-no-call>
          {t('results.genes.noCall')}
        </Text>
        <Text fz="xs" c="dimmed" data-testid="gene-no-call-reason">
          {t('results.genes.noCallReason', {
            reason: noCallReasonLabels[gene.noCallReason ?? 'noCall'][locale],
          })}
        </Text>
      </Layout>
    );
  }
  if (!gene.zygosity) {
    return (
      <Text ff="monospace" fz="sm" fw={700} data-testid="gene-genotype" style={{ whiteSpace: 'nowrap' }}>
        {gene.genotype}
      </Text>
    );
  }
  return (
    <Layout {...layout}>
      <Text fz="sm" fw={600} data-testid="gene-zygosity">
        {zygosityLabels[gene.zygosity][locale]}
      </Text>
      {gene.geneGenotype && (
        <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="gene-strand">
          {t('results.genes.geneStrand')}{' '}
          <Text
            span
            ff="monospace"
            fz="sm"
            fw={700}
            c="var(--mantine-color-text)"
            data-testid="gene-strand-genotype"
          >
            {gene.geneGenotype}
          </Text>
        </Text>
      )}
      <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="gene-plus-strand">
        {t('results.genes.plusStrand')}{' '}
        <Text
          span
          ff="monospace"
          fz={gene.geneGenotype ? 'xs' : 'sm'}
          fw={gene.geneGenotype ? 400 : 700}
          c={gene.geneGenotype ? undefined : 'var(--mantine-color-text)'}
          data-testid="gene-genotype"
        >
          {gene.genotype}
        </Text>
      </Text>
    </Layout>
  );
}

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
 * MTHFR), the marker the lab measured (its code, e.g. rs1801133), HGVS c. (the marker map's, on the
 * transcript), protein, transcript and the genotype as the clinician reads it: zygosity in words, the
 * alleles on the gene's strand (as the HGVS c. beside them reads them) and the plus-strand alleles under
 * them, or a no-call with its cause. Only a table wider than its column scrolls,
 * sideways.
 */
export function GeneTable({ genes, compact = false, testId = 'gene-table' }: GeneTableProps) {
  const { t } = useTranslation();
  const genotype = (g: GeneInformation) => (
    <Table.Td>
      <GenotypeReading gene={g} />
    </Table.Td>
  );
  const marker = (g: GeneInformation) => (
    <Text fz="sm" fw={600} ff="monospace" data-testid="gene-code">
      {g.code}
    </Text>
  );
  return (
    // The bar stays in sight while the table overflows: a phone has no hover to show it, and nothing
    // else says the genotype column is off to the right.
    <ScrollArea type="auto" offsetScrollbars="x" viewportProps={scrollable}>
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
            <Table.Tr
              key={g.code}
              data-testid="gene-row"
              data-gene={g.code}
              data-no-call={g.genotype === noCallGenotype || undefined}
            >
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
              <Table.Td ff="monospace" data-testid="gene-hgvs">
                {g.hgvsC || '—'}
              </Table.Td>
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
