import type { Product } from '@genodesk/contract/products';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { PublishModal } from './publish-modal';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

// Only what the dialog reads: no open point.
const product = {
  id: 12,
  status: 1,
  lastChangeAt: '2026-11-20T09:00:00.000Z',
  requiresInspection: false,
  notAssessed: [],
  notDetermined: [],
  assignedCustomer: { email: 'jana@example.test' },
} as unknown as Product;

const version1 = {
  version: 1,
  language: 'cs',
  preliminary: false,
  sha256: 'a'.repeat(64),
  verificationCode: '7KQ2M-XR4TD',
  replacesVersion: null,
  reason: null,
  createdBy: { id: 2, userName: 'MUDr. Jan Novák' },
  createdAt: '2026-11-24T09:00:00.000Z',
};

function renderModal(
  onConfirm: (points: unknown, reason: string | undefined) => void,
  reasonError?: string,
  report: Product = product,
  action: 'publish' | 'preliminary' = 'publish',
) {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <PublishModal
            action={action}
            product={report}
            doctorIntro="<p>Dobrý den.</p>"
            textsChanged={false}
            submitting={false}
            reasonError={reasonError}
            onClose={() => {}}
            onConfirm={onConfirm}
          />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('PublishModal: a new version of an issued PDF', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await loadScreenTexts();
  });

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a final report is not published with a phenotype not assessed: no tick lets it through (issue 35)', async () => {
    fetchMock.mockImplementation(async () => json({ documents: [] }));
    const onConfirm = vi.fn();
    renderModal(onConfirm, undefined, {
      ...product,
      notAssessed: [{ geneCombinationId: 3, phenotype: 'Faktor V Leiden', phenotypeEn: 'Factor V Leiden' }],
    } as Product);
    expect(await screen.findByTestId('product-final-blocked')).toHaveTextContent(
      'Konečná zpráva nic neslibuje',
    );
    expect(screen.queryByTestId('product-open-point-notAssessed')).toBeNull();
    const button = screen.getByTestId('product-publish-confirm');
    // Once the versions are read, the dialog still refuses.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button).toBeDisabled();
  });

  it('asks no reason for the first version', async () => {
    fetchMock.mockImplementation(async () => json({ documents: [] }));
    const onConfirm = vi.fn();
    renderModal(onConfirm);
    const button = await screen.findByTestId('product-publish-confirm');
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByTestId('product-publish-reason')).toBeNull();
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledWith([], undefined);
  });

  it('requires a reason once a version exists and says which version it replaces', async () => {
    fetchMock.mockImplementation(async () => json({ documents: [version1] }));
    const onConfirm = vi.fn();
    renderModal(onConfirm);
    const reason = await screen.findByTestId('product-publish-reason');
    expect(screen.getByTestId('product-publish-next-version')).toHaveTextContent(
      'vznikne verze 2, která nahradí verzi 1',
    );
    fireEvent.click(screen.getByTestId('product-publish-confirm'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Uveďte důvod nové verze.')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: '  Opravené úvodní slovo ' } });
    fireEvent.click(screen.getByTestId('product-publish-confirm'));
    expect(onConfirm).toHaveBeenCalledWith([], 'Opravené úvodní slovo');
  });

  it("shows the server's refusal on the reason even when the versions could not be read", async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    renderModal(vi.fn(), 'Zpráva už byla vydána jako PDF: uveďte důvod nového vydání.');
    expect(await screen.findByTestId('product-publish-reason')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Zpráva už byla vydána jako PDF: uveďte důvod nového vydání.'),
    ).toBeInTheDocument();
  });

  it('lists the phenotypes not determined as an open point of a preliminary publication, with each marker and its cause', async () => {
    fetchMock.mockImplementation(async () => json({ documents: [] }));
    const onConfirm = vi.fn();
    renderModal(
      onConfirm,
      undefined,
      {
        ...product,
        notDetermined: [
          {
            geneCombinationId: 3,
            phenotype: 'Metabolismus folátu',
            phenotypeEn: 'Folate metabolism',
            genes: [{ code: 'rs1801133', noCallReason: 'failedQc' }],
          },
        ],
      } as Product,
      'preliminary',
    );
    const point = await screen.findByTestId('product-open-point-notDetermined');
    expect(screen.getByTestId('product-open-points')).toHaveTextContent(
      'Zveřejnit i s 1 neurčeným fenotypem; zpráva ho uvede jako neurčený a doporučí nové vyšetření vzorku.',
    );
    expect(screen.getByTestId('product-open-point-not-determined')).toHaveTextContent(
      'Metabolismus folátu (rs1801133: marker neprošel kontrolou kvality)',
    );
    const button = screen.getByTestId('product-preliminary-confirm');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(button).toBeDisabled();
    fireEvent.click(point);
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledWith(['notDetermined'], undefined);
  });

  it('asks no reason when publishing again changes nothing', async () => {
    fetchMock.mockImplementation(async () => json({ documents: [version1] }));
    const onConfirm = vi.fn();
    renderModal(onConfirm, undefined, { ...product, status: 3, lastChangeAt: version1.createdAt });
    expect(await screen.findByTestId('product-publish-same-version')).toHaveTextContent(
      'nezměnil: nová verze PDF nevznikne',
    );
    expect(screen.queryByTestId('product-publish-reason')).toBeNull();
    fireEvent.click(screen.getByTestId('product-publish-confirm'));
    expect(onConfirm).toHaveBeenCalledWith([], undefined);
  });
});
