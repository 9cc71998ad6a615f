import type { Reservation } from '@genodesk/contract/reservations';
import { describe, expect, it } from 'vitest';
import { toCalendarEvent } from './calendar-events';

const base: Reservation = {
  id: 7,
  seriesId: null,
  occurrence: 0,
  consultingRoomId: 1,
  consultingRoom: { id: 1, name: 'A', color: 2, isEnabled: true },
  doctor: { id: 3, userName: 'Dr. X', color: 2 },
  reservationType: 0,
  kind: 'booked',
  customerId: 5,
  customer: { id: 5, fullName: 'Jana Nová', email: 'j@x.cz', phone: '1' },
  isFake: false,
  consultationStart: '2027-03-29T10:00:00+02:00',
  consultationEnd: '2027-03-29T11:00:00+02:00',
  sequence: 0,
  cancelledAt: null,
  createdAt: '',
  updatedAt: '',
};

describe('reservations as calendar events', () => {
  it('keeps Prague’s wall clock and fills a booking with the room colour', () => {
    const event = toCalendarEvent(base, 'cs', Date.parse('2027-01-01'));
    expect(event.start.toISOString()).toBe('2027-03-29T10:00:00.000Z');
    expect(event.title).toBe('Jana Nová');
    expect(event.backgroundColor).toBe('#2c853c');
    expect(event.editable).toBe(true);
  });

  it('outlines free slots, hatches blocked ones and freezes begun ones', () => {
    const free = toCalendarEvent({ ...base, kind: 'free', customer: null, customerId: null }, 'en', 0);
    expect(free.title).toBe('Free slot');
    expect(free.classNames).toContain('reservation-free');
    const blocked = toCalendarEvent({ ...base, kind: 'blocked', customer: null, isFake: true }, 'cs', 0);
    expect(blocked.classNames).toContain('reservation-blocked');
    expect(toCalendarEvent(base, 'cs', Date.parse('2028-01-01')).editable).toBe(false);
  });
});
