import type {
  ConsultingRoom,
  ConsultingRoomDetail,
  ConsultingRoomListQuery,
  createConsultingRoomRequestSchema,
  Doctor,
  editConsultingRoomRequestSchema,
  Page,
} from '@genodesk/contract';
import { defaultRoomHours } from '@genodesk/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import {
  alphabetical,
  contains,
  folded,
  likePattern,
  listPage,
  orderBy,
  pageLimit,
  pageStart,
} from '../../db/listing.js';
import { consultingRooms, reservations, roles, users } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { audit, diff } from '../audit/audit.js';
import { readReservations } from './reservation-rows.js';
import { lockDoctorBookings } from './reservations.service.js';

type CreateInput = z.output<typeof createConsultingRoomRequestSchema>;
type EditInput = z.output<typeof editConsultingRoomRequestSchema>;

/** A role is the Doctor role by any of its names (SPEC §5: "Doctor or its Czech equivalent"). */
const isDoctorRoleSql = sql`(lower(trim(${roles.name})) in ('doctor', 'lékař')
  or lower(trim(${roles.nameCs})) in ('doctor', 'lékař') or lower(trim(${roles.nameEn})) in ('doctor', 'lékař'))`;

const doctorColumns = {
  id: users.id,
  userName: users.userName,
  email: users.email,
  color: users.color,
  isUserLoginActive: users.isUserLoginActive,
};

/** `GET admin/consultingrooms/doctors`: active users of the Doctor role, by name. */
export function listDoctors(db: Executor): Promise<Doctor[]> {
  return db
    .select(doctorColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.isUserLoginActive, true), isDoctorRoleSql))
    .orderBy(alphabetical(users.userName), asc(users.id));
}

/** The room's doctor must be an active user whose role is Doctor: 'Musíte zvolit lékaře!' otherwise. */
async function requireDoctor(db: Executor, doctorId: number) {
  const [doctor] = await db
    .select({ id: users.id, color: users.color })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, doctorId), eq(users.isUserLoginActive, true), isDoctorRoleSql));
  if (!doctor) throw unprocessable('doctorRequired', 'DoctorId');
  return doctor;
}

/**
 * A room given another doctor brings its live reservations that have not ended to them: none may
 * overlap a live reservation of the doctor's other rooms (a doctor is in one room at a time, whatever
 * the reservation holds), under the lock that serialises the doctor's bookings. 409 naming the moments.
 */
async function requireDoctorFree(tx: Executor, roomId: number, doctorId: number) {
  await lockDoctorBookings(tx, [doctorId]);
  const { rows } = await tx.execute<{ start: Date }>(sql`
    select distinct r.consultation_start as start
    from ${reservations} r
    join ${reservations} o on o.cancelled_at is null
      and tstzrange(o.consultation_start, o.consultation_end) && tstzrange(r.consultation_start, r.consultation_end)
    join ${consultingRooms} other on other.id = o.consulting_room_id and other.doctor_id = ${doctorId}
      and other.id <> ${roomId}
    where r.consulting_room_id = ${roomId} and r.cancelled_at is null and r.consultation_end > now()
    order by 1
    limit 10`);
  if (rows.length > 0)
    throw conflict('roomDoctorBusy', 'DoctorId', {
      dates: { moments: rows.map((row) => new Date(row.start).toISOString()) },
    });
}

function asDuplicateName(error: unknown): never {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code === '23505' && cause.constraint === 'consulting_rooms_name_lower_key')
    throw conflict('consultingRoomNameExists', 'Name');
  throw error;
}

/** Live reservations of the room that have not begun. */
const upcomingOf = (roomId: SQL | number) =>
  sql`${reservations.consultingRoomId} = ${roomId} and ${reservations.cancelledAt} is null
    and ${reservations.consultationStart} > now()`;

const roomColumns = {
  room: consultingRooms,
  doctor: doctorColumns,
  upcomingCount: sql<number>`(select count(*)::int from ${reservations} where ${upcomingOf(sql`${consultingRooms.id}`)})`,
};
type RoomRow = { room: typeof consultingRooms.$inferSelect; doctor: Doctor; upcomingCount: number };

const toRoom = ({ room, doctor, upcomingCount }: RoomRow): ConsultingRoom => ({
  id: room.id,
  name: room.name,
  color: room.color,
  isEnabled: room.isEnabled,
  doctorId: room.doctorId,
  doctor,
  opensAt: room.opensAt,
  closesAt: room.closesAt,
  openDays: room.openDays,
  upcomingCount: Number(upcomingCount),
  createdAt: room.createdAt.toISOString(),
  updatedAt: room.updatedAt.toISOString(),
});

const selectRooms = (db: Executor) =>
  db.select(roomColumns).from(consultingRooms).innerJoin(users, eq(users.id, consultingRooms.doctorId));

