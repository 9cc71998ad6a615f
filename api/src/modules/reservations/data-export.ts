import { type Locale, labelIn, type ReservationType, reservationTypeLabels } from '@genodesk/contract';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { consultingRooms, reservations, users } from '../../db/schema/index.js';
import type { ExportedChange, HistoryOf } from '../audit/data-export.js';

export type ReservationsExport = {
  reservations: {
    id: number;
    type: number;
    typeName: string;
    room: string;
    doctor: string | null;
    start: string;
    end: string;
    cancelledAt: string | null;
    seriesId: number | null;
    createdAt: string;
    history: ExportedChange[];
  }[];
};

/** The reservations area's part of the customer's data export (`privacy/data-export.ts`): their consultations. */
export async function reservationsDataExport(
  tx: Executor,
  { customer, locale, historyOf }: { customer: { id: number }; locale: Locale; historyOf: HistoryOf },
): Promise<{ sections: ReservationsExport }> {
  const roomDoctor = alias(users, 'room_doctor');
  const rows = await tx
    .select({ reservation: reservations, room: consultingRooms.name, doctor: roomDoctor.userName })
    .from(reservations)
    .innerJoin(consultingRooms, eq(consultingRooms.id, reservations.consultingRoomId))
    .leftJoin(roomDoctor, eq(roomDoctor.id, consultingRooms.doctorId))
    .where(eq(reservations.customerId, customer.id))
    .orderBy(asc(reservations.consultationStart), asc(reservations.id));
  return {
    sections: {
      reservations: rows.map(({ reservation: r, room, doctor }) => ({
        id: r.id,
        type: r.reservationType,
        typeName: labelIn(reservationTypeLabels, r.reservationType as ReservationType, locale),
        room,
        doctor,
        start: r.consultationStart.toISOString(),
        end: r.consultationEnd.toISOString(),
        cancelledAt: r.cancelledAt?.toISOString() ?? null,
        seriesId: r.seriesId,
        createdAt: r.createdAt.toISOString(),
        history: historyOf('reservation', r.id),
      })),
    },
  };
}
