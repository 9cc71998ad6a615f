import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { AssessPhenotypeModal, combinationLabel, genotypeLabel } from './assess-phenotype-modal';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

// F5 (factor V Leiden): plus strand C/T, the gene on the minus strand, HGVS c.1601G>A.
const f5 = { reference: 'C', alternative: 'T', geneStrand: '-', hgvsC: 'NM_000130.5:c.1601G>A' };
// F2 (prothrombin G20210A): plus strand G/A, the gene on the plus strand.
const f2 = { reference: 'G', alternative: 'A', geneStrand: '+', hgvsC: 'NM_000506.5:c.*97G>A' };

const phenotype: ReportPhenotype = {
  geneCombinationId: 7,
  phenotype: 'Trombofilie',
  phenotypeEn: 'Thrombophilia',
  templateId: null,
  risk: null,
  text: '<p>Výchozí text.</p>',
  textEn: '<p>Default text.</p>',
  genes: [
    {
      code: 'rs6025',
      genotype: 'C/T',
      hgvsC: f5.hgvsC,
      zygosity: 'heterozygous',
      geneGenotype: 'G/A',
      noCallReason: null,
      notation: f5,
    },
    {
      code: 'rs1799963',
      genotype: 'G/A',
      hgvsC: f2.hgvsC,
      zygosity: 'heterozygous',
      geneGenotype: 'G/A',
      noCallReason: null,
      notation: f2,
    },
  ],
  clinicalWeight: 1,
  notDetermined: false,
  requiresConsultation: false,
  withheld: null,
  notAssessed: true,
  assessedBy: null,
};

const geneCombination = {
  id: 7,
  combinationGeneCode: 'rs6025, rs1799963',
  geneCodes: ['rs6025', 'rs1799963'],
  phenotype: 'Trombofilie',
  phenotypeEn: 'Thrombophilia',
  gender: 3,
  clinicalWeight: 1,
  subCategoryId: 2,
  category: { id: 1, name: 'Srdce', nameEn: 'Heart' },
  subCategory: { id: 2, name: 'Trombofilie', nameEn: 'Thrombophilia' },
  defaultTemplateRisk: null,
  templateCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  description: '',
  descriptionEn: '',
  defaultTemplate: '',
  defaultTemplateEn: '',
  templates: [
    { id: 41, risk: 1, genotypeCombinations: [{ rs6025: 'C/C', rs1799963: 'G/G' }], customerCount: 0 },
    // Written T/C (not in the reference's order): read by the notation all the same.
    {
      id: 42,
      risk: 3,
      genotypeCombinations: [
        { rs6025: 'T/C', rs1799963: 'G/A' },
        { rs6025: 'T/T', rs1799963: 'A/A' },
      ],
      customerCount: 0,
    },
  ],
};

const product = { id: 12, notAssessed: [], notDetermined: [] } as unknown as Product;

describe('genotype labels of the assessment dialog', () => {
  it('reads a genotype with the marker map: zygosity in words, HGVS c. on the transcript, plus-strand alleles', () => {
    const gene = phenotype.genes[0]!;
    expect(genotypeLabel(gene, 'T/T', 'cs', 'plusové vlákno')).toBe(
      'rs6025: homozygot pro variantu NM_000130.5:c.1601G>A (plusové vlákno T/T)',
    );
    expect(genotypeLabel(gene, 'TC', 'en', 'plus strand')).toBe(
      'rs6025: heterozygous NM_000130.5:c.1601G>A (plus strand C/T)',
    );
    expect(genotypeLabel(gene, 'C/C', 'en', 'plus strand')).toBe(
      'rs6025: wild type (no variant) NM_000130.5:c.1601G>A (plus strand C/C)',
    );
    // Letters that are no allele of the marker (a template written before the map knew the gene) are
    // shown as written, never read as "wild type".
    expect(genotypeLabel(gene, 'A/A', 'en', 'plus strand')).toBe('rs6025 A/A');
    // F5 reads the minus strand: plus T/T is its variant (c.1601G>A), though no letter of "G>A" is T.
    expect(combinationLabel(phenotype.genes, { rs1799963: 'A/A', RS6025: 'C/T' }, 'en', 'plus strand')).toBe(
      'rs1799963: homozygous for the variant NM_000506.5:c.*97G>A (plus strand A/A), rs6025: heterozygous NM_000130.5:c.1601G>A (plus strand C/T)',
    );
  });

  it('shows a gene the map does not know as given, and a no-call with its cause', () => {
    expect(genotypeLabel({ code: 'rs1', notation: null }, 'ag', 'cs', 'plusové vlákno')).toBe('rs1 A/G');
    expect(
      genotypeLabel({ code: 'rs6025', notation: f5, noCallReason: 'failedQc' }, '--', 'en', 'plus strand'),
    ).toBe('rs6025: not determined (no call) (the marker failed quality control)');
  });
});

describe('AssessPhenotypeModal', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const i18n = initI18n();

  beforeAll(async () => {
    await loadScreenTexts();
    await loadLocale('en');
  });

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json(geneCombination));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('cs');
  });

  const renderModal = () =>
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <QueryClientProvider client={createQueryClient()}>
            <AssessPhenotypeModal product={product} phenotype={phenotype} onClose={() => {}} />
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );

  it("labels the customer's genotype and every template's genotypes in the clinician's notation (Czech)", async () => {
    renderModal();
    const own = await screen.findByTestId('assess-genotype');
    expect(
      within(own)
        .getAllByTestId('assess-genotype-gene')
        .map((item) => item.textContent),
    ).toEqual([
      'rs6025: heterozygot NM_000130.5:c.1601G>A (plusové vlákno C/T)',
      'rs1799963: heterozygot NM_000506.5:c.*97G>A (plusové vlákno G/A)',
    ]);
    const high = await screen.findByTestId('assess-template-42');
    expect(within(high).getByText('Vysoké riziko')).toBeInTheDocument();
    expect(
      Array.from(
        within(high).getByTestId('assess-template-genotypes').querySelectorAll('p'),
        (line) => line.textContent,
      ),
    ).toEqual([
      'rs6025: heterozygot NM_000130.5:c.1601G>A (plusové vlákno C/T), rs1799963: heterozygot NM_000506.5:c.*97G>A (plusové vlákno G/A)',
      'rs6025: homozygot pro variantu NM_000130.5:c.1601G>A (plusové vlákno T/T), rs1799963: homozygot pro variantu NM_000506.5:c.*97G>A (plusové vlákno A/A)',
    ]);
    expect(screen.getByTestId('assess-template-41')).toHaveTextContent(
      'rs6025: standardní typ (bez varianty) NM_000130.5:c.1601G>A (plusové vlákno C/C), rs1799963: standardní typ (bez varianty) NM_000506.5:c.*97G>A (plusové vlákno G/G)',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('GeneCombinationId=7');
  });

  it('speaks English to an English reader', async () => {
    await i18n.changeLanguage('en');
    renderModal();
    expect(await screen.findByTestId('assess-template-42')).toHaveTextContent(
      'rs6025: homozygous for the variant NM_000130.5:c.1601G>A (plus strand T/T)',
    );
    expect(screen.getByTestId('assess-genotype')).toHaveTextContent(
      "The customer's genotype" + 'rs6025: heterozygous NM_000130.5:c.1601G>A (plus strand C/T)',
    );
  });
});
