import {
  addPragueWeeks,
  fromPragueWallTime,
  pragueDay,
  ReservationType,
  SampleStatus,
} from '@genodesk/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { consultingRooms, customers, reservations, samples, users } from '../db/schema/index.js';
import { prng } from './customers.js';

/**
 * The reservations calendar: three consulting rooms with their doctors and colours; a month back and a
 * month ahead of working days with consultations of every type, blocked and free slots; and two weekly
 * series, one of them across the daylight-saving change nearest to the day of seeding. Customers whose
 * sample is reserved for the entry consultation [7] have theirs ahead; those taken at it [5] had it.
 * Nothing is e-mailed; the reminder sweep texts those of the next 24 hours once the workers run.
 */
export const demoRooms = [
  {
    name: 'Ambulance 1 – Vinohrady',
    doctor: 'doctor@genodesk.test',
    color: 2,
    opensAt: '08:00',
    closesAt: '18:00',
  },
  {
    name: 'Ambulance 2 – Karlín',
    doctor: 'doctor2@genodesk.test',
    color: 6,
    opensAt: '07:30',
    closesAt: '16:00',
  },
  {
    name: 'Ambulance 3 – Smíchov',
    doctor: 'doctor3@genodesk.test',
    color: 8,
    opensAt: '09:00',
    closesAt: '19:00',
  },
] as const;

/** Consultation starts of a working day (Prague's clock) and their length. */
const dayHours = [9, 10, 11, 13, 14, 15];
const lengthMinutes = 45;

const at = (day: string, hour: number, minute = 0) => {
  const [year, month, date] = day.split('-').map(Number);
  return fromPragueWallTime({
    year: year ?? 0,
    month: month ?? 1,
    day: date ?? 1,
    hour,
    minute,
    second: 0,
    millisecond: 0,
  });
};

/** The last Sunday of a month: Europe's daylight-saving changes (March and October). */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - last.getUTCDay());
  return last.toISOString().slice(0, 10);
}

/** The daylight-saving change nearest to `now` (before or after it). */
export function nearestDstChange(now: Date): string {
  const year = now.getUTCFullYear();
  const changes = [year - 1, year, year + 1].flatMap((y) => [lastSunday(y, 3), lastSunday(y, 10)]);
  const distance = (day: string) => Math.abs(new Date(`${day}T12:00:00Z`).getTime() - now.getTime());
  return changes.reduce((best, day) => (distance(day) < distance(best) ? day : best));
}

type NewReservation = typeof reservations.$inferInsert;

