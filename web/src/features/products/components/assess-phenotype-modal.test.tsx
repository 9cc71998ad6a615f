import type { Product, ReportPhenotype } from '@genodesk/contract/products';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { AssessPhenotypeModal, readCombination, readTemplateGenotype } from './assess-phenotype-modal';

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

describe("reading a template's genotypes in the assessment dialog", () => {
  it("reads a genotype with the marker map: zygosity, HGVS c., the gene's strand and the plus strand", () => {
    const gene = phenotype.genes[0]!;
    // F5 reads the minus strand: plus T/T is its variant (c.1601G>A), A/A on the gene's strand.
    expect(readTemplateGenotype(gene, 'T/T')).toEqual({
      code: 'rs6025',
      hgvsC: 'NM_000130.5:c.1601G>A',
      genotype: 'T/T',
      zygosity: 'homozygous',
      geneGenotype: 'A/A',
      noCallReason: null,
    });
    // Written in any order or form, read in the reference's order.
    expect(readTemplateGenotype(gene, 'TC')).toMatchObject({
      genotype: 'C/T',
      zygosity: 'heterozygous',
      geneGenotype: 'G/A',
    });
    expect(readTemplateGenotype(gene, 'C/C')).toMatchObject({ zygosity: 'wildType', geneGenotype: 'G/G' });
    // Letters that are no allele of the marker (a template written before the map knew the gene) are
    // shown as written, never read as "wild type".
    expect(readTemplateGenotype(gene, 'A/A')).toEqual({
      code: 'rs6025',
      hgvsC: '',
      genotype: 'A/A',
      zygosity: null,
      geneGenotype: null,
      noCallReason: null,
    });
    // F2 reads the plus strand: the same letters on both. The genes come in the phenotype's order
    // (the customer's genotype's), whatever order the template wrote them in.
    expect(
      readCombination(phenotype.genes, { rs1799963: 'A/A', RS6025: 'C/T' }).map((g) => [
        g.code,
        g.zygosity,
        g.geneGenotype,
        g.genotype,
      ]),
    ).toEqual([
      ['rs6025', 'heterozygous', 'G/A', 'C/T'],
      ['rs1799963', 'homozygous', 'A/A', 'A/A'],
    ]);
  });

  it('shows a gene the map does not know as given, and a no-call as one', () => {
    expect(readTemplateGenotype({ code: 'rs1', notation: null }, 'ag')).toMatchObject({
      genotype: 'A/G',
      zygosity: null,
      geneGenotype: null,
    });
    expect(readTemplateGenotype({ code: 'rs6025', notation: f5 }, '--')).toMatchObject({
      genotype: '--',
      zygosity: 'noCall',
    });
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

  const renderModal = (assessed: ReportPhenotype = phenotype) =>
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <QueryClientProvider client={createQueryClient()}>
            <AssessPhenotypeModal product={product} phenotype={assessed} onClose={() => {}} />
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );

  /** A gene as it reads, its parts one space apart: marker, HGVS c., zygosity, gene's strand, plus strand. */
  const reading = (gene: HTMLElement) => {
    const part = (id: string) => within(gene).queryByTestId(id)?.textContent;
    return [
      gene.getAttribute('data-gene'),
      part('phenotype-gene-hgvs'),
      part('gene-zygosity'),
      part('gene-strand'),
      part('gene-plus-strand') ?? part('gene-genotype'),
    ]
      .filter(Boolean)
      .join(' ');
  };
  const combinations = (template: HTMLElement) =>
    within(template)
      .getAllByTestId('assess-combination')
      .map((combination) => within(combination).getAllByTestId('assess-combination-gene').map(reading));

  it("labels the customer's genotype and every template's genotypes as the report reads them (Czech)", async () => {
    renderModal();
    const own = await screen.findByTestId('assess-genotype');
    expect(within(own).getAllByTestId('assess-genotype-gene').map(reading)).toEqual([
      'rs6025 NM_000130.5:c.1601G>A heterozygot vlákno genu G/A plusové vlákno C/T',
      'rs1799963 NM_000506.5:c.*97G>A heterozygot vlákno genu G/A plusové vlákno G/A',
    ]);
    const high = await screen.findByTestId('assess-template-42');
    expect(within(high).getByText('Vysoké riziko')).toBeInTheDocument();
    expect(combinations(high)).toEqual([
      [
        'rs6025 NM_000130.5:c.1601G>A heterozygot vlákno genu G/A plusové vlákno C/T',
        'rs1799963 NM_000506.5:c.*97G>A heterozygot vlákno genu G/A plusové vlákno G/A',
      ],
      [
        'rs6025 NM_000130.5:c.1601G>A homozygot pro variantu vlákno genu A/A plusové vlákno T/T',
        'rs1799963 NM_000506.5:c.*97G>A homozygot pro variantu vlákno genu A/A plusové vlákno A/A',
      ],
    ]);
    expect(combinations(screen.getByTestId('assess-template-41'))).toEqual([
      [
        'rs6025 NM_000130.5:c.1601G>A standardní typ (bez varianty) vlákno genu G/G plusové vlákno C/C',
        'rs1799963 NM_000506.5:c.*97G>A standardní typ (bez varianty) vlákno genu G/G plusové vlákno G/G',
      ],
    ]);
    // The minus-strand gene's letters on its strand come first, bold; the plus strand's under them.
    const f5 = within(high).getAllByTestId('assess-combination-gene')[2]!;
    expect(f5.textContent).toMatch(/homozygot pro variantu.*vlákno genu A\/A.*plusové vlákno T\/T/);
    expect(within(f5).getByTestId('gene-strand-genotype')).toHaveTextContent('A/A');
    expect(within(f5).getByTestId('gene-genotype')).toHaveTextContent('T/T');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('GeneCombinationId=7');
  });

  it('speaks English to an English reader', async () => {
    await i18n.changeLanguage('en');
    renderModal();
    const high = await screen.findByTestId('assess-template-42');
    expect(combinations(high)[1]?.[0]).toBe(
      "rs6025 NM_000130.5:c.1601G>A homozygous for the variant gene's strand A/A plus strand T/T",
    );
    expect(
      within(screen.getByTestId('assess-genotype')).getAllByTestId('assess-genotype-gene').map(reading)[0],
    ).toBe("rs6025 NM_000130.5:c.1601G>A heterozygous gene's strand G/A plus strand C/T");
  });

  it('shows an unmapped gene of a template as written, without a strand', async () => {
    fetchMock.mockImplementation(async () =>
      json({
        ...geneCombination,
        templates: [
          { id: 43, risk: 2, genotypeCombinations: [{ rs6025: 'A/A', rs1799963: 'G/A' }], customerCount: 0 },
        ],
      }),
    );
    renderModal();
    const [stray] = within(await screen.findByTestId('assess-template-43')).getAllByTestId(
      'assess-combination-gene',
    );
    expect(within(stray!).getByTestId('gene-genotype')).toHaveTextContent('A/A');
    expect(within(stray!).queryByTestId('gene-zygosity')).toBeNull();
    expect(within(stray!).queryByTestId('gene-strand')).toBeNull();
    expect(within(stray!).queryByTestId('gene-plus-strand')).toBeNull();
  });

  /** The own-text editors' words (Czech, English), as the doctor sees them after choosing "own text". */
  const ownTexts = () => {
    fireEvent.click(screen.getByText('Vlastním textem'));
    return ['assess-text', 'assess-text-en'].map(
      (id) => within(screen.getByTestId(id)).getByRole('textbox').textContent,
    );
  };

  it("starts an own text empty, not from the default template's sentence, and asks for one before saving", async () => {
    renderModal();
    await screen.findByTestId('assess-template-42');
    expect(ownTexts()).toEqual(['', '']);
    fireEvent.click(screen.getByTestId('assess-risk-option-2'));
    fireEvent.click(screen.getByTestId('assess-submit'));
    expect(await screen.findByText('Napište vlastní text pro zákazníka, nebo zvolte šablonu.')).toBeVisible();
    // Nothing was sent: the only request is the templates' load.
    expect(fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET')).toEqual(['GET']);
  });

  it('starts from the own text a doctor already wrote for the phenotype', async () => {
    renderModal({
      ...phenotype,
      notAssessed: false,
      risk: 2,
      text: '<p>Můj posudek.</p>',
      textEn: '<p>My assessment.</p>',
      assessedBy: { id: 2, userName: 'MUDr. Jan Novák', at: '2026-11-24T09:00:00.000Z' },
    });
    await screen.findByTestId('assess-template-42');
    expect(ownTexts()).toEqual(['Můj posudek.', 'My assessment.']);
    expect(screen.getByTestId('assess-risk-option-2')).toHaveAttribute('aria-checked', 'true');
  });
});
