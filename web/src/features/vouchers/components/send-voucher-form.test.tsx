import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { SendVoucherForm } from './send-voucher-form';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const sends = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

const valid = {
  id: 7,
  code: 'DEMO-PENIZE-500',
  expired: false,
  remainingUsageCount: 1,
  validTo: '2099-12-31',
};

function renderForm(voucher: typeof valid) {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <SendVoucherForm voucher={voucher} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('sending a voucher by e-mail', () => {
  beforeAll(async () => {
    await loadScreenTexts();
  });
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json({ outboxId: 1, language: 'cs' }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('cs');
  });

  it('is not offered for a voucher that expired or is used up: disabled, saying why, in Czech and English', async () => {
    const cases = [
      ['cs', { ...valid, expired: true, validTo: '2024-03-31' }, 'Platnost voucheru skončila 31. 3. 2024'],
      ['cs', { ...valid, remainingUsageCount: 0 }, 'Voucher je vyčerpaný'],
      ['en', { ...valid, expired: true, validTo: '2024-03-31' }, 'The voucher expired on 31 Mar 2024'],
      ['en', { ...valid, remainingUsageCount: 0 }, 'The voucher is used up'],
    ] as const;
    for (const [locale, voucher, reason] of cases) {
      await changeLocale(locale);
      const { unmount } = renderForm(voucher);
      expect(screen.getByTestId('voucher-send-unavailable')).toHaveTextContent(reason);
      expect(screen.getByTestId('voucher-send-email')).toBeDisabled();
      expect(screen.getByTestId('voucher-send-submit')).toBeDisabled();
      fireEvent.submit(screen.getByTestId('voucher-send-form'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sends()).toHaveLength(0);
      unmount();
    }
  });

  it('a valid voucher is offered; a double submit carries one idempotency key (one e-mail), the next send another', async () => {
    renderForm(valid);
    expect(screen.queryByTestId('voucher-send-unavailable')).toBeNull();
    const email = screen.getByTestId('voucher-send-email');
    expect(email).toBeEnabled();
    fireEvent.change(email, { target: { value: 'jana@example.com' } });
    const form = screen.getByTestId('voucher-send-form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(sends()).toHaveLength(2));
    const keyOf = (index: number) => new Headers(sends()[index]?.[1]?.headers).get('Idempotency-Key');
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    // Answered: the form is emptied, and a new send is a new request with a key of its own.
    await waitFor(() => expect(email).toHaveValue(''));
    fireEvent.change(email, { target: { value: 'petr@example.com' } });
    fireEvent.submit(form);
    await waitFor(() => expect(sends()).toHaveLength(3));
    expect(keyOf(2)).not.toBe(keyOf(0));
  });
});
