import { Permissions, pragueDay, pragueMidnight, type TodaysConsultation } from '@genodesk/contract';
import { and, asc, desc, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { consultingRooms, reservations } from '../../db/schema/index.js';
import type { DashboardSection } from '../dashboard/counters.js';
import { readReservations } from './reservation-rows.js';

/**
 * Today's consultations (Prague's day; with a customer, not cancelled): those in the rooms of `userId`
 * first, then by start. At most 200.
 */
export async function consultationsToday(
  db: Executor,
  userId: number,
  now = new Date(),
): Promise<TodaysConsultation[]> {
  const day = pragueDay(now);
  const from = pragueMidnight(day);
  const to = pragueMidnight(pragueDay(new Date(from.getTime() + 36 * 3_600_000)));
  const mine = sql<boolean>`exists (select 1 from ${consultingRooms} where ${consultingRooms.id} = ${reservations.consultingRoomId} and ${consultingRooms.doctorId} = ${userId})`;
  const rows = await readReservations(
    db,
    and(
      isNull(reservations.cancelledAt),
      isNotNull(reservations.customerId),
      gte(reservations.consultationStart, from),
      lt(reservations.consultationStart, to),
    ),
    [desc(mine), asc(reservations.consultationStart), asc(reservations.id)],
    200,
  );
  return rows.map((row) => ({ ...row, mine: row.doctor.id === userId }));
}

/** The dashboard's section of the reservations area. */
export const reservationsDashboardSections: DashboardSection[] = [
  {
    access: { all: [Permissions.ReservationsView] },
    load: async (db, principal) => ({ consultationsToday: await consultationsToday(db, principal.id) }),
  },
];
