import { staffColors } from '@genodesk/contract/common';
import type { Locale } from '@genodesk/contract/locales';
import {
  type CustomerReservationStatus,
  customerReservationStatusLabels,
  type ReservationKind,
  type ReservationType,
  reservationKindLabels,
  reservationTypeLabels,
} from '@genodesk/contract/reservations';
import { dateFormat, intlLocale } from '@/lib/format';

/** A staff colour (1–12) as CSS; the first one for anything out of range. */
export const roomColor = (color: number): string => staffColors[color - 1] ?? staffColors[0];

export const reservationTypeName = (type: number, locale: Locale): string =>
  reservationTypeLabels[type as ReservationType]?.[locale] ?? String(type);

export const reservationKindName = (kind: ReservationKind, locale: Locale): string =>
  reservationKindLabels[kind][locale];

export const reservationStatusName = (status: CustomerReservationStatus, locale: Locale): string =>
  customerReservationStatusLabels[status][locale];

export const reservationStatusColor: Record<CustomerReservationStatus, string> = {
  none: 'gray',
  upcoming: 'blue',
  held: 'teal',
};

export const reservationKindColor: Record<ReservationKind, string> = {
  booked: 'blue',
  blocked: 'gray',
  free: 'teal',
};

/** The short name of an ISO weekday (1 Monday … 7 Sunday): `po`, `Mon`. */
export function weekdayName(day: number, locale: Locale): string {
  // 2024-01-01 was a Monday.
  return dateFormat(intlLocale[locale], { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** A room's surgery hours as one reads them: `po–pá 08:00–18:00`, `Mon, Wed, Sat 07:30–15:00`. */
export function roomHoursText(
  room: { opensAt: string; closesAt: string; openDays: number[] },
  locale: Locale,
): string {
  const runs: number[][] = [];
  for (const day of [...room.openDays].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const days = runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${weekdayName(run[0]!, locale)}–${weekdayName(run.at(-1)!, locale)}`]
        : run.map((day) => weekdayName(day, locale)),
    )
    .join(', ');
  return `${days} ${room.opensAt}–${room.closesAt}`.trim();
}
