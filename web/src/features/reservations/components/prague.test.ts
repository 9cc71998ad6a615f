import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  formatPragueRange,
  fromCalendarTime,
  shiftedEnd,
  toCalendarTime,
  toWallInput,
} from './prague';

describe('calendar times on Prague’s wall clock', () => {
  it('shows 10:00 Prague as 10:00 in winter and summer', () => {
    expect(toCalendarTime('2027-03-15T10:00:00+01:00').toISOString()).toBe('2027-03-15T10:00:00.000Z');
    expect(toCalendarTime('2027-03-29T08:00:00Z').toISOString()).toBe('2027-03-29T10:00:00.000Z');
  });

  it('turns a calendar time back into Prague’s moment with its offset', () => {
    expect(fromCalendarTime(new Date('2027-03-15T10:00:00Z'))).toBe('2027-03-15T10:00:00+01:00');
    expect(fromCalendarTime(new Date('2027-07-01T09:30:00Z'))).toBe('2027-07-01T09:30:00+02:00');
  });

  it('reads range ends as days and form values as wall time', () => {
    expect(calendarDay(new Date('2027-03-29T00:00:00Z'))).toBe('2027-03-29');
    expect(toWallInput('2027-03-29T08:00:00Z')).toBe('2027-03-29T10:00');
  });
});

describe('a consultation keeps its length when its start moves', () => {
  it('moves the end by as much as the start, across midnight and month ends', () => {
    expect(shiftedEnd('2026-11-24T07:00', '2026-11-24T07:45', '2026-11-24T09:30')).toBe('2026-11-24T10:15');
    expect(shiftedEnd('2026-11-24T07:00', '2026-11-24T08:00', '2026-11-30T23:30')).toBe('2026-12-01T00:30');
  });

  it('leaves the end alone when there is no whole range to keep', () => {
    expect(shiftedEnd('', '2026-11-24T08:00', '2026-11-24T09:00')).toBeNull();
    expect(shiftedEnd('2026-11-24T08:00', '2026-11-24T07:00', '2026-11-24T09:00')).toBeNull();
    expect(shiftedEnd('2026-11-24T07:00', '2026-11-24T08:00', '')).toBeNull();
  });
});

describe('formatPragueRange', () => {
  it('writes a day one way per language: cs numeric, en with the month named', () => {
    const start = '2026-12-02T09:00:00Z';
    const end = '2026-12-02T10:00:00Z';
    expect(formatPragueRange(start, end, 'en')).toBe('Wed, 2 Dec 2026 10:00–11:00');
    expect(formatPragueRange(start, end, 'cs')).toBe('st 2. 12. 2026 10:00–11:00');
  });
});
