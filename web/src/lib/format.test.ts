import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPhone } from './format';

describe('one clock: Prague, whatever the browser zone', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    // A reception PC far from Prague.
    process.env.TZ = 'Pacific/Auckland';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('shows a moment in Prague time, in winter and in summer', () => {
    expect(formatDateTime('2026-11-24T05:59:00Z', 'cs')).toBe('24. 11. 2026 6:59');
    expect(formatDateTime('2026-07-10T05:59:00Z', 'en')).toBe('10 Jul 2026, 07:59');
  });

  it('shows the day a moment falls on in Prague', () => {
    // 23:30 UTC on 14 March is half past midnight on the 15th in Prague.
    expect(formatDate('2026-03-14T23:30:00Z', 'en')).toBe('15 Mar 2026');
  });

  it('shows a calendar day (a date of birth) as it is', () => {
    expect(formatDate('1990-05-01', 'cs')).toBe('1. 5. 1990');
    expect(formatDate('1990-05-01', 'en')).toBe('1 May 1990');
  });

  it('shows a dash for nothing or nonsense', () => {
    expect(formatDateTime(null, 'cs')).toBe('—');
    expect(formatDate('nonsense', 'cs')).toBe('—');
  });
});

describe('formatPhone', () => {
  it('writes every phone number one way, whether stored split, joined or in E.164', () => {
    expect(formatPhone('+420', '777100010')).toBe('+420 777 100 010');
    expect(formatPhone('+420', '602 222 222')).toBe('+420 602 222 222');
    expect(formatPhone('+420602222222')).toBe('+420 602 222 222');
    expect(formatPhone('+421', '905123456')).toBe('+421 905 123 456');
  });

  it('leaves what is not a phone number as it is, and shows a missing one as a dash', () => {
    expect(formatPhone(null)).toBe('—');
    expect(formatPhone('jana@example.cz')).toBe('jana@example.cz');
  });
});
