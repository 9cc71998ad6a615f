import type { ReportTexts } from '@genodesk/contract/products';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { ReportTextsRoute } from './report-texts';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));

// Whether the signed-in user holds Templates.Edit.
let canEdit = true;
vi.mock('@/features/auth/api/get-current-user', () => ({ useCan: () => canEdit }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const defaults: ReportTexts = {
  limitations: 'Výchozí omezení.',
  limitationsEn: 'Default limitations.',
  disclaimer: 'Výchozí upozornění.',
  disclaimerEn: 'Default disclaimer.',
  isDefault: true,
  updatedAt: null,
  updatedBy: null,
};

function renderRoute() {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <ReportTextsRoute />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const textarea = (testId: string) => screen.getByTestId(testId) as HTMLTextAreaElement;

describe('the report texts screen', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await loadScreenTexts();
    // A refused submit scrolls to the first invalid field; jsdom has no layout to scroll.
    Element.prototype.scrollIntoView ??= () => {};
  });

  beforeEach(() => {
    canEdit = true;
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the four texts read-only, without a save button, to a user without Templates.Edit', async () => {
    canEdit = false;
    fetchMock.mockImplementation(async () => json(200, defaults));
    renderRoute();
    expect(await screen.findByTestId('report-texts-read-only')).toBeInTheDocument();
    expect(textarea('report-texts-limitations-cs').value).toBe('Výchozí omezení.');
    expect(textarea('report-texts-disclaimer-en').value).toBe('Default disclaimer.');
    for (const id of ['limitations-cs', 'limitations-en', 'disclaimer-cs', 'disclaimer-en'])
      expect(textarea(`report-texts-${id}`)).toHaveAttribute('readonly');
    expect(screen.getByTestId('report-texts-status')).toHaveTextContent('Zatím platí výchozí texty');
    expect(screen.queryByTestId('report-texts-submit')).toBeNull();
  });

  it('refuses a blank text before asking the API, then saves all four and shows who saved them', async () => {
    const saved: ReportTexts = {
      ...defaults,
      disclaimerEn: 'Not a diagnosis.',
      isDefault: false,
      updatedAt: '2026-11-25T10:00:00.000Z',
      updatedBy: { id: 2, userName: 'MUDr. Jan Novák' },
    };
    fetchMock.mockImplementation(async (_input, init) =>
      json(200, init?.method === 'PUT' ? saved : defaults),
    );
    renderRoute();
    await screen.findByTestId('report-texts-form');
    expect(screen.queryByTestId('report-texts-read-only')).toBeNull();

    fireEvent.change(textarea('report-texts-disclaimer-en'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('report-texts-submit'));
    expect(await screen.findByText('Pole je povinné!')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(textarea('report-texts-disclaimer-en'), { target: { value: 'Not a diagnosis.' } });
    fireEvent.click(screen.getByTestId('report-texts-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(String(url)).toContain('/api/admin/products/reporttexts');
    expect(JSON.parse(String(init?.body))).toEqual({
      Limitations: 'Výchozí omezení.',
      LimitationsEn: 'Default limitations.',
      Disclaimer: 'Výchozí upozornění.',
      DisclaimerEn: 'Not a diagnosis.',
    });
    expect(await screen.findByText(/Naposledy uloženo: MUDr\. Jan Novák/)).toBeInTheDocument();
    expect(textarea('report-texts-disclaimer-en').value).toBe('Not a diagnosis.');
  });

  it("puts the server's refusal on its field", async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? json(400, {
            error: {
              code: 'VALIDATION',
              message: 'Text může mít nejvýše 4 000 znaků.',
              fields: { Limitations: 'Text může mít nejvýše 4 000 znaků.' },
            },
          })
        : json(200, defaults),
    );
    renderRoute();
    await screen.findByTestId('report-texts-form');
    fireEvent.click(screen.getByTestId('report-texts-submit'));
    expect(await screen.findByText('Text může mít nejvýše 4 000 znaků.')).toBeInTheDocument();
    expect(textarea('report-texts-limitations-cs')).toHaveAttribute('aria-invalid', 'true');
  });
});
