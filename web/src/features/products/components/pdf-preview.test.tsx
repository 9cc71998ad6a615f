import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { PdfPreview } from './pdf-preview';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

/**
 * The files the page downloads (by their names), as `saveBlob` does it: a link clicked. Watched at the
 * link, not by mocking the API client, which the test files sharing a worker have loaded already.
 */
const downloads: string[] = [];

function renderPreview(customerLanguage: 'cs' | 'en') {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <PdfPreview productId={12} customerLanguage={customerLanguage} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe("PdfPreview: the customer's language by default", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await loadScreenTexts();
  });

  beforeEach(() => {
    fetchMock.mockReset();
    downloads.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    fetchMock.mockImplementation(
      async () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'inline; filename="GD-000012-en-preview.pdf"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // No tab can be opened here: the preview is saved as a file instead.
    vi.stubGlobal('open', () => null);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("asks for the English customer's report in English, naming it the customer's language", async () => {
    renderPreview('en');
    const select = screen.getByRole('textbox', { name: 'Jazyk náhledu PDF' }) as HTMLInputElement;
    expect(select.value).toBe('Anglicky – jazyk zákazníka');
    fireEvent.click(screen.getByTestId('product-pdf-preview-button'));
    await waitFor(() => expect(downloads).toEqual(['GD-000012-en-preview.pdf']));
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/admin/products/pdfpreview');
    expect(url.searchParams.get('Id')).toBe('12');
    expect(url.searchParams.get('locale')).toBe('en');
  });

  it("a Czech customer's report opens in Czech", async () => {
    renderPreview('cs');
    const select = screen.getByRole('textbox', { name: 'Jazyk náhledu PDF' }) as HTMLInputElement;
    expect(select.value).toBe('Česky – jazyk zákazníka');
    fireEvent.click(screen.getByTestId('product-pdf-preview-button'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('locale')).toBe('cs');
  });
});
