import { describe, expect, it } from 'vitest';
import { money } from './format';

describe('finance formatting', () => {
  it('shows haléře as CZK with two decimals in the interface language', () => {
    const nbsp = /\u00a0/g;
    expect(money({ amountMinor: 149050, currency: 'CZK' }, 'cs').replace(nbsp, ' ')).toBe('1 490,50 Kč');
    expect(money({ amountMinor: 200000, currency: 'CZK' }, 'en').replace(nbsp, ' ')).toBe('CZK 2,000.00');
  });
});
