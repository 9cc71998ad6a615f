import { describe, expect, it } from 'vitest';
import { calendarDay, fromCalendarTime, toCalendarTime, toWallInput } from './prague';

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
