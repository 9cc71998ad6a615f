import {
  addPragueWeeks,
  type CancelReservationReply,
  type CustomerReservations,
  type cancelReservationQuerySchema,
  consultationMoment,
  type createReservationRequestSchema,
  type editReservationRequestSchema,
  endsOnItsDay,
  type FreeSlotClashDetails,
  type Reservation,
  type ReservationList,
  type ReservationRangeQuery,
  ReservationType,
  SampleStatus,
  toPragueIso,
} from '@genodesk/contract';
import { and, asc, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import type { Config } from '../../config.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import { consultingRooms, customers, reservations, samples } from '../../db/schema/index.js';
import { conflict, invalid, notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { type AuditEntry, auditMany, type FieldChange } from '../audit/audit.js';
import { lockLiveCustomer } from '../customers/live-customers.js';
import { mailEachCustomer, scheduleReminder } from './notifications.js';
import { type ReservationRow, readReservations, selectReservations } from './reservation-rows.js';
import { reservationStatusOf } from './reservation-status.js';

export type ReservationsDeps = { db: Database; jobs: Jobs; config: Pick<Config, 'mailFrom'> };

type CreateInput = z.output<typeof createReservationRequestSchema>;
type EditInput = z.output<typeof editReservationRequestSchema>;
type CancelInput = z.output<typeof cancelReservationQuerySchema>;
type Stored = typeof reservations.$inferSelect;

/** A time the schema checked (`isTimestamp`): a moment, Prague's clock when it has no offset. */
function moment(value: string, field: string): Date {
  const instant = consultationMoment(value);
  if (!instant) throw invalid('invalidDate', field);
  return instant;
}

const live = isNull(reservations.cancelledAt);

// ── Reading ────────────────────────────────────────────────────────────────────────────────────

/**
 * `GET admin/reservations`: live occurrences overlapping [From, To), of the rooms asked for, soonest
 * first. The range test is the exclusion constraint's own expression, so its GiST index answers it.
 */
export async function listReservations(db: Executor, query: ReservationRangeQuery): Promise<ReservationList> {
  const from = moment(query.From, 'From');
  const to = moment(query.To, 'To');
  const conditions: SQL[] = [
    live,
    sql`tstzrange(${reservations.consultationStart}, ${reservations.consultationEnd}) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
  ];
  if (query.ConsultingRoomIds?.length)
    conditions.push(inArray(reservations.consultingRoomId, query.ConsultingRoomIds));
  return {
    items: await readReservations(db, and(...conditions), [
      asc(reservations.consultationStart),
      asc(reservations.id),
    ]),
  };
}

/** `GET admin/reservations/{id}`: one occurrence, cancelled or not. */
export async function getReservation(db: Executor, id: number): Promise<Reservation> {
  const [reservation] = await readReservations(db, eq(reservations.id, id), []);
  if (!reservation) throw notFound();
  return reservation;
}

/** `GET admin/reservations/customer`: the customer's history, cancelled ones too, latest first. */
export async function customerReservations(db: Executor, customerId: number): Promise<CustomerReservations> {
  const [customer] = await db
    .select({ id: customers.id, status: reservationStatusOf(customerId) })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.erasedAt)));
  if (!customer) throw notFound();
  const items = await readReservations(db, eq(reservations.customerId, customerId), [
    desc(reservations.consultationStart),
    desc(reservations.id),
  ]);
  return { customerId, reservationStatus: customer.status, items };
}

/** The occurrences `ids` as the API answers them, soonest first. */
const readByIds = (db: Executor, ids: number[]) =>
  readReservations(db, inArray(reservations.id, ids.length ? ids : [0]), [
    asc(reservations.consultationStart),
    asc(reservations.id),
  ]);

/** The occurrences `ids` with their customers' addresses and languages: what the messages are made of. */
const rowsByIds = async (db: Executor, ids: number[]) =>
  ids.length === 0
    ? []
    : selectReservations(db)
        .where(inArray(reservations.id, ids))
        .orderBy(asc(reservations.consultationStart), asc(reservations.id));

// ── Rules shared by booking and editing ─────────────────────────────────────────────────────────

/** One occurrence being booked or moved: its room, its customer (null for a free or blocked slot), its times. */
type Slot = { roomId: number; customerId: number | null; start: Date; end: Date };

/**
 * What an occurrence clashes with: a live reservation (`reservation`, its id) of its room (`free`: a
 * free slot, neither a customer nor blocked), of its customer in another room, or of its room's doctor
 * in another of their rooms.
 */
type Clash = { slot: number; kind: 'room' | 'customer' | 'doctor'; free: boolean; reservation?: number };

/**
 * Live reservations overlapping any of `slots` (other than `except`), in one query: by room, by
 * customer, and by the room's doctor in their other rooms. A doctor cannot be in two rooms at once, so
 * every live reservation of their other rooms counts — a blocked one ("occupied without a client") and
 * a free slot too: a free slot is time the doctor offers in that room, and booking over it elsewhere
 * would leave a slot nobody could take.
 */
async function findClashes(db: Executor, slots: Slot[], except: number[] = []): Promise<Clash[]> {
  if (slots.length === 0) return [];
  const overlaps = sql`r.cancelled_at is null
      and tstzrange(r.consultation_start, r.consultation_end) && tstzrange(s.start, s.finish)
      and r.id <> all(${sql.param(except)}::bigint[])`;
  const { rows } = await db.execute<{
    slot: number;
    kind: Clash['kind'];
    free: boolean;
    reservation: string;
  }>(sql`
    with s as (
      select * from unnest(${sql.param(slots.map((s) => s.roomId))}::bigint[],
        ${sql.param(slots.map((s) => s.customerId))}::bigint[],
        ${sql.param(slots.map((s) => s.start.toISOString()))}::timestamptz[],
        ${sql.param(slots.map((s) => s.end.toISOString()))}::timestamptz[])
        with ordinality as s(room, customer, start, finish, i))
    select s.i::int - 1 as slot, 'room' as kind, (r.customer_id is null and not r.is_fake) as free,
      r.id as reservation, r.consultation_start as starts
    from s join ${reservations} r on r.consulting_room_id = s.room and ${overlaps}
    union all
    select s.i::int - 1, 'customer', false, r.id, r.consultation_start
    from s join ${reservations} r on r.customer_id = s.customer and r.consulting_room_id <> s.room and ${overlaps}
    union all
    select s.i::int - 1, 'doctor', false, r.id, r.consultation_start
    from s join ${consultingRooms} own on own.id = s.room
      join ${consultingRooms} other on other.doctor_id = own.doctor_id and other.id <> own.id
      join ${reservations} r on r.consulting_room_id = other.id and ${overlaps}
    order by 1, starts, reservation`);
  return rows.map((row) => ({
    slot: Number(row.slot),
    kind: row.kind,
    free: Boolean(row.free),
    reservation: Number(row.reservation),
  }));
}

/** The 409 messages of each clash: one for a single occurrence, one naming the moments for several. */
const clashMessages = {
  room: { one: 'reservationOverlap', series: 'reservationSeriesOverlap', field: 'ConsultationStart' },
  freeSlot: {
    one: 'reservationOverlapsFreeSlot',
    series: 'reservationSeriesOverlapsFreeSlot',
    field: 'ConsultationStart',
  },
  customer: {
    one: 'reservationCustomerOverlap',
    series: 'reservationSeriesCustomerOverlap',
    field: 'CustomerId',
  },
  doctor: {
    one: 'reservationDoctorOverlap',
    series: 'reservationSeriesDoctorOverlap',
    field: 'ConsultingRoomId',
  },
} as const;

/**
 * The 409 for clashes, the room's first: when the occurrences with a customer meet only free slots of
 * the room, it says so (the free slot is to be opened and given the customer) and names them in its
 * `details` (`FreeSlotClashDetails`, soonest first); then the customer's other reservations, then the
 * doctor's other rooms.
 */
function clashError(slots: Slot[], clashes: Clash[], series: boolean) {
  const room = clashes.filter((c) => c.kind === 'room');
  const onlyFreeSlots = room.length > 0 && room.every((c) => c.free && slots[c.slot]?.customerId != null);
  const [kind, of] =
    room.length > 0
      ? [onlyFreeSlots ? 'freeSlot' : 'room', room]
      : clashes.some((c) => c.kind === 'customer')
        ? ['customer', clashes.filter((c) => c.kind === 'customer')]
        : ['doctor', clashes];
  const message = clashMessages[kind as keyof typeof clashMessages];
  const details: FreeSlotClashDetails | undefined = onlyFreeSlots
    ? { freeSlotIds: [...new Set(room.flatMap((c) => (c.reservation === undefined ? [] : [c.reservation])))] }
    : undefined;
  if (!series) return conflict(message.one, message.field, undefined, details);
  // Moments, not text: each reader sees them in their language, on the Prague clock.
  const moments = [...new Set(of.map((c) => c.slot))]
    .sort((a, b) => a - b)
    .map((i) => slots[i])
    .filter((s): s is Slot => s !== undefined)
    .map((s) => s.start.toISOString());
  return conflict(message.series, message.field, { dates: { moments } }, details);
}

/** The exclusion constraints that keep a room's, and a customer's, live reservations apart. */
const overlapConstraints = new Set(['reservations_no_overlap', 'reservations_customer_no_overlap']);
const exclusionViolation = (error: unknown) => {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
  return cause?.code === '23P01' && cause.constraint && overlapConstraints.has(cause.constraint)
    ? cause.constraint
    : undefined;
};

/**
 * Runs a write that may lose a race to another booking: the exclusion constraints have the last word,
 * and a violation answers like the check before it (the clashes read again once the winner has
 * committed). Never a 500.
 */
async function underConstraint<T>(
  db: Database,
  slots: () => { slots: Slot[]; except: number[]; series: boolean },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = exclusionViolation(error);
    if (!constraint) throw error;
    const attempt = slots();
    const clashes = await findClashes(db, attempt.slots, attempt.except);
    const kind = constraint === 'reservations_no_overlap' ? 'room' : 'customer';
    // The winner is read again; should it have gone meanwhile, the constraint still names the clash.
    throw clashError(
      attempt.slots,
      clashes.length > 0 ? clashes : attempt.slots.map((_, slot) => ({ slot, kind, free: false })),
      attempt.series,
    );
  }
}

/** The room must exist ('Musíte vybrat ambulanci!') and, for a new booking, be enabled. */
async function requireRoom(tx: Executor, roomId: number, forNewBooking: boolean) {
  const [room] = await tx
    .select({
      id: consultingRooms.id,
      isEnabled: consultingRooms.isEnabled,
      doctorId: consultingRooms.doctorId,
    })
    .from(consultingRooms)
    .where(eq(consultingRooms.id, roomId))
    .for('share');
  if (!room) throw unprocessable('roomRequired', 'ConsultingRoomId');
  if (forNewBooking && !room.isEnabled) throw unprocessable('consultingRoomDisabled', 'ConsultingRoomId');
  return room;
}

/**
 * Serialises the bookings of these doctors until the transaction ends (an advisory lock per doctor,
 * in id order): a doctor's rooms have no constraint in common, so two bookings in two of their rooms
 * at once would each find the other time free. The second waits, then its clash check sees the first.
 * Rooms are locked before (FOR SHARE, FOR UPDATE by a room edit), never after, so the order is one.
 */
export async function lockDoctorBookings(tx: Executor, doctorIds: Iterable<number>) {
  for (const id of [...new Set(doctorIds)].sort((a, b) => a - b))
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`genodesk.doctor-bookings ${id}`}))`);
}

/** A consultation ends on the Prague day it begins (422 'reservationSpansDays'). */
function requireSameDay(slots: Slot[]) {
  if (slots.some((s) => !endsOnItsDay(s.start, s.end)))
    throw unprocessable('reservationSpansDays', 'ConsultationEnd');
}

/** The customer exists and is not erased; locked so that an erasure running now is waited for. */
async function requireCustomer(tx: Executor, customerId: number) {
  if (!(await lockLiveCustomer(tx, customerId))) throw unprocessable('notFound', 'CustomerId');
}

/**
 * DOMAIN §1: while a customer has an entry consultation [1] that is not cancelled, their samples
 * waiting to be taken at it [1] are "consultation for sampling reserved" [7]; without one, [7] goes
 * back to [1]. Run for the customers whose entry consultations a change touched; audited like every
 * sample status change.
 */
async function syncEntrySamples(tx: Tx, by: Principal, customerIds: Iterable<number>) {
  for (const customerId of new Set(customerIds)) {
    const [entry] = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.customerId, customerId),
          eq(reservations.reservationType, ReservationType.Entry),
          live,
        ),
      )
      .limit(1);
    const [from, to] = entry
      ? [SampleStatus.ToBeTakenAtEntryConsultation, SampleStatus.ConsultationForSamplingReserved]
      : [SampleStatus.ConsultationForSamplingReserved, SampleStatus.ToBeTakenAtEntryConsultation];
    const moved = await tx
      .update(samples)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(samples.customerId, customerId), eq(samples.status, from)))
      .returning({ id: samples.id });
    await auditMany(
      tx,
      moved.map((sample) => ({
        entity: 'sample',
        entityId: sample.id,
        changedBy: by.id,
        changes: [{ field: 'status', oldValue: from, newValue: to }],
      })),
    );
  }
}

