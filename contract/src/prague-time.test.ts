import { describe, expect, it } from 'vitest';
import {
  addPragueWeeks,
  fromPragueWallTime,
  isSkippedPragueWallTime,
  parsePragueTimestamp,
  pragueDay,
  pragueMidnight,
  pragueOffsetMinutes,
  toPragueIso,
} from './prague-time.js';

describe("Prague's clock", () => {
  it('reads timestamps with an offset as written and without one as Prague time', () => {
    expect(parsePragueTimestamp('2026-03-15T10:00:00Z')?.toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(parsePragueTimestamp('2026-03-15T10:00+0100')?.toISOString()).toBe('2026-03-15T09:00:00.000Z');
    expect(parsePragueTimestamp('2026-03-15T10:00')?.toISOString()).toBe('2026-03-15T09:00:00.000Z');
    expect(parsePragueTimestamp('2026-07-15T10:00:30.5')?.toISOString()).toBe('2026-07-15T08:00:30.500Z');
    expect(parsePragueTimestamp('2026-07-15')?.toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(parsePragueTimestamp('0050-01-01T00:00Z')?.getUTCFullYear()).toBe(50);
    expect(parsePragueTimestamp('tomorrow')).toBeUndefined();
  });

  it('writes ISO 8601 with the offset of the day', () => {
    expect(toPragueIso(new Date('2026-01-10T09:00:00Z'))).toBe('2026-01-10T10:00:00+01:00');
    expect(toPragueIso(new Date('2026-07-10T08:00:00Z'))).toBe('2026-07-10T10:00:00+02:00');
    expect(pragueDay(new Date('2026-07-10T22:30:00Z'))).toBe('2026-07-11');
    expect(pragueMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('keeps the wall-clock time across the spring and autumn changes, week after week', () => {
    const march = parsePragueTimestamp('2026-03-23T10:00')!;
    const weeks = [0, 1, 2].map((n) => toPragueIso(addPragueWeeks(march, n)));
    expect(weeks).toEqual([
      '2026-03-23T10:00:00+01:00',
      '2026-03-30T10:00:00+02:00',
      '2026-04-06T10:00:00+02:00',
    ]);
    expect(addPragueWeeks(march, 1).getTime() - march.getTime()).toBe((7 * 24 - 1) * 3_600_000);
    const october = parsePragueTimestamp('2026-10-19T10:00')!;
    expect(toPragueIso(addPragueWeeks(october, 1))).toBe('2026-10-26T10:00:00+01:00');
    expect(addPragueWeeks(october, 1).getTime() - october.getTime()).toBe((7 * 24 + 1) * 3_600_000);
  });

  it('knows a wall-clock time the clock skips', () => {
    expect(isSkippedPragueWallTime('2027-03-28T02:30')).toBe(true);
    expect(isSkippedPragueWallTime('2027-03-28T02:00:00')).toBe(true);
    expect(isSkippedPragueWallTime('2027-03-28T01:59')).toBe(false);
    expect(isSkippedPragueWallTime('2027-03-28T03:00')).toBe(false);
    // Shown twice in autumn: a real time, the second of the two.
    expect(isSkippedPragueWallTime('2026-10-25T02:30')).toBe(false);
    // With an offset it names a moment whatever the clock shows.
    expect(isSkippedPragueWallTime('2027-03-28T02:30+01:00')).toBe(false);
  });

  it('settles the times the clock skips or shows twice', () => {
    const skipped = { year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0, millisecond: 0 };
    expect(toPragueIso(fromPragueWallTime(skipped))).toBe('2026-03-29T03:30:00+02:00');
    const twice = { year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0, millisecond: 0 };
    expect(toPragueIso(fromPragueWallTime(twice))).toBe('2026-10-25T02:30:00+01:00');
    expect(pragueOffsetMinutes(new Date('2026-10-25T00:30:00Z'))).toBe(120);
  });
});
