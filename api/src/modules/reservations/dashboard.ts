import { Permissions, pragueDay, pragueMidnight, type TodaysConsultation } from '@genodesk/contract';
import { and, asc, desc, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { consultingRooms, reservations } from '../../db/schema/index.js';
import type { DashboardSection } from '../dashboard/counters.js';
import { selectReservations, toReservation } from './reservation-rows.js';

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
  const mine = sql<boolean>`${consultingRooms.doctorId} = ${userId}`;
  const rows = await selectReservations(db)
    .where(
      and(
        isNull(reservations.cancelledAt),
        isNotNull(reservations.customerId),
        gte(reservations.consultationStart, from),
        lt(reservations.consultationStart, to),
      ),
    )
    .orderBy(desc(mine), asc(reservations.consultationStart), asc(reservations.id))
    .limit(200);
  return rows.map((row) => ({ ...toReservation(row), mine: row.doctor.id === userId }));
}

/** The dashboard's section of the reservations area. */
export const reservationsDashboardSections: DashboardSection[] = [
  {
    access: { all: [Permissions.ReservationsView] },
    load: async (db, principal) => ({ consultationsToday: await consultationsToday(db, principal.id) }),
  },
];
