import type { ConsultingRoom } from '@genodesk/contract/reservations';

type Hours = Pick<ConsultingRoom, 'opensAt' | 'closesAt' | 'openDays'>;

/** FullCalendar's business hours of rooms (weekdays from Sunday 0); several rooms shade only what none keeps open. */
export function businessHoursOf(rooms: Hours[]) {
  return rooms
    .filter((room) => room.openDays.length > 0)
    .map((room) => ({
      daysOfWeek: room.openDays.map((day) => day % 7),
      startTime: room.opensAt,
      endTime: room.closesAt,
    }));
}

const hourOf = (time: string) => Number(time.slice(0, 2)) + (time.slice(3) === '00' ? 0 : 1);

/**
 * The hours the time grid shows: 07:00 to 21:00, widened to a whole hour around the rooms' own
 * hours, so an early or late room is never cut off.
 */
export function slotRangeOf(rooms: Hours[]): { slotMinTime: string; slotMaxTime: string } {
  const first = Math.min(7, ...rooms.map((r) => Number(r.opensAt.slice(0, 2))));
  const last = Math.max(21, ...rooms.map((r) => hourOf(r.closesAt)));
  const time = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;
  return { slotMinTime: time(first), slotMaxTime: time(Math.min(last, 24)) };
}