/** `GET admin/consultingrooms`: searched (room or doctor name), filtered, sorted and paged in SQL. */
export async function listRooms(db: Executor, query: ConsultingRoomListQuery): Promise<Page<ConsultingRoom>> {
  const conditions: SQL[] = [];
  if (query.enabled !== undefined) conditions.push(eq(consultingRooms.isEnabled, query.enabled));
  if (query.doctorId) conditions.push(eq(consultingRooms.doctorId, query.doctorId));
  const term = query.search?.trim();
  if (term)
    conditions.push(
      sql`(${contains(folded(consultingRooms.name), likePattern(term))} or ${contains(folded(users.userName), likePattern(term))})`,
    );
  const where = and(...conditions);
  const order = orderBy(
    query.sort,
    {
      name: alphabetical(consultingRooms.name),
      // A doctor's rooms by their name.
      doctor: [alphabetical(users.userName), alphabetical(consultingRooms.name)],
      isEnabled: sql`${consultingRooms.isEnabled}`,
      createdAt: sql`${consultingRooms.createdAt}`,
    },
    'name',
    sql`${consultingRooms.id}`,
  );
  const rows = await selectRooms(db)
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(
    db,
    query,
    rows.map(toRoom),
    db
      .select({ one: sql`1` })
      .from(consultingRooms)
      .innerJoin(users, eq(users.id, consultingRooms.doctorId))
      .where(where),
  );
}

/** `GET admin/consultingrooms/{id}`: the room with its next 50 bookings. */
export async function getRoom(db: Executor, id: number): Promise<ConsultingRoomDetail> {
  const [row] = await selectRooms(db).where(eq(consultingRooms.id, id));
  if (!row) throw notFound();
  const upcoming = await readReservations(
    db,
    upcomingOf(id),
    [asc(reservations.consultationStart), asc(reservations.id)],
    50,
  );
  return { ...toRoom(row), upcoming };
}

/** `PUT admin/consultingrooms`: colour defaults to the doctor's; audited. */
export async function createRoom(
  db: Database,
  by: Principal,
  input: CreateInput,
): Promise<ConsultingRoomDetail> {
  const id = await transaction(db, async (tx) => {
    const doctor = await requireDoctor(tx, input.DoctorId);
    const [room] = await tx
      .insert(consultingRooms)
      .values({
        name: input.Name,
        isEnabled: input.IsEnabled,
        doctorId: doctor.id,
        color: input.Color ?? doctor.color,
        opensAt: input.OpensAt ?? defaultRoomHours.opensAt,
        closesAt: input.ClosesAt ?? defaultRoomHours.closesAt,
        openDays: input.OpenDays ?? defaultRoomHours.openDays,
      })
      .returning()
      .catch(asDuplicateName);
    if (!room) throw new Error('consulting room insert returned nothing');
    await audit(tx, {
      entity: 'consultingRoom',
      entityId: room.id,
      changedBy: by.id,
      changes: [{ field: 'created', oldValue: null, newValue: room.name }],
    });
    return room.id;
  });
  return getRoom(db, id);
}

/** `POST admin/consultingrooms`: IsEnabled and Color left out stay; disabling keeps the bookings; audited. */
export async function editRoom(db: Database, by: Principal, input: EditInput): Promise<ConsultingRoomDetail> {
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(consultingRooms)
      .where(eq(consultingRooms.id, input.Id))
      .for('update');
    if (!before) throw notFound();
    // A doctor who has become inactive stays the room's doctor while other fields change; choosing a
    // doctor is another thing: only an active one, as when the room was created.
    if (input.DoctorId !== before.doctorId) {
      await requireDoctor(tx, input.DoctorId);
      await requireDoctorFree(tx, input.Id, input.DoctorId);
    }
    const after = {
      name: input.Name,
      doctorId: input.DoctorId,
      isEnabled: input.IsEnabled ?? before.isEnabled,
      color: input.Color ?? before.color,
      opensAt: input.OpensAt ?? before.opensAt,
      closesAt: input.ClosesAt ?? before.closesAt,
      openDays: input.OpenDays ?? before.openDays,
    };
    // Hours given on one side only are checked against the stored other side.
    if (after.closesAt <= after.opensAt) throw unprocessable('roomClosesBeforeOpening', 'ClosesAt');
    await tx
      .update(consultingRooms)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(consultingRooms.id, input.Id))
      .catch(asDuplicateName);
    await audit(tx, {
      entity: 'consultingRoom',
      entityId: input.Id,
      changedBy: by.id,
      changes: diff(before, after, [
        'name',
        'doctorId',
        'isEnabled',
        'color',
        'opensAt',
        'closesAt',
        'openDays',
      ]),
    });
  });
  return getRoom(db, input.Id);
}
