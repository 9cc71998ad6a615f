import { describe, expect, it } from 'vitest';
import {
  formatDateField,
  fromPickerDateTime,
  parseDateField,
  toIsoDay,
  toPickerDateTime,
} from './date-format';

describe('date field format', () => {
  it('shows a day the Czech way in cs and with the short month name in en', () => {
    expect(formatDateField('2025-03-05', 'cs')).toBe('5. 3. 2025');
    expect(formatDateField('2025-03-05', 'en')).toBe('5 Mar 2025');
    expect(formatDateField('2025-12-31', 'cs')).toBe('31. 12. 2025');
    expect(formatDateField(null, 'cs')).toBe('');
  });

  it('reads what is typed in cs: the shown format, without spaces, with leading zeros, or ISO', () => {
    for (const text of ['5. 3. 2025', '5.3.2025', '05.03.2025', ' 5 . 3 . 2025 ', '5/3/2025', '2025-03-05'])
      expect(parseDateField(text, 'cs'), text).toBe('2025-03-05');
  });

  it('reads what is typed in en: day first, with the month name, short or long, or ISO', () => {
    for (const text of ['5 Mar 2025', '5 march 2025', '5 MARCH 2025', '05/03/2025', '5.3.2025', '2025-03-05'])
      expect(parseDateField(text, 'en'), text).toBe('2025-03-05');
  });

  it('takes nothing until a whole, real day is typed', () => {
    for (const text of [
      '',
      '1',
      '1. 5.',
      '1. 5. 2',
      '1. 5. 202',
      '31. 2. 2025',
      '0. 1. 2025',
      '1. 13. 2025',
      'abc',
    ])
      expect(parseDateField(text, 'cs'), text).toBeNull();
    expect(parseDateField('5 Foo 2025', 'en')).toBeNull();
    expect(parseDateField('29. 2. 2024', 'cs')).toBe('2024-02-29');
  });

  it('keeps the day of an ISO value and drops anything else', () => {
    expect(toIsoDay('2025-05-01')).toBe('2025-05-01');
    expect(toIsoDay('2025-05-01T22:00:00.000Z')).toBe('2025-05-01');
    expect(toIsoDay('2025-02-30')).toBeNull();
    expect(toIsoDay('yesterday')).toBeNull();
    expect(toIsoDay('')).toBeNull();
    expect(toIsoDay(undefined)).toBeNull();
  });
});

describe('date-time field values', () => {
  it('hands the picker a wall-clock time and the form what was picked', () => {
    expect(toPickerDateTime('2026-11-24T07:00')).toBe('2026-11-24 07:00:00');
    expect(fromPickerDateTime('2026-11-24 07:05:00')).toBe('2026-11-24T07:05');
  });

  it('treats what is not a real day and time as none', () => {
    for (const value of ['', null, undefined, '2026-02-30T07:00', '2026-11-24T24:00', '2026-11-24'])
      expect(toPickerDateTime(value), String(value)).toBeNull();
    expect(fromPickerDateTime(null)).toBe('');
  });
});
