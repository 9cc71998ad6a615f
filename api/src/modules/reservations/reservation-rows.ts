import { type Reservation, ReservationKind, toPragueIso } from '@genodesk/contract';
import { eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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

// ── The read path of the API: lean rows, rooms and doctors read once ───────────────────────────

type LeanRow = {
  id: number;
  series_id: number | null;
  occurrence: number;
  consulting_room_id: number;
  reservation_type: number;
  customer_id: number | null;
  is_fake: boolean;
  sequence: number;
  start: number;
  end: number;
  cancelled_at: number | null;
  created_at: number;
  updated_at: number;
  customer_name: string | null;
  customer_surname: string | null;
  customer_email: string | null;
  customer_phone: string | null;
};

/** A moment as epoch milliseconds: a number parses far faster than a timestamp's text. */
const epochMs = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::float8`;

type RoomOfReservation = Reservation['consultingRoom'] & { doctor: Reservation['doctor'] };

/** The rooms (with their doctors) of `ids`, in one query. */
async function roomsOf(db: Executor, ids: number[]): Promise<Map<number, RoomOfReservation>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: consultingRooms.id,
      name: consultingRooms.name,
      color: consultingRooms.color,
      isEnabled: consultingRooms.isEnabled,
      doctor: { id: users.id, userName: users.userName, color: users.color },
    })
    .from(consultingRooms)
    .innerJoin(users, eq(users.id, consultingRooms.doctorId))
    .where(inArray(consultingRooms.id, ids));
  return new Map(rows.map((room) => [room.id, room]));
}

/**
 * The occurrences `where` selects, in `order`, as the API answers them. The calendar reads a thousand
 * at a time: times come as epoch numbers, and each room and its doctor once, not once per row.
 */
export async function readReservations(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  limit?: number,
): Promise<Reservation[]> {
  // Plain SQL (no per-column mapping): the calendar's week is a thousand rows.
  const { rows } = await db.execute<LeanRow>(sql`
    select ${reservations.id}, ${reservations.seriesId}, ${reservations.occurrence},
      ${reservations.consultingRoomId}, ${reservations.reservationType}, ${reservations.customerId},
      ${reservations.isFake}, ${reservations.sequence},
      ${epochMs(reservations.consultationStart)} as start, ${epochMs(reservations.consultationEnd)} as "end",
      ${epochMs(reservations.cancelledAt)} as cancelled_at, ${epochMs(reservations.createdAt)} as created_at,
      ${epochMs(reservations.updatedAt)} as updated_at,
      ${customers.name} as customer_name, ${customers.surname} as customer_surname,
      ${customers.email} as customer_email, ${customers.phonePrefix} || ${customers.phone} as customer_phone
    from ${reservations} left join ${customers} on ${customers.id} = ${reservations.customerId}
    ${where ? sql`where ${where}` : sql``}
    ${order.length ? sql`order by ${sql.join(order, sql`, `)}` : sql``}
    ${limit === undefined ? sql`` : sql`limit ${limit}`}`);
  const rooms = await roomsOf(db, [...new Set(rows.map((r) => Number(r.consulting_room_id)))]);
  // A week's occurrences share a few dozen start and end times across the rooms.
  const times = new Map<number, string>();
  const prague = (ms: number) => {
    let text = times.get(ms);
    if (text === undefined) {
      text = toPragueIso(new Date(ms));
      times.set(ms, text);
    }
    return text;
  };
  return rows.map((r) => {
    const room = rooms.get(Number(r.consulting_room_id));
    if (!room) throw new Error(`room ${r.consulting_room_id} of reservation ${r.id} is missing`);
    const { doctor, ...consultingRoom } = room;
    const customerId = r.customer_id === null ? null : Number(r.customer_id);
    return {
      id: Number(r.id),
      seriesId: r.series_id === null ? null : Number(r.series_id),
      occurrence: r.occurrence,
      consultingRoomId: room.id,
      consultingRoom,
      doctor,
      reservationType: r.reservation_type,
      kind: kindOf({ customerId, isFake: r.is_fake }),
      customerId,
      customer:
        customerId === null
          ? null
          : {
              id: customerId,
              fullName: `${r.customer_name ?? ''} ${r.customer_surname ?? ''}`.trim(),
              email: r.customer_email ?? '',
              phone: r.customer_phone ?? '',
            },
      isFake: r.is_fake,
      consultationStart: prague(r.start),
      consultationEnd: prague(r.end),
      sequence: r.sequence,
      cancelledAt: r.cancelled_at === null ? null : new Date(r.cancelled_at).toISOString(),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  });
}
