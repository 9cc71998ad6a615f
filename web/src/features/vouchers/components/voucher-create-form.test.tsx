import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocaleDatesProvider } from '@/components/dates/dates-provider';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { VoucherCreateForm } from './voucher-create-form';

function renderForm(onSubmit = vi.fn()) {
  render(
    <I18nextProvider i18n={initI18n()}>
      {/* env="test": no transitions and no portals, so the calendar is in the container at once */}
      <MantineProvider env="test">
        <LocaleDatesProvider>
          <QueryClientProvider client={createQueryClient()}>
            <VoucherCreateForm kind="money" submitting={false} onSubmit={onSubmit} onCancel={() => {}} />
          </QueryClientProvider>
        </LocaleDatesProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return onSubmit;
}

describe('the new voucher form', () => {
  beforeAll(async () => {
    Element.prototype.scrollIntoView ??= () => {};
    await loadScreenTexts();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await changeLocale('cs');
  });

  it('offers no past day as "valid to": today in Prague is the first (past midnight there, still the day before in UTC)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-14T23:30:00Z'));
    renderForm();
    fireEvent.click(screen.getByTestId('voucher-form-valid-to'));
    const day = (name: RegExp) => screen.getByRole('button', { name });
    expect(day(/^sobota 14\. března 2026$/)).toBeDisabled();
    expect(day(/^pátek 13\. března 2026$/)).toBeDisabled();
    expect(day(/^neděle 15\. března 2026$/)).toBeEnabled();
    expect(day(/^pondělí 16\. března 2026$/)).toBeEnabled();
  });

  it('says in its hint which characters a code or a batch’s prefix may have, before any error (cs and en)', async () => {
    for (const [locale, allowed] of [
      ['cs', 'jen písmena A–Z bez diakritiky, číslice a pomlčky'],
      ['en', 'only letters A–Z without diacritics, digits and hyphens'],
    ] as const) {
      await changeLocale(locale);
      renderForm();
      const code = screen.getByTestId('voucher-form-code');
      expect(code).toHaveAccessibleDescription(expect.stringContaining(allowed));
      // A batch: the field is the codes' prefix, its hint says the same.
      fireEvent.change(screen.getByTestId('voucher-form-how-many'), { target: { value: '5' } });
      expect(code).toHaveAccessibleDescription(new RegExp(`^${allowed}\\.`, 'i'));
      fireEvent.change(code, { target: { value: 'JARO' } });
      expect(code).toHaveAccessibleDescription(new RegExp(`^${allowed}\\..*JARO`, 'i'));
      document.body.innerHTML = '';
    }
  });

  it('says which characters a code may have, in Czech and English; nothing is submitted', async () => {
    for (const [locale, message] of [
      ['cs', 'Kód voucheru smí obsahovat jen písmena A–Z bez diakritiky, číslice a pomlčky!'],
      ['en', 'A voucher code may contain only letters A–Z without diacritics, digits and hyphens!'],
    ] as const) {
      await changeLocale(locale);
      const onSubmit = renderForm();
      for (const code of ['JARO 2026', 'JARO<b>', 'ŽLUŤOUČKÝ']) {
        fireEvent.change(screen.getByTestId('voucher-form-code'), { target: { value: code } });
        fireEvent.submit(screen.getByTestId('voucher-create-form'));
        expect(await screen.findByText(message)).toBeInTheDocument();
      }
      expect(onSubmit).not.toHaveBeenCalled();
      fireEvent.change(screen.getByTestId('voucher-form-code'), { target: { value: 'Jaro-2026' } });
      fireEvent.submit(screen.getByTestId('voucher-create-form'));
      expect(screen.queryByText(message)).toBeNull();
      document.body.innerHTML = '';
    }
  });
});
