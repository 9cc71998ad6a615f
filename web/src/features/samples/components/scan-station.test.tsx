import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { ScanStation } from './scan-station';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderStation() {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <ScanStation action="receive" onDone={() => {}} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const scan = (code: string) => {
  const input = screen.getByTestId('scan-input');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

// QA: a 300-character scan on /customers/receivingsamples went to the lookup, which answered 400, and
// the log showed no clear line: the code ran out of it, its message off the screen.
describe('the scan station', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await loadScreenTexts();
  });
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () =>
      answer(404, { error: { code: 'NOT_FOUND', message: 'Čárový kód NOPE1 nepatří žádnému vzorku.' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('cs');
  });

  for (const [locale, said] of [
    ['cs', 'Naskenovaný kód má 300 znaků, čárový kód vzorku nejvýše 64'],
    ['en', 'The scanned code has 300 characters, a sample’s barcode at most 64'],
  ] as const)
    it(`refuses a scan longer than any barcode with a line of its own, in order, asking nothing of the API (${locale})`, async () => {
      await changeLocale(locale);
      renderStation();
      scan('x'.repeat(300));
      scan('nope1');
      await vi.waitFor(() => expect(screen.getAllByTestId('scan-entry')).toHaveLength(2));
      const [latest, long] = screen.getAllByTestId('scan-entry') as [HTMLElement, HTMLElement];
      expect(long).toHaveAttribute('data-outcome', 'refused');
      expect(long).toHaveTextContent(said);
      // The code is shown cut short (the whole of it on hover), and wraps rather than running out.
      const code = within(long).getByTestId('scan-entry-barcode');
      expect(code).toHaveTextContent(`${'X'.repeat(32)}…`);
      expect(code).toHaveAttribute('title', 'X'.repeat(300));
      expect(code.style.overflowWrap).toBe('anywhere');
      // Only the second scan was looked up.
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String(fetchMock.mock.calls[0]?.[0])).toContain('barcode=NOPE1');
      expect(latest).toHaveTextContent('NOPE1');
      expect(latest).toHaveAttribute('data-outcome', 'refused');
      expect(screen.getByTestId('scan-refused-count')).toHaveTextContent('2');
    });

  it('takes a barcode of the longest length to the lookup', async () => {
    renderStation();
    scan('A'.repeat(64));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});
