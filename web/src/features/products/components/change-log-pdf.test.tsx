import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '@/lib/i18n';
import { ChangeLog } from './change-log';

const changes = [
  {
    id: 2,
    changedAt: '2026-11-24T09:00:00.000Z',
    changedByUser: { id: 2, userName: 'MUDr. Jan Novák' },
    field: 'pdfReason',
    oldValue: null,
    newValue: 'Doplněno úvodní slovo',
    templates: [],
    phenotype: null,
  },
  {
    id: 1,
    changedAt: '2026-11-24T09:00:00.000Z',
    changedByUser: { id: 2, userName: 'MUDr. Jan Novák' },
    field: 'pdfVersion',
    oldValue: '1',
    newValue: '2',
    templates: [],
    phenotype: null,
  },
];

describe('ChangeLog: an issued PDF', () => {
  const i18n = initI18n();
  beforeAll(async () => {
    await Promise.all([loadLocale('cs'), loadLocale('en')]);
  });

  const rows = async (language: 'cs' | 'en') => {
    await i18n.changeLanguage(language);
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <ChangeLog changes={changes} />
        </MantineProvider>
      </I18nextProvider>,
    );
    const texts = screen.getAllByTestId('product-change').map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(2)
        .map((cell) => cell.textContent),
    );
    unmount();
    return texts;
  };

  it('names the version and the reason in Czech', async () => {
    expect(await rows('cs')).toEqual([
      ['Důvod nové verze PDF', '—', 'Doplněno úvodní slovo'],
      ['Vydaná verze PDF', 'Verze 1', 'Verze 2'],
    ]);
  });

  it('and in English', async () => {
    expect(await rows('en')).toEqual([
      ['Reason for the new PDF version', '—', 'Doplněno úvodní slovo'],
      ['Issued PDF version', 'Version 1', 'Version 2'],
    ]);
  });
});
