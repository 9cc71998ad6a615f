import { type Reservation, ReservationKind, toPragueIso } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { consultingRooms, customers, reservations, users } from '../../db/schema/index.js';

/** What one occurrence is read with: its room, the room's doctor and its customer. */
export const reservationColumns = {
  reservation: reservations,
  room: {
    id: consultingRooms.id,
    name: consultingRooms.name,
    color: consultingRooms.color,
    isEnabled: consultingRooms.isEnabled,
  },
  doctor: { id: users.id, userName: users.userName, color: users.color },
  customerName: customers.name,
  customerSurname: customers.surname,
  customerEmail: customers.email,
  customerPhonePrefix: customers.phonePrefix,
  customerPhone: customers.phone,
  customerLanguage: customers.language,
};

export type ReservationRow = {
  reservation: typeof reservations.$inferSelect;
  room: { id: number; name: string; color: number; isEnabled: boolean };
  doctor: { id: number; userName: string; color: number };
  customerName: string | null;
  customerSurname: string | null;
  customerEmail: string | null;
  customerPhonePrefix: string | null;
  customerPhone: string | null;
  customerLanguage: string | null;
};

export const selectReservations = (db: Executor) =>
  db
    .select(reservationColumns)
    .from(reservations)
    .innerJoin(consultingRooms, eq(consultingRooms.id, reservations.consultingRoomId))
    .innerJoin(users, eq(users.id, consultingRooms.doctorId))
    .leftJoin(customers, eq(customers.id, reservations.customerId));

export const kindOf = (r: { customerId: number | null; isFake: boolean }) =>
  r.customerId !== null ? ReservationKind.Booked : r.isFake ? ReservationKind.Blocked : ReservationKind.Free;

export const customerFullName = (row: ReservationRow) =>
  row.customerName === null ? '' : `${row.customerName} ${row.customerSurname ?? ''}`.trim();

export function toReservation(row: ReservationRow): Reservation {
  const r = row.reservation;
  return {
    id: r.id,
    seriesId: r.seriesId,
    occurrence: r.occurrence,
    consultingRoomId: r.consultingRoomId,
    consultingRoom: row.room,
    doctor: row.doctor,
    reservationType: r.reservationType,
    kind: kindOf(r),
    customerId: r.customerId,
    customer:
      r.customerId === null
        ? null
        : {
            id: r.customerId,
            fullName: customerFullName(row),
            email: row.customerEmail ?? '',
            phone: `${row.customerPhonePrefix ?? ''}${row.customerPhone ?? ''}`,
          },
    isFake: r.isFake,
    consultationStart: toPragueIso(r.consultationStart),
    consultationEnd: toPragueIso(r.consultationEnd),
    sequence: r.sequence,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