const entryCustomer = (r: { reservationType: number; customerId: number | null }) =>
  r.reservationType === ReservationType.Entry && r.customerId !== null ? [r.customerId] : [];

const auditedFields = [
  'consultingRoomId',
  'reservationType',
  'customerId',
  'isFake',
  'consultationStart',
  'consultationEnd',
] as const;
type Audited = Pick<Stored, (typeof auditedFields)[number]>;

const asAuditValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
function changesOf(before: Audited, after: Audited): FieldChange[] {
  return auditedFields
    .map((field) => ({ field, oldValue: asAuditValue(before[field]), newValue: asAuditValue(after[field]) }))
    .filter((c) => String(c.oldValue) !== String(c.newValue));
}

// ── Booking ────────────────────────────────────────────────────────────────────────────────────

/**
 * `PUT admin/reservations`: the occurrence and its `RepeatXWeeks` weekly repeats (same weekday and
 * Prague wall-clock time), all or none, in one transaction: the room exists and is enabled, the
 * customer exists, no occurrence clashes (the series message names the clashing dates; the exclusion
 * constraint settles races), the customer's entry-consultation sample moves [1] → [7], the e-mail with
 * the .ics and the reminders are queued, each occurrence is audited.
 */
export async function createReservations(
  deps: ReservationsDeps,
  by: Principal,
  input: CreateInput,
): Promise<ReservationList> {
  const start = moment(input.ConsultationStart, 'ConsultationStart');
  const end = moment(input.ConsultationEnd, 'ConsultationEnd');
  const customerId = input.CustomerId ?? null;
  const series = input.RepeatXWeeks > 0;
  const slots: Slot[] = Array.from({ length: input.RepeatXWeeks + 1 }, (_, week) => ({
    roomId: input.ConsultingRoomId,
    customerId,
    start: addPragueWeeks(start, week),
    end: addPragueWeeks(end, week),
  }));
  requireSameDay(slots);
  const ids = await underConstraint(
    deps.db,
    () => ({ slots, except: [], series }),
    () =>
      transaction(deps.db, async (tx) => {
        const room = await requireRoom(tx, input.ConsultingRoomId, true);
        if (customerId !== null) await requireCustomer(tx, customerId);
        await lockDoctorBookings(tx, [room.doctorId]);
        const clashes = await findClashes(tx, slots);
        if (clashes.length > 0) throw clashError(slots, clashes, series);
        const seriesId = series
          ? Number(
              (await tx.execute<{ id: number }>(sql`select nextval('reservation_series_seq')::bigint as id`))
                .rows[0]?.id,
            )
          : null;
        const inserted = await tx
          .insert(reservations)
          .values(
            slots.map((slot, week) => ({
              consultingRoomId: slot.roomId,
              reservationType: input.ReservationType,
              customerId,
              isFake: input.IsFake,
              consultationStart: slot.start,
              consultationEnd: slot.end,
              seriesId,
              occurrence: week,
              createdBy: by.id,
            })),
          )
          .returning();
        await syncEntrySamples(tx, by, inserted.flatMap(entryCustomer));
        await auditMany(
          tx,
          inserted.map((r) => ({
            entity: 'reservation',
            entityId: r.id,
            changedBy: by.id,
            changes: [
              { field: 'created', oldValue: null, newValue: toPragueIso(r.consultationStart) },
              ...(r.customerId !== null
                ? [{ field: 'customerId', oldValue: null, newValue: r.customerId }]
                : []),
            ],
          })),
        );
        const rows = await rowsByIds(
          tx,
          inserted.map((r) => r.id),
        );
        await mailEachCustomer(tx, deps, 'booked', rows);
        for (const r of inserted) await scheduleReminder(tx, deps.jobs, r);
        return inserted.map((r) => r.id);
      }),
  );
  return { items: await readByIds(deps.db, ids) };
}

