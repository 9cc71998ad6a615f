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
