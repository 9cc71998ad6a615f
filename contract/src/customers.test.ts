import { describe, expect, it } from 'vitest';
import { isCalendarDay, isTimestamp } from './common.js';
import {
  createCustomerRequestSchema,
  customerListQuerySchema,
  editCustomerRequestSchema,
  isUnderage,
} from './customers.js';

describe('customer registration schema', () => {
  it('reports a bad phone together with the other missing fields, not only once they are filled', () => {
    const result = createCustomerRequestSchema.safeParse({ Phone: '12ab', PhonePrefix: '+420' });
    const byField = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(byField).toMatchObject({ Name: 'required', Email: 'required', Phone: 'invalidPhone' });
  });

  it('asks for a product type when paid in cash', () => {
    const result = createCustomerRequestSchema.safeParse({ PaidInCash: true });
    expect(result.error?.issues.find((i) => i.path[0] === 'ProductTypeId')?.message).toBe('mustPickOne');
  });

  it('refuses a value that is not an object without reading its fields', () => {
    // The cross-field refinements used to read `Phone` of null (a TypeError, so a 500) and to
    // report an array as a bad phone number.
    for (const schema of [createCustomerRequestSchema, editCustomerRequestSchema])
      for (const value of [null, undefined, [], [1], 'x', 1, true]) {
        const result = schema.safeParse(value);
        expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['']);
      }
  });
});

describe('date checks', () => {
  it('takes only days the calendar has', () => {
    for (const day of ['2026-03-15', '2024-02-29', '1900-01-01', '2199-12-31'])
      expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      '2026-13-45',
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '0000-01-01',
      '0001-01-01',
      '1899-12-31',
      '2200-01-01',
      '9999-12-31',
      '2026-3-5',
      '1',
      '-1',
      'abc',
      '',
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it('takes ISO timestamps on real days', () => {
    for (const v of [
      '2026-03-15T10:00',
      '2026-03-15T10:00:59Z',
      '2026-03-15T23:59:59.123456+01:00',
      '2026-03-15T00:00+0100',
    ])
      expect(isTimestamp(v), v).toBe(true);
    for (const v of [
      '2026-02-30T10:00',
      '2026-03-15T24:00',
      '2026-03-15T10:60',
      '2026-03-15',
      '2026-03-15 10:00',
      '1e309',
    ])
      expect(isTimestamp(v), v).toBe(false);
  });

  it('filters customers by a day or a timestamp, nothing that only Date.parse takes', () => {
    for (const v of ['2026-03-15', '2026-03-15T10:00:00Z'])
      expect(customerListQuerySchema.safeParse({ registeredFrom: v }).success, v).toBe(true);
    // Date.parse takes all of these; PostgreSQL refused them with an error, answered as a 500.
    for (const v of ['0', '-1', '1', '%00', 'March 7', '2026-02-30'])
      expect(customerListQuerySchema.safeParse({ registeredFrom: v }).error?.issues[0]?.message, v).toBe(
        'invalidDate',
      );
  });
});

describe('isUnderage', () => {
  it('counts the 18th birthday from midnight in Prague, not in UTC', () => {
    // 00:30 on 24 November in Prague is still 23 November in UTC.
    const birthdayNight = new Date('2026-11-23T23:30:00Z');
    expect(isUnderage('2008-11-24', birthdayNight)).toBe(false);
    expect(isUnderage('2008-11-24', new Date('2026-11-23T22:30:00Z'))).toBe(true);
    // Summer time: 00:30 on 24 June in Prague is 22:30 UTC on 23 June.
    expect(isUnderage('2008-06-24', new Date('2026-06-23T22:30:00Z'))).toBe(false);
    expect(isUnderage('2008-06-24', new Date('2026-06-23T21:30:00Z'))).toBe(true);
  });

  it('makes a leap-day child of age on 1 March', () => {
    expect(isUnderage('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(true);
    expect(isUnderage('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(false);
  });

  it('takes a missing date of birth as of age', () => {
    expect(isUnderage(null)).toBe(false);
  });
});