// ── Editing and cancelling ─────────────────────────────────────────────────────────────────────

/**
 * The occurrence `id` and, for scope `series`, every later live one of its series that has not begun,
 * locked. A cancelled or unknown occurrence is a 404; one that has begun cannot change (422).
 */
async function lockScope(
  tx: Tx,
  id: number,
  scope: 'one' | 'series',
): Promise<{ target: Stored; rows: Stored[] }> {
  const [target] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update');
  if (!target || target.cancelledAt !== null) throw notFound();
  if (target.consultationStart.getTime() <= Date.now()) throw unprocessable('reservationAlreadyStarted');
  if (scope === 'one' || target.seriesId === null) return { target, rows: [target] };
  const rows = await tx
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.seriesId, target.seriesId),
        gte(reservations.occurrence, target.occurrence),
        live,
        sql`${reservations.consultationStart} > now()`,
      ),
    )
    .orderBy(asc(reservations.occurrence))
    .for('update');
  return { target, rows };
}

/**
 * `PATCH admin/reservations`: the fields given change on the occurrence, or (scope series) on it and
 * every later one of its series. New times move each occurrence to the edited one's new wall-clock
 * time, whole weeks apart (Prague's clock). Every rule of booking holds for the result; the clash
 * check leaves out the occurrences being moved. Changed occurrences raise their SEQUENCE; their
 * customers are told (a customer taken off gets the cancellation), moved ones reminded anew.
 */
