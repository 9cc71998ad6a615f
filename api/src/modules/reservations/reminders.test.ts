import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import { outboxMessages, reservations } from '../../db/schema/index.js';
import { remindConsultation, remindDueConsultations, scheduleReminder } from './notifications.js';
import { consultingRoom, customer, doctorUser, hoursFromNow, outboxOf } from './test-fixtures.js';
import { reservationsWorkers } from './workers.js';

let t: TestApp;
let admin: Record<string, string>;
let reception: Record<string, string>;
let roomId: number;
let roomName: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  reception = await t.authAs(demo.reception);
  const room = await consultingRoom(t, admin, { DoctorId: (await doctorUser(t)).id });
  roomId = room.id;
  roomName = room.name;
});
afterAll(() => t.close());

const deps = () => ({ db: t.db, jobs: t.jobs });

async function book(customerId: number, fromHours: number, toHours: number) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/reservations',
    headers: reception,
    payload: {
      ConsultingRoomId: roomId,
      CustomerId: customerId,
      ConsultationStart: hoursFromNow(fromHours),
      ConsultationEnd: hoursFromNow(toHours),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items[0] as { id: number; consultationStart: string };
}

type JobRow = {
  singleton_key: string;
  start_after: Date;
  state: string;
  data: { reservationId: number; start: string };
};
const jobsOf = async (reservationId: number) =>
  (
    await t.db.execute<JobRow>(
      sql`select singleton_key, start_after, state, data from pgboss.job
          where name = 'consultation-reminder' and (data->>'reservationId')::bigint = ${reservationId}
          order by created_on`,
    )
  ).rows;

