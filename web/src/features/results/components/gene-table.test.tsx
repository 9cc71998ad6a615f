import type { GeneInformation } from '@genodesk/contract/results';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadLocale, loadScreenTexts } from '@/lib/i18n';
import { GeneTable } from './gene-table';

/** MTHFR c.665C>T: the gene reads the minus strand, so the plus strand's G/A is C/T as HGVS c. reads it. */
const mthfr: GeneInformation = {
  code: 'rs1801133',
  name: 'MTHFR',
  hgvsC: 'NM_005957.5:c.665C>T',
  protein: 'p.Ala222Val',
  transcript: 'NM_005957.5',
  genotype: 'G/A',
  zygosity: 'heterozygous',
  geneGenotype: 'C/T',
  noCallReason: null,
};

/** CYP1A2 on the plus strand: both strands read the same letters. */
const cyp1a2: GeneInformation = {
  code: 'rs762551',
  name: 'CYP1A2',
  hgvsC: 'NM_000761.5:c.-9-154C>A',
  protein: '',
  transcript: 'NM_000761.5',
  genotype: 'C/A',
  zygosity: 'heterozygous',
  geneGenotype: 'C/A',
  noCallReason: null,
};

/** A gene the marker map does not know: no zygosity, no gene strand; its alleles as the lab gave them. */
const unmapped: GeneInformation = {
  code: 'rs429358',
  name: 'APOE',
  hgvsC: '',
  protein: '',
  transcript: '',
  genotype: 'T/C',
  zygosity: null,
  geneGenotype: null,
  noCallReason: null,
};

const noCall: GeneInformation = {
  ...mthfr,
  code: 'rs6025',
  name: 'F5',
  genotype: '--',
  zygosity: 'noCall',
  geneGenotype: '--',
  noCallReason: 'failedQc',
};

const i18n = initI18n();

function renderTable(genes: GeneInformation[], compact = false) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <GeneTable genes={genes} compact={compact} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return (code: string) =>
    screen.getAllByTestId('gene-row').find((row) => row.getAttribute('data-gene') === code) as HTMLElement;
}

describe('GeneTable', () => {
  beforeAll(async () => {
    await loadScreenTexts();
    await loadLocale('en');
  });

  afterEach(async () => {
    await i18n.changeLanguage('cs');
  });

  it("reads a minus-strand gene as HGVS c. does: the zygosity in words, C/T on the gene's strand, G/A as the plus strand", () => {
    const row = renderTable([mthfr])('rs1801133');
    expect(within(row).getByTestId('gene-hgvs')).toHaveTextContent('NM_005957.5:c.665C>T');
    expect(within(row).getByTestId('gene-zygosity')).toHaveTextContent('heterozygot');
    expect(within(row).getByTestId('gene-strand-genotype')).toHaveTextContent('C/T');
    expect(within(row).getByTestId('gene-strand')).toHaveTextContent('vlákno genu C/T');
    expect(within(row).getByTestId('gene-genotype')).toHaveTextContent('G/A');
    expect(within(row).getByTestId('gene-plus-strand')).toHaveTextContent('plusové vlákno G/A');
    // The gene's strand first (what the HGVS c. beside it reads), the plus strand under it.
    expect(row.textContent).toMatch(/heterozygot.*vlákno genu C\/T.*plusové vlákno G\/A/);
  });

  it('reads a plus-strand gene with the same letters on both lines', () => {
    const row = renderTable([cyp1a2])('rs762551');
    expect(within(row).getByTestId('gene-strand')).toHaveTextContent('vlákno genu C/A');
    expect(within(row).getByTestId('gene-plus-strand')).toHaveTextContent('plusové vlákno C/A');
  });

  it("says the strands in English: gene's strand and plus strand", async () => {
    await i18n.changeLanguage('en');
    const row = renderTable([mthfr])('rs1801133');
    expect(within(row).getByTestId('gene-zygosity')).toHaveTextContent('heterozygous');
    expect(within(row).getByTestId('gene-strand')).toHaveTextContent("gene's strand C/T");
    expect(within(row).getByTestId('gene-plus-strand')).toHaveTextContent('plus strand G/A');
  });

  it("keeps the compact table (a customer's genotypes) reading the same", () => {
    const row = renderTable([mthfr], true)('rs1801133');
    expect(within(row).getByTestId('gene-strand')).toHaveTextContent('vlákno genu C/T');
    expect(within(row).getByTestId('gene-plus-strand')).toHaveTextContent('plusové vlákno G/A');
  });

  it('shows an unmapped gene as the lab gave it, without a strand, and a no-call with its cause', () => {
    const rowOf = renderTable([unmapped, noCall]);
    const apoe = rowOf('rs429358');
    expect(within(apoe).getByTestId('gene-genotype')).toHaveTextContent('T/C');
    expect(within(apoe).queryByTestId('gene-zygosity')).toBeNull();
    expect(within(apoe).queryByTestId('gene-strand')).toBeNull();
    expect(within(apoe).queryByTestId('gene-plus-strand')).toBeNull();
    const f5 = rowOf('rs6025');
    expect(f5).toHaveAttribute('data-no-call', 'true');
    expect(within(f5).getByTestId('gene-genotype')).toHaveTextContent('neurčeno (bez určení)');
    expect(within(f5).getByTestId('gene-no-call-reason')).toHaveTextContent(
      'Příčina: marker neprošel kontrolou kvality',
    );
    expect(within(f5).queryByTestId('gene-strand')).toBeNull();
  });
});