export async function editReservations(
  deps: ReservationsDeps,
  by: Principal,
  input: EditInput,
): Promise<ReservationList> {
  const newStart = input.ConsultationStart ? moment(input.ConsultationStart, 'ConsultationStart') : undefined;
  const newEnd = input.ConsultationEnd ? moment(input.ConsultationEnd, 'ConsultationEnd') : undefined;
  let attempt: { slots: Slot[]; except: number[]; series: boolean } = {
    slots: [],
    except: [],
    series: false,
  };
  const changedIds = await underConstraint(
    deps.db,
    () => attempt,
    () =>
      transaction(deps.db, async (tx) => {
        const { target, rows } = await lockScope(tx, input.Id, input.Scope);
        // The edited occurrence's new times; the others follow it a whole number of weeks apart.
        const targetStart = newStart ?? target.consultationStart;
        const targetEnd =
          newEnd ??
          (newStart
            ? new Date(
                newStart.getTime() + (target.consultationEnd.getTime() - target.consultationStart.getTime()),
              )
            : target.consultationEnd);
        if (targetEnd.getTime() <= targetStart.getTime())
          throw invalid('reservationEndBeforeStart', 'ConsultationEnd');
        const moved = newStart !== undefined || newEnd !== undefined;
        const planned = rows.map((before) => {
          const weeks = before.occurrence - target.occurrence;
          const after: Audited = {
            consultingRoomId: input.ConsultingRoomId ?? before.consultingRoomId,
            reservationType: input.ReservationType ?? before.reservationType,
            customerId: input.CustomerId === undefined ? before.customerId : input.CustomerId,
            isFake: input.IsFake ?? before.isFake,
            consultationStart: moved ? addPragueWeeks(targetStart, weeks) : before.consultationStart,
            consultationEnd: moved ? addPragueWeeks(targetEnd, weeks) : before.consultationEnd,
          };
          return { before, after, changes: changesOf(before, after) };
        });
        const changing = planned.filter((p) => p.changes.length > 0);
        if (changing.length === 0) return [];
        for (const { after } of changing) {
          if (after.customerId !== null && after.isFake)
            throw invalid('reservationCustomerAndFake', 'IsFake');
          if (after.consultationStart.getTime() <= Date.now())
            throw invalid('reservationStartInPast', 'ConsultationStart');
        }
        const slots = changing.map(({ after }) => ({
          roomId: after.consultingRoomId,
          customerId: after.customerId,
          start: after.consultationStart,
          end: after.consultationEnd,
        }));
        requireSameDay(slots);
        // Moving into another room, or giving a slot its customer, is a new booking there.
        const doctors: number[] = [];
        for (const { before, after } of changing) {
          const newBooking =
            after.consultingRoomId !== before.consultingRoomId ||
            (after.customerId !== null && after.customerId !== before.customerId);
          doctors.push((await requireRoom(tx, after.consultingRoomId, newBooking)).doctorId);
        }
        if (input.CustomerId) await requireCustomer(tx, input.CustomerId);
        await lockDoctorBookings(tx, doctors);
        attempt = { slots, except: changing.map((p) => p.before.id), series: changing.length > 1 };
        const clashes = await findClashes(tx, attempt.slots, attempt.except);
        if (clashes.length > 0) throw clashError(attempt.slots, clashes, attempt.series);
        const now = new Date();
        for (const { before, after } of changing) {
          const customerChanged = after.customerId !== before.customerId;
          const timeChanged = after.consultationStart.getTime() !== before.consultationStart.getTime();
          await tx
            .update(reservations)
            .set({
              ...after,
              sequence: before.sequence + 1,
              updatedAt: now,
              // Another customer, or another time, is reminded anew.
              ...(customerChanged || timeChanged ? { remindedForStart: null, reminderOutboxId: null } : {}),
            })
            .where(eq(reservations.id, before.id));
        }
        await syncEntrySamples(
          tx,
          by,
          changing.flatMap(({ before, after }) => [...entryCustomer(before), ...entryCustomer(after)]),
        );
        await auditMany(
          tx,
          changing.map(
            ({ before, changes }): AuditEntry => ({
              entity: 'reservation',
              entityId: before.id,
              changedBy: by.id,
              changes,
            }),
          ),
        );
        const after = new Map(
          (
            await rowsByIds(
              tx,
              changing.map((p) => p.before.id),
            )
          ).map((row) => [row.reservation.id, row]),
        );
        // Who hears what: the same customer a change, a new one a booking, the one taken off a cancellation.
        const told: Record<'booked' | 'changed' | 'cancelled', ReservationRow[]> = {
          booked: [],
          changed: [],
          cancelled: [],
        };
        for (const { before } of changing) {
          const row = after.get(before.id);
          if (!row) continue;
          const current = row.reservation.customerId;
          if (current !== null && current === before.customerId) told.changed.push(row);
          else {
            if (current !== null) told.booked.push(row);
            if (before.customerId !== null) {
              const taken = await formerCustomerRow(tx, row, before);
              if (taken) told.cancelled.push(taken);
            }
          }
        }
        await mailEachCustomer(tx, deps, 'changed', told.changed);
        await mailEachCustomer(tx, deps, 'booked', told.booked);
        await mailEachCustomer(tx, deps, 'cancelled', told.cancelled);
        for (const row of [...told.changed, ...told.booked]) {
          const previous = changing.find((p) => p.before.id === row.reservation.id)?.before;
          const r = row.reservation;
          if (
            previous &&
            (previous.consultationStart.getTime() !== r.consultationStart.getTime() ||
              previous.customerId !== r.customerId)
          )
            await scheduleReminder(tx, deps.jobs, r);
        }
        return changing.map((p) => p.before.id);
      }),
  );
  return { items: await readByIds(deps.db, changedIds) };
}

