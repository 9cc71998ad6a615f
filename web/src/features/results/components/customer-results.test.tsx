import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { CustomerResults } from './customer-results';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderResults(customerId: number, hasResults = true) {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <CustomerResults customerId={customerId} hasResults={hasResults} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('CustomerResults', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await loadScreenTexts();
    // jsdom lacks these; Mantine's provider and scroll areas ask for them.
  });

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the customer's genes with their genotypes", async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        customerId: 7,
        genes: [
          {
            code: 'MTHFR',
            name: 'Methylenetetrahydrofolate reductase',
            hgvsC: 'c.665C>T',
            protein: 'p.Ala222Val',
            transcript: 'NM_005957.5',
            genotype: 'C/T',
          },
          { code: 'APOE', name: 'Apolipoprotein E', hgvsC: '', protein: '', transcript: '', genotype: 'T/T' },
        ],
      }),
    );
    renderResults(7);
    expect(await screen.findByText('MTHFR')).toBeInTheDocument();
    expect(screen.getAllByTestId('gene-row')).toHaveLength(2);
    expect(screen.getAllByTestId('gene-genotype').map((e) => e.textContent)).toEqual(['C/T', 'T/T']);
    expect(screen.getByTestId('customer-results-count')).toHaveTextContent('2 geny');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/results/getcustomerresult?CustomerId=7');
  });

  it("reads each genotype as the clinician does: zygosity in words, the gene's strand and the plus strand, a no-call with its cause", async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        customerId: 9,
        genes: [
          {
            code: 'rs1801133',
            name: 'MTHFR',
            hgvsC: 'NM_005957.5:c.665C>T',
            protein: 'p.Ala222Val',
            transcript: 'NM_005957.5',
            genotype: '--',
            zygosity: 'noCall',
            geneGenotype: '--',
            noCallReason: 'failedQc',
          },
          {
            code: 'rs6025',
            name: 'F5',
            hgvsC: 'NM_000130.5:c.1601G>A',
            protein: 'p.Arg534Gln',
            transcript: 'NM_000130.5',
            genotype: 'T/T',
            zygosity: 'homozygous',
            geneGenotype: 'A/A',
            noCallReason: null,
          },
        ],
      }),
    );
    renderResults(9);
    const noCall = await screen.findByText('neurčeno (bez určení)');
    const row = noCall.closest('[data-testid="gene-row"]') as HTMLElement;
    expect(row).toHaveAttribute('data-gene', 'rs1801133');
    expect(row).toHaveAttribute('data-no-call', 'true');
    expect(within(row).getByTestId('gene-no-call-reason')).toHaveTextContent(
      'Příčina: marker neprošel kontrolou kvality',
    );
    const f5 = screen
      .getAllByTestId('gene-row')
      .find((element) => element.getAttribute('data-gene') === 'rs6025') as HTMLElement;
    expect(within(f5).getByTestId('gene-zygosity')).toHaveTextContent('homozygot pro variantu');
    expect(within(f5).getByTestId('gene-genotype')).toHaveTextContent('T/T');
    expect(within(f5).getByTestId('gene-strand-genotype')).toHaveTextContent('A/A');
    expect(f5).toHaveTextContent('vlákno genu A/A');
    expect(f5).toHaveTextContent('plusové vlákno T/T');
    expect(f5).toHaveTextContent('NM_000130.5:c.1601G>A');
    expect(within(f5).queryByTestId('gene-no-call-reason')).toBeNull();
  });

  it("says 'Results are not available at this time.' without asking the API when the customer has no genotypes", async () => {
    renderResults(8, false);
    expect(await screen.findByTestId('customer-results-empty')).toHaveTextContent(
      'Výsledky nejsou v tuto chvíli k dispozici.',
    );
    expect(screen.queryByTestId('gene-row')).toBeNull();
    expect(screen.queryByTestId('customer-results-count')).toBeNull();
    // Its 404 would be logged by the browser as a failed request.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Results are not available at this time.' in the reader's language when the API answers 404 (removed since the detail was read)", async () => {
    fetchMock.mockResolvedValue(
      json(404, { error: { code: 'NOT_FOUND', message: 'Výsledky nejsou v tuto chvíli k dispozici.' } }),
    );
    renderResults(8);
    expect(await screen.findByTestId('customer-results-empty')).toHaveTextContent(
      'Výsledky nejsou v tuto chvíli k dispozici.',
    );
    expect(screen.queryByTestId('gene-row')).toBeNull();
    // 404 is an answer, not a failure to retry.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
