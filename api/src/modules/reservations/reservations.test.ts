import { SampleStatus } from '@genodesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, prop, propOf } from '../../../test/icalendar.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { auditLog, reservations, samples } from '../../db/schema/index.js';
import { demoPassword } from '../../seed/demo.js';
import {
  calendarOf,
  consultingRoom,
  customer,
  doctorUser,
  hoursFromNow,
  momentText,
  outboxOf,
  pragueHours,
  pragueLocal,
} from './test-fixtures.js';

let t: TestApp;
let admin: Record<string, string>;
let reception: Record<string, string>;
let lab: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  reception = await t.authAs(demo.reception);
  lab = await t.authAs(demo.lab);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = reception, locale = 'cs') =>
  t.app.inject({ method, url, payload, headers: { ...headers, 'accept-language': locale } });

/** A room of its own doctor: a doctor is in one room at a time, so tests sharing one would clash. */
const room = async () => consultingRoom(t, admin, { DoctorId: (await doctorUser(t)).id });

type Occurrence = {
  id: number;
  seriesId: number | null;
  occurrence: number;
  consultationStart: string;
  consultationEnd: string;
  sequence: number;
  kind: string;
  customerId: number | null;
  cancelledAt: string | null;
};

async function book(fields: Record<string, unknown>, headers = reception) {
  const response = await call('PUT', '/api/admin/reservations', fields, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Occurrence[];
}

/** Hours after tomorrow's Prague midnight on the wall clock (negative: before now). */
const at = (hours: number) => (hours < 0 ? hoursFromNow(hours) : pragueHours(hours));
const slot = (roomId: number, fromHours: number, toHours: number, more: Record<string, unknown> = {}) => ({
  ConsultingRoomId: roomId,
  ConsultationStart: at(fromHours),
  ConsultationEnd: at(toHours),
  ...more,
});

describe('booking', () => {
  it('books a customer: the occurrence in Prague time with its offset, the e-mail with an iCalendar invitation, audited', async () => {
    const r = await room();
    const client = await customer(t, { language: 'en' });
    const [booked] = await book({
      ConsultingRoomId: r.id,
      ReservationType: 0,
      CustomerId: client.id,
      IsFake: false,
      ConsultationStart: pragueLocal(3, '10:00'),
      ConsultationEnd: pragueLocal(3, '11:00'),
      RepeatXWeeks: 0,
    });
    expect(booked).toMatchObject({
      kind: 'booked',
      customerId: client.id,
      seriesId: null,
      occurrence: 0,
      sequence: 0,
      cancelledAt: null,
      customer: { id: client.id, fullName: client.fullName, email: client.email, phone: '+420777123456' },
      consultingRoom: { id: r.id, name: r.name },
      doctor: { id: r.doctorId },
    });
    expect(booked!.consultationStart).toMatch(/T10:00:00\+0[12]:00$/);
    expect((await call('GET', `/api/admin/reservations/${booked!.id}`)).json()).toEqual(booked);

    const [mail] = await outboxOf(t, client.id, 'consultation-booked');
    expect(mail).toMatchObject({ channel: 'email', recipient: client.email, language: 'en' });
    expect(mail!.bodyText).toContain(`Consulting room: ${r.name}`);
    expect(mail!.bodyText).toContain('Standard consultation');
    const { calendar, contentType, filename } = calendarOf(mail!);
    expect(contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(filename).toBe('consultation.ics');
    expect(prop(calendar, 'METHOD')).toBe('REQUEST');
    const [event] = events(calendar);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, booked!.id));
    expect(prop(event!, 'UID')).toBe(`${row!.uid}@genodesk`);
    expect(prop(event!, 'SEQUENCE')).toBe('0');
    expect(prop(event!, 'STATUS')).toBe('CONFIRMED');
    expect(prop(event!, 'DTSTART')).toBe(
      row!.consultationStart.toISOString().replace(/[-:]/g, '').replace('.000', ''),
    );
    expect(prop(event!, 'LOCATION')).toBe(r.name);
    expect(propOf(event!, 'ATTENDEE')?.value).toBe(`mailto:${client.email}`);
    expect(propOf(event!, 'ORGANIZER')?.value).toBe('mailto:no-reply@genodesk.test');

    const audited = await t.db
      .select({ field: auditLog.field })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reservation'), eq(auditLog.entityId, booked!.id)));
    expect(audited.map((a) => a.field).sort()).toEqual(['created', 'customerId']);
  });

  it('books a blocked slot (fake) and a free slot, neither e-mailing anyone', async () => {
    const r = await room();
    const [blocked] = await book(slot(r.id, 30, 31, { IsFake: true }));
    const [free] = await book(slot(r.id, 31, 32));
    expect(blocked).toMatchObject({ kind: 'blocked', customerId: null });
    expect(free).toMatchObject({ kind: 'free', customerId: null });
  });

  it('keeps every rule, each with its message', async () => {
    const r = await room();
    const client = await customer(t);
    const expectField = async (
      fields: object,
      status: number,
      field: string,
      message: string,
      locale = 'cs',
    ) => {
      const response = await call('PUT', '/api/admin/reservations', fields, reception, locale);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.fields[field], response.body).toBe(message);
    };
    await expectField(slot(r.id, -2, 1), 400, 'ConsultationStart', 'Rezervace musí začínat v budoucnosti!');
    await expectField(
      slot(r.id, -2, 1),
      400,
      'ConsultationStart',
      'A reservation must begin in the future!',
      'en',
    );
    await expectField(slot(r.id, 5, 4), 400, 'ConsultationEnd', 'Rezervace musí končit později, než začíná!');
    await expectField(slot(r.id, 5, 5), 400, 'ConsultationEnd', 'Rezervace musí končit později, než začíná!');
    await expectField(
      slot(r.id, 5, 6, { CustomerId: client.id, IsFake: true }),
      400,
      'IsFake',
      'Rezervace nemůže mít zákazníka a zároveň být obsazená bez klienta!',
    );
    const { ConsultingRoomId: _, ...noRoom } = slot(r.id, 5, 6);
    await expectField(noRoom, 400, 'ConsultingRoomId', 'Musíte vybrat ambulanci!');
    await expectField(slot(0, 5, 6), 400, 'ConsultingRoomId', 'Musíte vybrat ambulanci!');
    await expectField(slot(999999, 5, 6), 422, 'ConsultingRoomId', 'Musíte vybrat ambulanci!');
    await expectField(
      slot(r.id, 5, 6, { RepeatXWeeks: -1 }),
      400,
      'RepeatXWeeks',
      'Opakování musí být aspoň 0!',
    );
    await expectField(
      slot(r.id, 5, 6, { RepeatXWeeks: 13 }),
      400,
      'RepeatXWeeks',
      'Opakování může být nejvýš 12 týdnů!',
    );
    await expectField(
      slot(r.id, 5, 6, { ReservationType: 3 }),
      400,
      'ReservationType',
      'Musíte zvolit jednu možnost!',
    );
    await expectField(slot(r.id, 5, 6, { CustomerId: 999999 }), 422, 'CustomerId', 'Záznam nebyl nalezen.');
    await expectField(
      { ...slot(r.id, 5, 6), ConsultationStart: '2026-02-30T10:00' },
      400,
      'ConsultationStart',
      'Neplatné datum!',
    );
    // Nothing of it was stored.
    const stored = await t.db.select().from(reservations).where(eq(reservations.consultingRoomId, r.id));
    expect(stored).toHaveLength(0);
    // Twelve repeats are the most, and fine.
    expect(await book(slot(r.id, 5, 6, { RepeatXWeeks: 12 }))).toHaveLength(13);
  });

  it('takes no new bookings in a disabled room, which keeps its existing ones in the calendar', async () => {
    const r = await room();
    const [kept] = await book(slot(r.id, 10, 11));
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/api/admin/consultingrooms',
      headers: admin,
      payload: { Id: r.id, Name: r.name, DoctorId: r.doctorId, IsEnabled: false },
    });
    expect(disabled.statusCode).toBe(200);
    const refused = await call('PUT', '/api/admin/reservations', slot(r.id, 12, 13));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Ambulance je vypnutá a nepřijímá nové rezervace!');
    const week = await call(
      'GET',
      `/api/admin/reservations?From=${encodeURIComponent(at(0))}&To=${encodeURIComponent(at(48))}&ConsultingRoomIds=${r.id}`,
    );
    expect(week.json().items.map((o: Occurrence) => o.id)).toEqual([kept!.id]);
  });

  it('refuses an overlap in the same room with one message; back-to-back and other rooms are fine', async () => {
    const r = await room();
    const other = await room();
    await book(slot(r.id, 20, 22));
    const clash = await call('PUT', '/api/admin/reservations', slot(r.id, 21, 23));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Ambulance je v tomto čase již obsazená!',
    });
    const inside = await call('PUT', '/api/admin/reservations', slot(r.id, 20.5, 21), reception, 'en');
    expect(inside.json().error.message).toBe('The consulting room is already busy at this time!');
    await book(slot(r.id, 22, 23));
    await book(slot(r.id, 19, 20));
    await book(slot(other.id, 20, 22));
  });

  it('creates a series all or nothing, and its clash names the clashing dates', async () => {
    const r = await room();
    const busy = await book({
      ConsultingRoomId: r.id,
      ConsultationStart: pragueLocal(15, '09:30'),
      ConsultationEnd: pragueLocal(15, '10:30'),
    });
    const clash = await call('PUT', '/api/admin/reservations', {
      ConsultingRoomId: r.id,
      ConsultationStart: pragueLocal(1, '10:00'),
      ConsultationEnd: pragueLocal(1, '11:00'),
      RepeatXWeeks: 3,
    });
    expect(clash.statusCode).toBe(409);
    // The clashing moment on the Prague clock, written as each reader's language writes it.
    expect(clash.json().error.message).toBe(
      `Ambulance je v některých termínech opakování již obsazená: ${momentText(pragueLocal(15, '10:00'))}`,
    );
    const inEnglish = await call(
      'PUT',
      '/api/admin/reservations',
      {
        ConsultingRoomId: r.id,
        ConsultationStart: pragueLocal(1, '10:00'),
        ConsultationEnd: pragueLocal(1, '11:00'),
        RepeatXWeeks: 3,
      },
      undefined,
      'en',
    );
    expect(inEnglish.json().error.message).toBe(
      `The consulting room is already busy on some of the recurring dates: ${momentText(pragueLocal(15, '10:00'), 'en')}`,
    );
    const stored = await t.db.select().from(reservations).where(eq(reservations.consultingRoomId, r.id));
    expect(stored.map((s) => s.id)).toEqual([busy[0]!.id]);
    const series = await book({
      ConsultingRoomId: r.id,
      ConsultationStart: pragueLocal(1, '12:00'),
      ConsultationEnd: pragueLocal(1, '13:00'),
      RepeatXWeeks: 3,
    });
    expect(series.map((o) => o.occurrence)).toEqual([0, 1, 2, 3]);
    expect(new Set(series.map((o) => o.seriesId)).size).toBe(1);
    expect(series[0]!.seriesId).not.toBeNull();
  });

  it('keeps 10:00 at 10:00 on Prague’s clock across the March and October changes', async () => {
    const r = await room();
    const year = new Date().getUTCFullYear() + 1;
    const lastSunday = (month: number) => {
      const last = new Date(Date.UTC(year, month, 0));
      return last.getUTCDate() - last.getUTCDay();
    };
    const day = (month: number, date: number) =>
      `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
    // Two Mondays before the change, then weekly past it.
    const march = await book({
      ConsultingRoomId: r.id,
      ConsultationStart: `${day(3, lastSunday(3) - 13)}T10:00`,
      ConsultationEnd: `${day(3, lastSunday(3) - 13)}T11:00`,
      RepeatXWeeks: 3,
    });
    expect(march.map((o) => o.consultationStart.slice(11))).toEqual([
      '10:00:00+01:00',
      '10:00:00+01:00',
      '10:00:00+02:00',
      '10:00:00+02:00',
    ]);
    expect(march.map((o) => o.consultationEnd.slice(11, 16))).toEqual(['11:00', '11:00', '11:00', '11:00']);
    const utcHours = march.map((o) => new Date(o.consultationStart).getUTCHours());
    expect(utcHours).toEqual([9, 9, 8, 8]);
    const october = await book({
      ConsultingRoomId: r.id,
      ConsultationStart: `${day(10, lastSunday(10) - 13)}T10:00+02:00`,
      ConsultationEnd: `${day(10, lastSunday(10) - 13)}T11:00+02:00`,
      RepeatXWeeks: 2,
    });
    expect(october.map((o) => o.consultationStart.slice(11))).toEqual([
      '10:00:00+02:00',
      '10:00:00+02:00',
      '10:00:00+01:00',
    ]);
    expect(october.map((o) => new Date(o.consultationStart).getUTCHours())).toEqual([8, 8, 9]);
  });

  it('lets exactly one of 50 concurrent bookings of one slot through; the 49 others get a clean 409', async () => {
    const r = await room();
    const clients = await Promise.all(Array.from({ length: 50 }, () => customer(t)));
    const responses = await Promise.all(
      clients.map((c) => call('PUT', '/api/admin/reservations', slot(r.id, 40, 41, { CustomerId: c.id }))),
    );
    const statuses = responses.map((response) => response.statusCode);
    const answers = responses.map((response) => `${response.statusCode} ${response.body.slice(0, 120)}`);
    expect(
      statuses.filter((s) => s === 200),
      answers.join('\n'),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      answers.join('\n'),
    ).toHaveLength(49);
    for (const response of responses.filter((x) => x.statusCode === 409))
      expect(response.json().error.message).toBe('Ambulance je v tomto čase již obsazená!');
    const stored = await t.db.select().from(reservations).where(eq(reservations.consultingRoomId, r.id));
    expect(stored).toHaveLength(1);
    // Only the winner was told.
    const winner = stored[0]!.customerId!;
    for (const c of clients) expect(await outboxOf(t, c.id)).toHaveLength(c.id === winner ? 1 : 0);
  });

  it('lets only holders of Reservations.View book or read', async () => {
    const r = await room();
    expect((await call('PUT', '/api/admin/reservations', slot(r.id, 5, 6), lab)).statusCode).toBe(403);
    expect(
      (await call('GET', '/api/admin/reservations?From=2026-01-01&To=2026-01-08', undefined, lab)).statusCode,
    ).toBe(403);
    const doctor = await t.authAs(demo.doctor);
    await book(slot(r.id, 5, 6), doctor);
  });
});

describe('the calendar', () => {
  it('answers the occurrences overlapping a range, of the rooms asked for, without cancelled ones', async () => {
    const a = await room();
    const b = await room();
    const [first] = await book(slot(a.id, 50, 51));
    const [second] = await book(slot(b.id, 52, 53));
    const [cancelled] = await book(slot(a.id, 54, 55));
    const [later] = await book(slot(a.id, 80, 81));
    expect((await call('DELETE', `/api/admin/reservations?Id=${cancelled!.id}`)).statusCode).toBe(200);
    const range = (rooms: string) =>
      `/api/admin/reservations?From=${encodeURIComponent(at(50.5))}&To=${encodeURIComponent(at(60))}${rooms}`;
    const both = (await call('GET', range(`&ConsultingRoomIds=${a.id},${b.id}`))).json()
      .items as Occurrence[];
    expect(both.map((o) => o.id)).toEqual([first!.id, second!.id]);
    const onlyB = (await call('GET', range(`&ConsultingRoomIds=${b.id}`))).json().items as Occurrence[];
    expect(onlyB.map((o) => o.id)).toEqual([second!.id]);
    const repeated = (await call('GET', range(`&ConsultingRoomIds=${a.id}&ConsultingRoomIds=${b.id}`))).json()
      .items;
    expect(repeated).toHaveLength(2);
    const all = (await call('GET', range(''))).json().items as Occurrence[];
    expect(all.map((o) => o.id)).toEqual(expect.arrayContaining([first!.id, second!.id]));
    expect(all.map((o) => o.id)).not.toContain(later!.id);
    const days = await call('GET', '/api/admin/reservations?From=2026-01-01&To=2026-06-01');
    expect(days.statusCode).toBe(400);
    expect(days.json().error.fields.To).toBe('Rozsah může mít nejvýš 100 dní!');
    const backwards = await call('GET', '/api/admin/reservations?From=2026-02-01&To=2026-01-01');
    expect(backwards.json().error.fields.To).toBe('Konec rozsahu musí být po jeho začátku!');
    expect((await call('GET', '/api/admin/reservations/999999')).statusCode).toBe(404);
  });
});

describe('changing', () => {
  it('moves one occurrence: SEQUENCE raised, same UID, the customer told with a new invitation', async () => {
    const r = await room();
    const client = await customer(t);
    const [booked] = await book(slot(r.id, 60, 61, { CustomerId: client.id }));
    const moved = await call('PATCH', '/api/admin/reservations', {
      Id: booked!.id,
      Scope: 'one',
      ConsultationStart: at(62),
      ConsultationEnd: at(63.5),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = moved.json().items as Occurrence[];
    expect(after).toMatchObject({ id: booked!.id, sequence: 1 });
    const [changed] = await outboxOf(t, client.id, 'consultation-changed');
    const { calendar } = calendarOf(changed!);
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, booked!.id));
    const [event] = events(calendar);
    expect(prop(event!, 'UID')).toBe(`${row!.uid}@genodesk`);
    expect(prop(event!, 'SEQUENCE')).toBe('1');
    expect(new Date(after!.consultationEnd).getTime() - new Date(after!.consultationStart).getTime()).toBe(
      1.5 * 3_600_000,
    );
    // Only a start keeps the length; nothing changed writes nothing.
    const startOnly = await call('PATCH', '/api/admin/reservations', {
      Id: booked!.id,
      ConsultationStart: at(70),
    });
    const [shifted] = startOnly.json().items as Occurrence[];
    expect(
      new Date(shifted!.consultationEnd).getTime() - new Date(shifted!.consultationStart).getTime(),
    ).toBe(1.5 * 3_600_000);
    const same = await call('PATCH', '/api/admin/reservations', { Id: booked!.id, ReservationType: 0 });
    expect(same.json().items).toEqual([]);
    const fields = (
      await t.db
        .select({ field: auditLog.field })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'reservation'), eq(auditLog.entityId, booked!.id)))
    ).map((a) => a.field);
    expect(fields.filter((f) => f === 'consultationStart')).toHaveLength(2);
  });

  it('refuses a change into a clash, into the past, or with both a customer and fake; a begun one is read-only', async () => {
    const r = await room();
    const client = await customer(t);
    const [a] = await book(slot(r.id, 70, 71, { CustomerId: client.id }));
    await book(slot(r.id, 72, 73));
    const [blocked] = await book(slot(r.id, 74, 75, { IsFake: true }));
    const clash = await call('PATCH', '/api/admin/reservations', {
      Id: a!.id,
      ConsultationStart: at(72.5),
      ConsultationEnd: at(73.5),
    });
    expect(clash.statusCode).toBe(409);
    // 72–73 is a free slot: the customer is to be given it, not booked over it.
    expect(clash.json().error.message).toBe(
      'V tomto čase má ambulance vypsaný volný termín. Otevřete ho v kalendáři a přiřaďte do něj zákazníka.',
    );
    const onBlocked = await call('PATCH', '/api/admin/reservations', {
      Id: a!.id,
      ConsultationStart: at(74.5),
      ConsultationEnd: at(75.5),
    });
    expect(onBlocked.json().error.message).toBe('Ambulance je v tomto čase již obsazená!');
    const past = await call('PATCH', '/api/admin/reservations', {
      Id: a!.id,
      ConsultationStart: hoursFromNow(-1),
    });
    expect(past.json().error.fields.ConsultationStart).toBe('Rezervace musí začínat v budoucnosti!');
    const endFirst = await call('PATCH', '/api/admin/reservations', {
      Id: a!.id,
      ConsultationEnd: at(69),
    });
    expect(endFirst.json().error.fields.ConsultationEnd).toBe('Rezervace musí končit později, než začíná!');
    const both = await call('PATCH', '/api/admin/reservations', { Id: blocked!.id, CustomerId: client.id });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields.IsFake).toBe(
      'Rezervace nemůže mít zákazníka a zároveň být obsazená bez klienta!',
    );
    const booked = await call('PATCH', '/api/admin/reservations', {
      Id: blocked!.id,
      CustomerId: client.id,
      IsFake: false,
    });
    expect(booked.json().items[0]).toMatchObject({ kind: 'booked', customerId: client.id });
    const [begun] = await t.db
      .insert(reservations)
      .values({
        consultingRoomId: r.id,
        consultationStart: new Date(Date.now() - 600_000),
        consultationEnd: new Date(Date.now() + 600_000),
      })
      .returning();
    const late = await call('PATCH', '/api/admin/reservations', { Id: begun!.id, ReservationType: 1 });
    expect(late.statusCode).toBe(422);
    expect(late.json().error.message).toBe(
      'Konzultace již začala nebo proběhla, nelze ji změnit ani zrušit.',
    );
    expect((await call('DELETE', `/api/admin/reservations?Id=${begun!.id}`)).statusCode).toBe(422);
    expect(
      (await call('PATCH', '/api/admin/reservations', { Id: 999999, ReservationType: 1 })).statusCode,
    ).toBe(404);
  });

  it('edits a series from an occurrence on (scope series), each moved to the new wall-clock time a week apart', async () => {
    const r = await room();
    const client = await customer(t);
    const series = await book({
      ConsultingRoomId: r.id,
      CustomerId: client.id,
      ConsultationStart: pragueLocal(2, '08:00'),
      ConsultationEnd: pragueLocal(2, '09:00'),
      RepeatXWeeks: 3,
    });
    const third = series[2]!;
    const edited = await call('PATCH', '/api/admin/reservations', {
      Id: third.id,
      Scope: 'series',
      ConsultationStart: pragueLocal(16, '14:00'),
      ConsultationEnd: pragueLocal(16, '15:30'),
      ReservationType: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = edited.json().items as (Occurrence & { reservationType: number })[];
    expect(changed.map((o) => o.occurrence)).toEqual([2, 3]);
    expect(changed.map((o) => o.consultationStart.slice(11, 16))).toEqual(['14:00', '14:00']);
    expect(changed.map((o) => o.consultationEnd.slice(11, 16))).toEqual(['15:30', '15:30']);
    expect(changed.map((o) => o.reservationType)).toEqual([2, 2]);
    expect(changed[1]!.consultationStart.slice(0, 10)).toBe(pragueLocal(23, '').slice(0, 10));
    const untouched = await Promise.all(
      series.slice(0, 2).map(async (o) => (await call('GET', `/api/admin/reservations/${o.id}`)).json()),
    );
    expect(untouched.map((o) => o.consultationStart)).toEqual(
      series.slice(0, 2).map((o) => o.consultationStart),
    );
    // One e-mail for the change, its .ics carrying both occurrences.
    const [mail] = await outboxOf(t, client.id, 'consultation-changed');
    expect(events(calendarOf(mail!).calendar).map((e) => prop(e, 'SEQUENCE'))).toEqual(['1', '1']);
    // One occurrence alone leaves the rest of the series as it is.
    const one = await call('PATCH', '/api/admin/reservations', {
      Id: series[0]!.id,
      Scope: 'one',
      ConsultationStart: pragueLocal(2, '07:00'),
      ConsultationEnd: pragueLocal(2, '07:45'),
    });
    expect(one.json().items.map((o: Occurrence) => o.id)).toEqual([series[0]!.id]);
  });

  it('moving a series onto a busy time names the clashing dates and changes nothing', async () => {
    const r = await room();
    const series = await book({
      ConsultingRoomId: r.id,
      ConsultationStart: pragueLocal(3, '08:00'),
      ConsultationEnd: pragueLocal(3, '09:00'),
      RepeatXWeeks: 2,
    });
    await book({
      ConsultingRoomId: r.id,
      ConsultationStart: pragueLocal(10, '12:00'),
      ConsultationEnd: pragueLocal(10, '13:00'),
    });
    const clash = await call('PATCH', '/api/admin/reservations', {
      Id: series[0]!.id,
      Scope: 'series',
      ConsultationStart: pragueLocal(3, '12:30'),
      ConsultationEnd: pragueLocal(3, '13:30'),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(
      `Ambulance je v některých termínech opakování již obsazená: ${momentText(pragueLocal(10, '12:30'))}`,
    );
    const after = await t.db
      .select()
      .from(reservations)
      .where(eq(reservations.seriesId, series[0]!.seriesId!));
    expect(after.every((o) => o.sequence === 0)).toBe(true);
  });

  it('giving a slot another customer tells the former one of the cancellation and the new one of the booking', async () => {
    const r = await room();
    const before = await customer(t);
    const after = await customer(t, { language: 'en' });
    const [booked] = await book(slot(r.id, 90, 91, { CustomerId: before.id }));
    const moved = await call('PATCH', '/api/admin/reservations', { Id: booked!.id, CustomerId: after.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const [cancelled] = await outboxOf(t, before.id, 'consultation-cancelled');
    const cancellation = calendarOf(cancelled!).calendar;
    expect(prop(cancellation, 'METHOD')).toBe('CANCEL');
    expect(prop(events(cancellation)[0]!, 'SEQUENCE')).toBe('1');
    expect(propOf(events(cancellation)[0]!, 'ATTENDEE')?.value).toBe(`mailto:${before.email}`);
    const [welcome] = await outboxOf(t, after.id, 'consultation-booked');
    expect(welcome!.language).toBe('en');
    const freed = await call('PATCH', '/api/admin/reservations', { Id: booked!.id, CustomerId: null });
    expect(freed.json().items[0]).toMatchObject({ kind: 'free', customerId: null });
    expect(await outboxOf(t, after.id, 'consultation-cancelled')).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('cancels one occurrence: kept as cancelled, the time freed, METHOD:CANCEL with SEQUENCE raised', async () => {
    const r = await room();
    const client = await customer(t);
    const [booked] = await book(slot(r.id, 100, 101, { CustomerId: client.id }));
    const cancelled = await call('DELETE', `/api/admin/reservations?Id=${booked!.id}&Scope=one`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ cancelled: [booked!.id] });
    const read = (await call('GET', `/api/admin/reservations/${booked!.id}`)).json();
    expect(read.cancelledAt).not.toBeNull();
    expect(read.sequence).toBe(1);
    const [mail] = await outboxOf(t, client.id, 'consultation-cancelled');
    const { calendar, contentType } = calendarOf(mail!);
    expect(contentType).toContain('method=CANCEL');
    expect(prop(calendar, 'METHOD')).toBe('CANCEL');
    const [event] = events(calendar);
    expect(prop(event!, 'STATUS')).toBe('CANCELLED');
    expect(prop(event!, 'SEQUENCE')).toBe('1');
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, booked!.id));
    expect(prop(event!, 'UID')).toBe(`${row!.uid}@genodesk`);
    await book(slot(r.id, 100, 101));
    expect((await call('DELETE', `/api/admin/reservations?Id=${booked!.id}`)).statusCode).toBe(404);
  });

  it('cancels a series from an occurrence on; the earlier ones stay', async () => {
    const r = await room();
    const client = await customer(t);
    const series = await book(slot(r.id, 110, 111, { CustomerId: client.id, RepeatXWeeks: 4 }));
    const cancelled = await call('DELETE', `/api/admin/reservations?Id=${series[2]!.id}&Scope=series`);
    expect(cancelled.json().cancelled).toEqual(series.slice(2).map((o) => o.id));
    const rows = await t.db
      .select()
      .from(reservations)
      .where(eq(reservations.seriesId, series[0]!.seriesId!));
    const state = rows
      .sort((a, b) => a.occurrence - b.occurrence)
      .map((o) => (o.cancelledAt === null ? 'live' : 'cancelled'));
    expect(state).toEqual(['live', 'live', 'cancelled', 'cancelled', 'cancelled']);
    const [mail] = await outboxOf(t, client.id, 'consultation-cancelled');
    expect(events(calendarOf(mail!).calendar)).toHaveLength(3);
    // The customer's history keeps them all, latest first.
    const history = (await call('GET', `/api/admin/reservations/customer?CustomerId=${client.id}`)).json();
    expect(history.items).toHaveLength(5);
    expect(history.reservationStatus).toBe('upcoming');
  });
});

describe('deleting a customer', () => {
  it("an erased customer's consultations go, their trail keeps no value, and the time is free", async () => {
    const r = await room();
    const client = await customer(t);
    const [booked] = await book(slot(r.id, 150, 151, { CustomerId: client.id }));
    const deleted = await call(
      'DELETE',
      `/api/admin/customers?CustomerId=${client.id}`,
      { Password: demoPassword, Reason: 'Žádost o výmaz' },
      admin,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(reservations).where(eq(reservations.id, booked!.id))).toHaveLength(0);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reservation'), eq(auditLog.entityId, booked!.id)));
    expect(trail.filter((row) => (row.oldValue ?? row.newValue) !== null)).toEqual([]);
    await book(slot(r.id, 150, 151));
  });
});

describe('the entry consultation and the sample', () => {
  async function sampleInStatus(customerId: number, status: number) {
    const [sample] = await t.db.insert(samples).values({ customerId, status }).returning({ id: samples.id });
    return sample!.id;
  }
  const statusOf = async (id: number) =>
    (await t.db.select({ status: samples.status }).from(samples).where(eq(samples.id, id)))[0]!.status;

  it('moves a sample waiting for the entry consultation [1] to reserved [7], and back [1] when cancelled; audited', async () => {
    const r = await room();
    const client = await customer(t);
    const sampleId = await sampleInStatus(client.id, SampleStatus.ToBeTakenAtEntryConsultation);
    await book(slot(r.id, 120, 121, { CustomerId: client.id, ReservationType: 0 }));
    expect(await statusOf(sampleId)).toBe(1);
    const [entry] = await book(slot(r.id, 122, 123, { CustomerId: client.id, ReservationType: 1 }));
    expect(await statusOf(sampleId)).toBe(7);
    await call('DELETE', `/api/admin/reservations?Id=${entry!.id}`);
    expect(await statusOf(sampleId)).toBe(1);
    const changes = await t.db
      .select({ oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, sampleId)))
      .orderBy(auditLog.id);
    expect(changes).toEqual([
      { oldValue: '1', newValue: '7' },
      { oldValue: '7', newValue: '1' },
    ]);
    const audit = (
      await call('GET', `/api/admin/customers/customeraudit?Id=${client.id}`, undefined, admin)
    ).json();
    expect(audit.filter((a: { entity: string }) => a.entity === 'sample')).toHaveLength(2);
  });

  it('follows the type and the customer of an edit; leaves other statuses alone', async () => {
    const r = await room();
    const client = await customer(t);
    const sampleId = await sampleInStatus(client.id, SampleStatus.ToBeTakenAtEntryConsultation);
    const [standard] = await book(slot(r.id, 130, 131, { CustomerId: client.id }));
    await call('PATCH', '/api/admin/reservations', { Id: standard!.id, ReservationType: 1 });
    expect(await statusOf(sampleId)).toBe(7);
    const other = await customer(t);
    await call('PATCH', '/api/admin/reservations', { Id: standard!.id, CustomerId: other.id });
    expect(await statusOf(sampleId)).toBe(1);
    const sent = await sampleInStatus(other.id, SampleStatus.WaitingToBeSent);
    await call('DELETE', `/api/admin/reservations?Id=${standard!.id}`);
    expect(await statusOf(sent)).toBe(SampleStatus.WaitingToBeSent);
  });
});

describe("the customer's reservationStatus", () => {
  it('is none, upcoming while a consultation is ahead, held once one took place', async () => {
    const r = await room();
    const client = await customer(t);
    const statusOf = async () =>
      (await call('GET', `/api/admin/customers/customer?CustomerId=${client.id}`, undefined, admin)).json()
        .reservationStatus;
    expect(await statusOf()).toBe('none');
    const [upcoming] = await book(slot(r.id, 140, 141, { CustomerId: client.id }));
    expect(await statusOf()).toBe('upcoming');
    await t.db.insert(reservations).values({
      consultingRoomId: r.id,
      customerId: client.id,
      consultationStart: new Date(Date.now() - 10 * 86_400_000),
      consultationEnd: new Date(Date.now() - 10 * 86_400_000 + 3_600_000),
    });
    expect(await statusOf()).toBe('upcoming');
    await call('DELETE', `/api/admin/reservations?Id=${upcoming!.id}`);
    expect(await statusOf()).toBe('held');
    const history = (await call('GET', `/api/admin/reservations/customer?CustomerId=${client.id}`)).json();
    expect(history).toMatchObject({ customerId: client.id, reservationStatus: 'held' });
    expect(history.items.map((o: Occurrence) => o.cancelledAt === null)).toEqual([false, true]);
    expect((await call('GET', '/api/admin/reservations/customer?CustomerId=999999')).statusCode).toBe(404);
    const count = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from reservations`);
    expect(Number(count.rows[0]?.n)).toBeGreaterThan(0);
  });
});