/**
 * The occurrence as its former customer knew it (their name, address and language, its old time and
 * room) with the new SEQUENCE: what their cancellation is about.
 */
async function formerCustomerRow(
  tx: Tx,
  row: ReservationRow,
  before: Stored,
): Promise<ReservationRow | undefined> {
  if (before.customerId === null) return undefined;
  const [customer] = await tx
    .select({
      name: customers.name,
      surname: customers.surname,
      email: customers.email,
      phonePrefix: customers.phonePrefix,
      phone: customers.phone,
      language: customers.language,
    })
    .from(customers)
    .where(eq(customers.id, before.customerId));
  if (!customer) return undefined;
  const [room] = await tx
    .select({
      id: consultingRooms.id,
      name: consultingRooms.name,
      color: consultingRooms.color,
      isEnabled: consultingRooms.isEnabled,
    })
    .from(consultingRooms)
    .where(eq(consultingRooms.id, before.consultingRoomId));
  return {
    ...row,
    reservation: {
      ...before,
      sequence: row.reservation.sequence,
      updatedAt: row.reservation.updatedAt,
    },
    room: room ?? row.room,
    customerName: customer.name,
    customerSurname: customer.surname,
    customerEmail: customer.email,
    customerPhonePrefix: customer.phonePrefix,
    customerPhone: customer.phone,
    customerLanguage: customer.language,
  };
}

