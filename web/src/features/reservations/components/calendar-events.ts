import type { Locale } from '@genodesk/contract/locales';
import type { Reservation } from '@genodesk/contract/reservations';
import { reservationKindName, roomColor } from './labels';
import { toCalendarTime } from './prague';

export interface CalendarEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  classNames: string[];
  editable: boolean;
  extendedProps: { reservation: Reservation };
}

/**
 * An occurrence as a FullCalendar event on Prague's wall clock: booked ones filled with the room's
 * colour, free slots outlined in it, blocked ones hatched grey with the room's colour at the edge.
 */
export function toCalendarEvent(r: Reservation, locale: Locale, now = Date.now()): CalendarEvent {
  const color = roomColor(r.consultingRoom.color);
  const begun = new Date(r.consultationStart).getTime() <= now;
  const title = r.customer?.fullName ?? reservationKindName(r.kind, locale);
  const look =
    r.kind === 'booked'
      ? { backgroundColor: color, borderColor: color, textColor: '#ffffff' }
      : r.kind === 'free'
        ? { backgroundColor: '#ffffff', borderColor: color, textColor: '#1f2328' }
        : { backgroundColor: '#e9ecef', borderColor: color, textColor: '#1f2328' };
  return {
    id: String(r.id),
    title,
    start: toCalendarTime(r.consultationStart),
    end: toCalendarTime(r.consultationEnd),
    ...look,
    classNames: [`reservation-${r.kind}`, ...(r.seriesId !== null ? ['reservation-series'] : [])],
    editable: !begun,
    extendedProps: { reservation: r },
  };
}
