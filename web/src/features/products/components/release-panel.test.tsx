import { Permissions } from '@genodesk/contract/permissions';
import type { Product } from '@genodesk/contract/products';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/api/keys';
import { initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { ReleasePanel } from './release-panel';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const word = (letter: string, length: number) => letter.repeat(length);

// QA: a technical-validation note of 2,000 characters without a space ran out of the release card.
// Every text staff write that the card shows may be such a word.
const product = {
  id: 12,
  status: 1,
  publishedAt: null,
  isArchived: false,
  doctor: null,
  requestingPhysician: word('P', 300),
  indication: word('I', 1000),
  technicalValidation: {
    by: { id: 3, userName: word('U', 100) },
    at: '2026-11-24T08:00:00.000Z',
    callRate: 0.99,
    noCalls: 1,
    controlsPassed: true,
    note: word('N', 2000),
  },
  notAssessed: [{ geneCombinationId: 5, phenotype: word('F', 200), phenotypeEn: word('F', 200) }],
  notDetermined: [],
  release: {
    hasValidDnaConsent: true,
    fourEyes: false,
    consultationRequired: [],
    consultationHeld: false,
    testedMarkers: 40,
    noCalls: 1,
    callRate: 0.975,
    withheld: [
      {
        geneCombinationId: 6,
        phenotype: word('K', 200),
        phenotypeEn: word('K', 200),
        reason: word('R', 1000),
        by: { id: 2, userName: 'MUDr. Jan Novák' },
        at: '2026-11-24T09:00:00.000Z',
      },
    ],
  },
} as unknown as Product;

describe('the release card', () => {
  beforeAll(async () => {
    await loadScreenTexts();
  });

  it('wraps a long word of staff text anywhere instead of letting it run out of the card', () => {
    const client = createQueryClient();
    client.setQueryData(authKeys.user(), {
      id: 1,
      email: 'doctor@genodesk.test',
      userName: 'Doctor',
      permissions: [Permissions.ProductsValidate, Permissions.ProductsSignOff, Permissions.ProductsEdit],
      qualification: 'physician',
    });
    render(
      <I18nextProvider i18n={initI18n()}>
        <MantineProvider env="test">
          <QueryClientProvider client={client}>
            <ReleasePanel product={product} />
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>,
    );
    const card = screen.getByTestId('product-release');
    expect(card.style.overflowWrap).toBe('anywhere');
    // Each long text is inside it (overflow-wrap is inherited), none sets it back.
    for (const text of [
      word('N', 2000),
      word('U', 100),
      word('P', 300),
      word('I', 1000),
      word('R', 1000),
      word('K', 200),
    ]) {
      const holders = screen.queryAllByText(
        (_, element) => !!element?.textContent?.includes(text) && element.children.length === 0,
      );
      expect(holders.length, text.slice(0, 3)).toBeGreaterThan(0);
      for (const holder of holders) {
        expect(card.contains(holder)).toBe(true);
        for (let node: HTMLElement | null = holder; node && node !== card; node = node.parentElement)
          expect(node.style.overflowWrap, text.slice(0, 3)).not.toMatch(/normal|initial/);
      }
    }
  });
});
