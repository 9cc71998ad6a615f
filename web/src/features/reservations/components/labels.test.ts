import { describe, expect, it } from 'vitest';
import { roomHoursText, weekdayName } from './labels';

describe('surgery hours', () => {
  it('names weekdays from Monday in both languages', () => {
    expect(weekdayName(1, 'cs')).toBe('po');
    expect(weekdayName(7, 'en')).toBe('Sun');
  });

  it('joins three or more days in a row into a range and lists the others', () => {
    const week = { opensAt: '08:00', closesAt: '18:00', openDays: [1, 2, 3, 4, 5] };
    expect(roomHoursText(week, 'cs')).toBe('po–pá 08:00–18:00');
    expect(roomHoursText({ ...week, openDays: [6, 1, 3] }, 'en')).toBe('Mon, Wed, Sat 08:00–18:00');
    expect(roomHoursText({ ...week, openDays: [1, 2, 4, 5, 6] }, 'en')).toBe('Mon, Tue, Thu–Sat 08:00–18:00');
  });
});
