import { describe, expect, it } from 'vitest';
import { businessHoursOf, slotRangeOf } from './business-hours';

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
});