export async function seedReservations(db: Executor, now = new Date()): Promise<void> {
  const random = prng(13);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const doctors = new Map(
    (
      await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            demoRooms.map((r) => r.doctor),
          ),
        )
    ).map((u) => [u.email, u.id]),
  );
  const [reception] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'reception@genodesk.test'));
  const rooms = await db
    .insert(consultingRooms)
    .values(
      demoRooms.map((room) => {
        const doctorId = doctors.get(room.doctor);
        if (!doctorId) throw new Error(`demo doctor ${room.doctor} is missing`);
        return {
          name: room.name,
          color: room.color,
          doctorId,
          opensAt: room.opensAt,
          closesAt: room.closesAt,
        };
      }),
    )
    .returning({ id: consultingRooms.id });

  // Customers by what their sample waits for: [7] has the entry consultation ahead, [5] had it,
  // [1] has none yet (the screens book it); the others take standard and exit consultations.
  const withSample = await db
    .select({ id: customers.id, status: samples.status })
    .from(customers)
    .leftJoin(samples, eq(samples.customerId, customers.id))
    .orderBy(asc(customers.id));
  const reserved = withSample
    .filter((c) => c.status === SampleStatus.ConsultationForSamplingReserved)
    .map((c) => c.id);
  const taken = withSample.filter((c) => c.status === SampleStatus.TakenAtEntryConsultation).map((c) => c.id);
  const waiting = new Set(
    withSample.filter((c) => c.status === SampleStatus.ToBeTakenAtEntryConsultation).map((c) => c.id),
  );
  const others = [...new Set(withSample.map((c) => c.id))].filter(
    (id) => !waiting.has(id) && !reserved.includes(id) && !taken.includes(id),
  );

  const rows: NewReservation[] = [];
  const today = pragueDay(now);
  const dayOffset = (day: string, days: number) =>
    pragueDay(new Date(at(day, 12).getTime() + days * 86_400_000));
  const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
  const createdBy = reception?.id ?? null;
  const busy = new Set<string>();
  for (let offset = -30; offset <= 30; offset++) {
    const day = dayOffset(today, offset);
    if (weekdayOf(day) === 0 || weekdayOf(day) === 6) continue;
    for (const room of rooms) {
      for (const hour of dayHours) {
        const start = at(day, hour);
        const base = {
          consultingRoomId: room.id,
          consultationStart: start,
          consultationEnd: new Date(start.getTime() + lengthMinutes * 60_000),
          createdBy,
        };
        const past = start.getTime() < now.getTime();
        const roll = random();
        if (roll < 0.5) {
          // A consultation: the entry ones go to the customers whose sample waits on it. A customer is
          // in one room at a time (the rooms' hours are the same, so a clash is the same start).
          const queue = past ? taken : reserved;
          const next = queue.findIndex((id) => !busy.has(`${id} ${start.getTime()}`));
          const entryFor = next < 0 ? undefined : queue.splice(next, 1)[0];
          // Drawn like `pick(others)`, the next one when the drawn one is busy then.
          const drawn =
            entryFor === undefined && others.length > 0 ? Math.floor(random() * others.length) : 0;
          const other =
            entryFor === undefined
              ? others
                  .map((_, k) => others[(drawn + k) % others.length] as number)
                  .find((id) => !busy.has(`${id} ${start.getTime()}`))
              : undefined;
          const customerId = entryFor ?? other;
          if (customerId !== undefined) busy.add(`${customerId} ${start.getTime()}`);
          if (entryFor !== undefined)
            rows.push({ ...base, customerId: entryFor, reservationType: ReservationType.Entry });
          else if (other !== undefined)
            rows.push({
              ...base,
              customerId: other,
              reservationType: pick([
                ReservationType.Standard,
                ReservationType.Standard,
                ReservationType.Entry,
                ReservationType.Exit,
              ]),
            });
        } else if (roll < 0.65) rows.push({ ...base, isFake: true });
        else if (roll < 0.85 && !past) rows.push(base);
      }
    }
  }
  // Customers still owed their entry consultation: 10 minutes each before the day's hours, in two days.
  reserved.forEach((customerId, i) => {
    const start = new Date(at(dayOffset(today, 2), 7).getTime() + i * 12 * 60_000);
    rows.push({
      consultingRoomId: rooms[0]!.id,
      customerId,
      reservationType: ReservationType.Entry,
      consultationStart: start,
      consultationEnd: new Date(start.getTime() + 10 * 60_000),
      createdBy,
    });
  });

  // Two weekly series after the working hours: a customer every Tuesday at 16:00 from three weeks
  // back, and another every Thursday at 17:00 across the nearest daylight-saving change.
  const series = async (
    firstDay: string,
    hour: number,
    weeks: number,
    party: Partial<NewReservation>,
    roomId: number,
  ) => {
    const { rows: next } = await db.execute<{ id: number }>(
      sql`select nextval('reservation_series_seq')::bigint as id`,
    );
    const first = at(firstDay, hour);
    for (let week = 0; week < weeks; week++) {
      const start = addPragueWeeks(first, week);
      rows.push({
        consultingRoomId: roomId,
        reservationType: ReservationType.Standard,
        consultationStart: start,
        consultationEnd: addPragueWeeks(new Date(first.getTime() + 60 * 60_000), week),
        seriesId: Number(next[0]?.id),
        occurrence: week,
        createdBy,
        ...party,
      });
    }
  };
  const threeWeeksAgo = dayOffset(today, -21);
  const tuesday = dayOffset(threeWeeksAgo, (2 - weekdayOf(threeWeeksAgo) + 7) % 7);
  await series(tuesday, 16, 8, others[0] === undefined ? {} : { customerId: others[0] }, rooms[1]!.id);
  // The change is on a Sunday: the Thursday 17 days before it, and five more weeks past it.
  await series(dayOffset(nearestDstChange(now), -17), 17, 6, { customerId: others[1] ?? null }, rooms[2]!.id);

  for (let start = 0; start < rows.length; start += 1000)
    await db.insert(reservations).values(rows.slice(start, start + 1000));
}