/**
 * `DELETE admin/reservations ?Id&Scope`: cancels the occurrence, or it and every later one of its
 * series, in one transaction: kept with `cancelledAt` (the customer's history), the time freed, the
 * SEQUENCE raised, the customer e-mailed a METHOD:CANCEL, an entry consultation's sample [7] → [1],
 * audited. A cancelled occurrence is never reminded (the reminder finds it cancelled).
 */
export async function cancelReservations(
  deps: ReservationsDeps,
  by: Principal,
  input: CancelInput,
): Promise<CancelReservationReply> {
  const cancelled = await transaction(deps.db, async (tx) => {
    const { rows } = await lockScope(tx, input.Id, input.Scope);
    const ids = rows.map((r) => r.id);
    await tx
      .update(reservations)
      .set({
        cancelledAt: new Date(),
        cancelledBy: by.id,
        sequence: sql`${reservations.sequence} + 1`,
        updatedAt: new Date(),
      })
      .where(inArray(reservations.id, ids));
    await syncEntrySamples(tx, by, rows.flatMap(entryCustomer));
    await auditMany(
      tx,
      rows.map((r) => ({
        entity: 'reservation',
        entityId: r.id,
        changedBy: by.id,
        changes: [{ field: 'cancelled', oldValue: null, newValue: toPragueIso(r.consultationStart) }],
      })),
    );
    await mailEachCustomer(tx, deps, 'cancelled', await rowsByIds(tx, ids));
    return ids;
  });
  return { cancelled };
}
