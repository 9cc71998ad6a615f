import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleDatesProvider } from '@/components/dates/dates-provider';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { DnaConsentCard } from './dna-consent-card';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

function renderCard() {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <LocaleDatesProvider>
          <QueryClientProvider client={createQueryClient()}>
            <DnaConsentCard customerId={210} canEdit />
          </QueryClientProvider>
        </LocaleDatesProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

async function openRecordDialog() {
  fireEvent.click(await screen.findByTestId('dna-consent-record'));
  return screen.findByTestId('dna-consent-record-form');
}

describe('recording a DNA consent', () => {
  beforeAll(async () => {
    // jsdom lays nothing out: the first invalid field is scrolled to (`scrollToFirstError`).
    Element.prototype.scrollIntoView ??= () => {};
    await loadScreenTexts();
  });
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json([]));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('cs');
  });

  it('a cleared form version is the app’s own message (no browser bubble), in Czech and English; nothing is sent', async () => {
    for (const [locale, message] of [
      ['cs', 'Pole je povinné!'],
      ['en', 'This field is required!'],
    ] as const) {
      await changeLocale(locale);
      const { unmount } = renderCard();
      const form = await openRecordDialog();
      // The browser's own check would stop the submit before the app's and speak its own language.
      expect(form).toHaveAttribute('novalidate');
      const version = screen.getByTestId('dna-consent-form-version');
      expect(version).not.toHaveAttribute('required');
      fireEvent.change(version, { target: { value: '' } });
      fireEvent.submit(form);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(version).toHaveAttribute('aria-invalid', 'true');
      expect(writes()).toHaveLength(0);
      unmount();
    }
  });

  it('the server’s refusal of the signing day stands under that field', async () => {
    const refusal = 'Datum podpisu souhlasu nemůže být dřívější než datum narození zákazníka (2005-06-15)!';
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? json({ error: { code: 'RULE_BROKEN', message: refusal, fields: { SignedOn: refusal } } }, 422)
        : json([]),
    );
    renderCard();
    fireEvent.submit(await openRecordDialog());
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(writes()).toHaveLength(1));
  });
});