const storedStart = async (id: number) =>
  (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

describe('the SMS reminder', () => {
  it('is scheduled 24 hours before the start, or at once when the start is nearer', async () => {
    const client = await customer(t);
    const far = await book(client.id, 72, 73);
    const near = await book(client.id, 3, 4);
    const [farJob] = await jobsOf(far.id);
    const farStart = (await storedStart(far.id)).consultationStart;
    expect(farJob).toMatchObject({ state: 'created', singleton_key: `${far.id}@${farStart.toISOString()}` });
    expect(
      Math.abs(new Date(farJob!.start_after).getTime() - (farStart.getTime() - 86_400_000)),
    ).toBeLessThan(2000);
    const [nearJob] = await jobsOf(near.id);
    expect(Math.abs(new Date(nearJob!.start_after).getTime() - Date.now())).toBeLessThan(10_000);
    // Too early for the far one: its job, were it run now, sends nothing.
    expect(await remindConsultation(deps(), far.id, farJob!.data.start)).toBe(false);
  });

  it('is sent exactly once per occurrence, however often its job runs (retries, restarted workers, the sweep)', async () => {
    const client = await customer(t, { language: 'en' });
    const booked = await book(client.id, 2, 3);
    // The job as pg-boss hands it to a worker.
    const fetched =
      (await t.jobs.boss.fetch<{ reservationId: number; start: string }>('consultation-reminder', {
        batchSize: 100,
      })) ?? [];
    const job = fetched.find((j) => j.data.reservationId === booked.id);
    expect(job).toBeDefined();
    const results = [
      await remindConsultation(deps(), job!.data.reservationId, job!.data.start),
      await remindConsultation(deps(), job!.data.reservationId, job!.data.start),
      ...(await Promise.all(
        Array.from({ length: 5 }, () => remindConsultation(deps(), job!.data.reservationId, job!.data.start)),
      )),
    ];
    expect(results.filter(Boolean)).toHaveLength(1);
    await remindDueConsultations(deps());
    const sms = await outboxOf(t, client.id, 'consultation-reminder');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'sms', recipient: '+420777123456', language: 'en' });
    expect(sms[0]!.bodyText).toContain('GenoDesk: a reminder of your consultation');
    expect(sms[0]!.bodyText).toContain(roomName);
    const row = await storedStart(booked.id);
    expect(row.remindedForStart?.getTime()).toBe(row.consultationStart.getTime());
    expect(row.reminderOutboxId).toBe(sms[0]!.id);
    // Scheduling it again while one waits adds no second job (one per occurrence and start).
    await transaction(t.db, (tx) => scheduleReminder(tx, t.jobs, row));
    await transaction(t.db, (tx) => scheduleReminder(tx, t.jobs, row));
    const waiting = (await jobsOf(booked.id)).filter((j) => j.state === 'created');
    expect(waiting.length).toBeLessThanOrEqual(1);
  });

  it('reminds a moved occurrence again for its new time, once; the old job sends nothing', async () => {
    const client = await customer(t);
    const booked = await book(client.id, 5, 6);
    const [first] = await jobsOf(booked.id);
    expect(await remindConsultation(deps(), booked.id, first!.data.start)).toBe(true);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/reservations',
      headers: reception,
      payload: { Id: booked.id, ConsultationStart: hoursFromNow(7), ConsultationEnd: hoursFromNow(8) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const jobs = await jobsOf(booked.id);
    expect(new Set(jobs.map((j) => j.singleton_key)).size).toBe(2);
    const second = jobs.find((j) => j.data.start !== first!.data.start)!;
    expect(await remindConsultation(deps(), booked.id, first!.data.start)).toBe(false);
    expect(await remindConsultation(deps(), booked.id, second.data.start)).toBe(true);
    expect(await remindConsultation(deps(), booked.id, second.data.start)).toBe(false);
    await remindDueConsultations(deps());
    expect(await outboxOf(t, client.id, 'consultation-reminder')).toHaveLength(2);
  });

  it('never reminds a cancelled occurrence, nor one without a number to text', async () => {
    const client = await customer(t);
    const booked = await book(client.id, 9, 10);
    const [job] = await jobsOf(booked.id);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/reservations?Id=${booked.id}`,
      headers: reception,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await remindConsultation(deps(), booked.id, job!.data.start)).toBe(false);
    await remindDueConsultations(deps());
    expect(await outboxOf(t, client.id, 'consultation-reminder')).toHaveLength(0);

    const silent = await customer(t, { phone: 'none' });
    const other = await book(silent.id, 11, 12);
    const [otherJob] = await jobsOf(other.id);
    expect(await remindConsultation(deps(), other.id, otherJob!.data.start)).toBe(false);
    expect((await storedStart(other.id)).remindedForStart).not.toBeNull();
    expect(await outboxOf(t, silent.id, 'consultation-reminder')).toHaveLength(0);
    expect(await remindConsultation(deps(), 999_999)).toBe(false);
  });

  it('the sweep reminds consultations of the next 24 hours that no job reminded (e.g. booked by the demo seed)', async () => {
    const client = await customer(t);
    const start = new Date(Date.now() + 5 * 3_600_000);
    const [seeded] = await t.db
      .insert(reservations)
      .values({
        consultingRoomId: roomId,
        customerId: client.id,
        consultationStart: start,
        consultationEnd: new Date(start.getTime() + 1_800_000),
      })
      .returning();
    const [later] = await t.db
      .insert(reservations)
      .values({
        consultingRoomId: roomId,
        customerId: client.id,
        consultationStart: new Date(Date.now() + 30 * 3_600_000),
        consultationEnd: new Date(Date.now() + 31 * 3_600_000),
      })
      .returning();
    await remindDueConsultations(deps());
    await remindDueConsultations(deps());
    const sms = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.customerId, client.id), eq(outboxMessages.kind, 'consultation-reminder')));
    expect(sms).toHaveLength(1);
    expect((await storedStart(seeded!.id)).remindedForStart).not.toBeNull();
    expect((await storedStart(later!.id)).remindedForStart).toBeNull();
  });

  it('goes out once through the real workers, also when they restart and the same job comes again', async () => {
    const client = await customer(t);
    const booked = await book(client.id, 13, 14);
    const start = (await storedStart(booked.id)).consultationStart.toISOString();
    const until = async (done: () => Promise<boolean>) => {
      for (const deadline = Date.now() + 40_000; Date.now() < deadline; ) {
        if (await done()) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('timed out');
    };
    const settled = async () => {
      const jobs = await jobsOf(booked.id);
      return jobs.length > 0 && jobs.every((j) => j.state === 'completed');
    };
    const stopWorkers = async () => {
      await t.jobs.boss.offWork('consultation-reminder');
      await t.jobs.boss.offWork('consultation-reminders');
    };
    await reservationsWorkers({ jobs: t.jobs, db: t.db, config: t.config });
    await until(settled);
    await stopWorkers();
    expect(await jobsOf(booked.id)).toHaveLength(1);
    expect(await outboxOf(t, client.id, 'consultation-reminder')).toHaveLength(1);
    // A retry after a crash hands the job over again; the restarted workers take it.
    await t.jobs.boss.send(
      'consultation-reminder',
      { reservationId: booked.id, start },
      { singletonKey: `${booked.id}@${start}` },
    );
    expect((await jobsOf(booked.id)).some((j) => j.state === 'created')).toBe(true);
    await reservationsWorkers({ jobs: t.jobs, db: t.db, config: t.config });
    await until(settled);
    await stopWorkers();
    expect(await jobsOf(booked.id)).toHaveLength(2);
    expect(await outboxOf(t, client.id, 'consultation-reminder')).toHaveLength(1);
  }, 90_000);
});
