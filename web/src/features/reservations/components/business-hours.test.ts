import { describe, expect, it } from 'vitest';
import { businessHoursOf, nextOpenSlot, outsideHours, slotRangeOf } from './business-hours';

const room = (opensAt: string, closesAt: string, openDays = [1, 2, 3, 4, 5]) => ({
  opensAt,
  closesAt,
  openDays,
});

describe('the calendar from the rooms’ hours', () => {
  it('shades outside each room’s own hours, Sunday as FullCalendar’s 0', () => {
    expect(businessHoursOf([room('07:30', '16:00', [1, 7]), room('09:00', '19:00', [])])).toEqual([
      { daysOfWeek: [1, 0], startTime: '07:30', endTime: '16:00' },
    ]);
  });

  it('shows 07:00–21:00, or more when a room opens earlier or closes later', () => {
    expect(slotRangeOf([room('08:00', '18:00')])).toEqual({
      slotMinTime: '07:00:00',
      slotMaxTime: '21:00:00',
    });
    expect(slotRangeOf([room('06:30', '21:15')])).toEqual({
      slotMinTime: '06:00:00',
      slotMaxTime: '22:00:00',
    });
    expect(slotRangeOf([])).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '21:00:00' });
  });

  it('widens to every booking in view: one at 02:00 or until midnight is never out of sight', () => {
    const at = (iso: string) => new Date(iso);
    expect(
      slotRangeOf(
        [room('08:00', '18:00')],
        [{ start: at('2026-11-29T02:00:00Z'), end: at('2026-11-29T02:45:00Z') }],
      ),
    ).toEqual({ slotMinTime: '02:00:00', slotMaxTime: '21:00:00' });
    expect(
      slotRangeOf(
        [room('08:00', '18:00')],
        [{ start: at('2026-11-30T22:30:00Z'), end: at('2026-12-01T00:00:00Z') }],
      ),
    ).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '24:00:00' });
  });
});

describe('where a new booking starts', () => {
  // Calendar time: Prague's wall clock written as UTC. 29 November 2026 is a Sunday.
  const at = (iso: string) => new Date(iso);

  it('at 01:45 on a Sunday night: Monday when the earliest room opens, not 02:00', () => {
    expect(
      nextOpenSlot([room('08:00', '16:00'), room('07:30', '15:00')], at('2026-11-29T01:45:00Z')),
    ).toEqual(at('2026-11-30T07:30:00Z'));
  });

  it('within the hours: the next whole hour; too late for a consultation today: the next open day', () => {
    expect(nextOpenSlot([room('08:00', '16:00')], at('2026-11-30T10:20:00Z'))).toEqual(
      at('2026-11-30T11:00:00Z'),
    );
    expect(nextOpenSlot([room('08:00', '16:00')], at('2026-11-30T15:10:00Z'))).toEqual(
      at('2026-12-01T08:00:00Z'),
    );
    // Friday evening → Monday.
    expect(nextOpenSlot([room('08:00', '16:00')], at('2026-12-04T18:00:00Z'))).toEqual(
      at('2026-12-07T08:00:00Z'),
    );
  });

  it('without any open room: the next whole hour, as before', () => {
    expect(nextOpenSlot([room('08:00', '16:00', [])], at('2026-11-29T01:45:00Z'))).toEqual(
      at('2026-11-29T02:00:00Z'),
    );
  });
});

describe('a booking outside its room’s hours', () => {
  const weekdays = room('08:00', '18:00');
  it('is told: on a Sunday, at 02:00, past closing, over midnight', () => {
    expect(outsideHours(weekdays, '2026-11-29T10:00', '2026-11-29T10:45')).toBe(true);
    expect(outsideHours(weekdays, '2026-11-30T02:00', '2026-11-30T02:45')).toBe(true);
    expect(outsideHours(weekdays, '2026-11-30T17:30', '2026-11-30T18:15')).toBe(true);
    expect(outsideHours(weekdays, '2026-11-30T23:30', '2026-12-01T00:15')).toBe(true);
  });
  it('is not told within them, to the minute; nor for a form not filled in yet', () => {
    expect(outsideHours(weekdays, '2026-11-30T08:00', '2026-11-30T08:45')).toBe(false);
    expect(outsideHours(weekdays, '2026-12-04T17:15', '2026-12-04T18:00')).toBe(false);
    expect(outsideHours(weekdays, '', '')).toBe(false);
  });
});
