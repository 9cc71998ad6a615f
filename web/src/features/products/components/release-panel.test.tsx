import { Permissions } from '@genodesk/contract/permissions';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadScreenTexts } from '@/lib/i18n';
import { productForRelease } from '@/test/products';
import { renderSignedIn } from '@/test/render';
import { ReleasePanel } from './release-panel';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const word = (letter: string, length: number) => letter.repeat(length);

// QA: a technical-validation note of 2,000 characters without a space ran out of the release card.
// Every text staff write that the card shows may be such a word.
const product = productForRelease({
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
  notAssessed: { phenotype: word('F', 200), phenotypeEn: word('F', 200) },
  withheld: { phenotype: word('K', 200), phenotypeEn: word('K', 200), reason: word('R', 1000) },
});

describe('the release card', () => {
  beforeAll(async () => {
    await loadScreenTexts();
  });

  it('wraps a long word of staff text anywhere instead of letting it run out of the card', () => {
    renderSignedIn(<ReleasePanel product={product} />, {
      qualification: 'physician',
      permissions: [Permissions.ProductsValidate, Permissions.ProductsSignOff, Permissions.ProductsEdit],
    });
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
