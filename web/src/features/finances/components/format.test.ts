import { describe, expect, it } from 'vitest';
import { formatPragueDate, formatPragueDateTime } from '@/lib/format';
import { money } from './format';

describe('finance formatting', () => {
  it('shows a moment in Prague time, whatever the browser zone (late UTC evening is the next day in Prague)', () => {
    expect(formatPragueDateTime('2026-11-20T23:30:00Z', 'cs')).toBe('21. 11. 2026 0:30');
    expect(formatPragueDate('2026-11-20T23:30:00Z', 'en')).toBe('21 Nov 2026');
    // Summer time: UTC+2.
    expect(formatPragueDateTime('2026-07-01T10:00:00Z', 'en')).toBe('1 Jul 2026, 12:00');
    expect(formatPragueDateTime(null, 'cs')).toBe('—');
  });

  it('shows haléře as CZK with two decimals in the interface language', () => {
    const nbsp = /\u00a0/g;
    expect(money({ amountMinor: 149050, currency: 'CZK' }, 'cs').replace(nbsp, ' ')).toBe('1 490,50 Kč');
    expect(money({ amountMinor: 200000, currency: 'CZK' }, 'en').replace(nbsp, ' ')).toBe('CZK 2,000.00');
  });
});
