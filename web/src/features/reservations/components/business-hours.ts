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
/** `08:30` as minutes of the day. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The hours the time grid shows: 07:00 to 21:00, widened to a whole hour around the rooms' own
 * hours and around every booking in view (calendar time: Prague's wall clock as UTC), so an early or
 * late room is never cut off and no booking is ever out of sight.
 */
export function slotRangeOf(
  rooms: Hours[],
  bookings: readonly { start: Date; end: Date }[] = [],
): { slotMinTime: string; slotMaxTime: string } {
  const endHour = (end: Date, start: Date) =>
    end.getUTCDate() !== start.getUTCDate() ? 24 : end.getUTCHours() + (end.getUTCMinutes() > 0 ? 1 : 0);
  const first = Math.min(
    7,
    ...rooms.map((r) => Number(r.opensAt.slice(0, 2))),
    ...bookings.map((b) => b.start.getUTCHours()),
  );
  const last = Math.max(
    21,
    ...rooms.map((r) => hourOf(r.closesAt)),
    ...bookings.map((b) => endHour(b.end, b.start)),
  );
  const time = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;
  return { slotMinTime: time(first), slotMaxTime: time(Math.min(last, 24)) };
}

/**
 * Where a new booking starts by default: the next whole hour, moved to the next time some room is
 * open (a room's day and hours, in calendar time) — never 02:00 on a Sunday because the clock said so.
 */
export function nextOpenSlot(rooms: Hours[], now: Date): Date {
  const open = rooms.filter((room) => room.openDays.length > 0);
  const start = new Date(now.getTime() + 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  if (!open.length) return start;
  for (let day = 0; day < 14; day++) {
    const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + day));
    // Monday 1 … Sunday 7, as the rooms keep their days.
    const weekday = date.getUTCDay() || 7;
    const from = day === 0 ? start.getUTCHours() * 60 : 0;
    const candidates = open
      .filter((room) => room.openDays.includes(weekday))
      .map((room) => {
        const opens = minutesOf(room.opensAt);
        const at = Math.max(opens, Math.ceil(from / 60) * 60);
        return at + 45 <= minutesOf(room.closesAt) ? at : null;
      })
      .filter((at): at is number => at !== null);
    if (candidates.length) return new Date(date.getTime() + Math.min(...candidates) * 60_000);
  }
  return start;
}

/** A consultation lasts 45 minutes: what a new booking proposes. */
export const consultationMinutes = 45;

/** A calendar date (Prague's wall clock written as UTC) as a form value `2027-03-15T10:00`. */
export const wallInput = (date: Date) => date.toISOString().slice(0, 16);

/** A new booking's proposed start and end as form values: the next open slot of `rooms` (`nextOpenSlot`). */
export function proposedTimes(rooms: Hours[], now: Date): { start: string; end: string } {
  const next = nextOpenSlot(rooms, now);
  return { start: wallInput(next), end: wallInput(new Date(next.getTime() + consultationMinutes * 60_000)) };
}

/**
 * Whether a consultation (form values on Prague's wall clock, `2026-11-30T10:00`) falls outside its
 * room's hours: another day than it keeps open, before it opens, after it closes, or past midnight.
 */
export function outsideHours(room: Hours, start: string, end: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(start) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(end))
    return false;
  const weekday = new Date(`${start.slice(0, 10)}T12:00:00Z`).getUTCDay() || 7;
  return (
    !room.openDays.includes(weekday) ||
    start.slice(0, 10) !== end.slice(0, 10) ||
    minutesOf(start.slice(11, 16)) < minutesOf(room.opensAt) ||
    minutesOf(end.slice(11, 16)) > minutesOf(room.closesAt)
  );
}
