import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { reservations } from '../../db/schema/index.js';
import {
  consultingRoom,
  customer,
  doctorUser,
  hoursFromNow,
  momentText,
  pragueHours,
  pragueLocal,
} from './test-fixtures.js';

// A customer is in one place at a time, a doctor in one of their rooms at a time, a consultation ends
// on the day it begins, and a free slot is given its customer rather than booked over.

let t: TestApp;
let admin: Record<string, string>;
let reception: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  reception = await t.authAs(demo.reception);
});
afterAll(() => t.close());

type Method = 'PUT' | 'PATCH' | 'POST';
const call = (method: Method, payload: object, locale = 'cs') =>
  t.app.inject({
    method,
    url: '/api/admin/reservations',
    payload,
    headers: { ...reception, 'accept-language': locale },
  });

const newDoctor = async () => (await doctorUser(t)).id;
const room = async (doctorId?: number) =>
  consultingRoom(t, admin, { DoctorId: doctorId ?? (await newDoctor()) });

/** Hours after tomorrow's Prague midnight on the wall clock (negative: before now). */
const at = (hours: number) => (hours < 0 ? hoursFromNow(hours) : pragueHours(hours));
const slot = (roomId: number, from: number, to: number, more: Record<string, unknown> = {}) => ({
  ConsultingRoomId: roomId,
  ConsultationStart: at(from),
  ConsultationEnd: at(to),
  ...more,
});

type Occurrence = { id: number; seriesId: number | null; consultationStart: string };
async function book(fields: Record<string, unknown>) {
  const response = await call('PUT', fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Occurrence[];
}

/** A Prague wall-clock `YYYY-MM-DDTHH:mm` as the Czech messages write a moment: `3. 4. 2027 10:00`. */
const liveOf = async (roomIds: number[]) =>
  (await t.db.select().from(reservations).where(inArray(reservations.consultingRoomId, roomIds))).filter(
    (r) => r.cancelledAt === null,
  );

describe('a customer is in one place at a time', () => {
  it('refuses a second live reservation overlapping the first in another room (409, cs and en, on the customer)', async () => {
    const [a, b] = [await room(), await room()];
    const client = await customer(t);
    await book(slot(a.id, 10, 11, { CustomerId: client.id }));
    const clash = await call('PUT', slot(b.id, 10.5, 11.5, { CustomerId: client.id }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Zákazník má v tomto čase již jinou rezervaci!',
      fields: { CustomerId: 'Zákazník má v tomto čase již jinou rezervaci!' },
    });
    const english = await call('PUT', slot(b.id, 10, 11, { CustomerId: client.id }), 'en');
    expect(english.json().error.fields.CustomerId).toBe(
      'The customer already has another reservation at this time!',
    );
    expect(await liveOf([b.id])).toHaveLength(0);
    // Back to back is fine, and so is the same time for another customer or for nobody.
    await book(slot(b.id, 11, 12, { CustomerId: client.id }));
    await book(slot(b.id, 10, 11, { CustomerId: (await customer(t)).id }));
    // A cancelled reservation leaves the time free.
    const [later] = await book(slot(a.id, 14, 15, { CustomerId: client.id }));
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/reservations?Id=${later!.id}`,
      headers: reception,
    });
    expect(cancel.statusCode).toBe(200);
    await book(slot(b.id, 14, 15, { CustomerId: client.id }));
  });

  it('holds in the database: a direct insert of an overlapping live reservation of the customer fails', async () => {
    const [a, b] = [await room(), await room()];
    const client = await customer(t);
    const [first] = await book(slot(a.id, 20, 21, { CustomerId: client.id }));
    const start = new Date(first!.consultationStart);
    await expect(
      t.db.insert(reservations).values({
        consultingRoomId: b.id,
        customerId: client.id,
        consultationStart: start,
        consultationEnd: new Date(start.getTime() + 1_800_000),
      }),
    ).rejects.toMatchObject({ cause: { code: '23P01', constraint: 'reservations_customer_no_overlap' } });
  });

  it('names the clashing moments of a series (cs and en)', async () => {
    const [a, b] = [await room(), await room()];
    const client = await customer(t);
    await book({
      ConsultingRoomId: a.id,
      CustomerId: client.id,
      ConsultationStart: pragueLocal(15, '10:30'),
      ConsultationEnd: pragueLocal(15, '11:00'),
    });
    const series = {
      ConsultingRoomId: b.id,
      CustomerId: client.id,
      ConsultationStart: pragueLocal(1, '10:00'),
      ConsultationEnd: pragueLocal(1, '11:00'),
      RepeatXWeeks: 3,
    };
    const clash = await call('PUT', series);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields.CustomerId).toBe(
      `Zákazník má v některých termínech opakování již jinou rezervaci: ${momentText(pragueLocal(15, '10:00'))}`,
    );
    const english = await call('PUT', series, 'en');
    expect(english.json().error.message).toMatch(
      /^The customer already has another reservation on some of the recurring dates: \d+ \w{3} \d{4}, 10:00$/,
    );
    expect(await liveOf([b.id])).toHaveLength(0);
  });

  it('keeps it when an occurrence moves, is given the customer, or the series moves', async () => {
    const [a, b] = [await room(), await room()];
    const client = await customer(t);
    await book(slot(a.id, 30, 31, { CustomerId: client.id }));
    const [other] = await book(slot(b.id, 33, 34, { CustomerId: client.id }));
    const moved = await call('PATCH', {
      Id: other!.id,
      ConsultationStart: at(30.5),
      ConsultationEnd: at(31.5),
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.fields.CustomerId).toBe('Zákazník má v tomto čase již jinou rezervaci!');
    // A free slot given the customer who is elsewhere then.
    const [free] = await book(slot(b.id, 30, 31));
    const given = await call('PATCH', { Id: free!.id, CustomerId: client.id });
    expect(given.statusCode).toBe(409);
    expect(given.json().error.fields.CustomerId).toBe('Zákazník má v tomto čase již jinou rezervaci!');
    const [stillFree] = await t.db.select().from(reservations).where(eq(reservations.id, free!.id));
    expect(stillFree!.customerId).toBeNull();
    // A series moved onto the customer's other consultation names the moment.
    const series = await book({
      ConsultingRoomId: b.id,
      CustomerId: client.id,
      ConsultationStart: pragueLocal(3, '08:00'),
      ConsultationEnd: pragueLocal(3, '09:00'),
      RepeatXWeeks: 2,
    });
    await book({
      ConsultingRoomId: a.id,
      CustomerId: client.id,
      ConsultationStart: pragueLocal(10, '12:00'),
      ConsultationEnd: pragueLocal(10, '13:00'),
    });
    const seriesMoved = await call('PATCH', {
      Id: series[0]!.id,
      Scope: 'series',
      ConsultationStart: pragueLocal(3, '12:30'),
      ConsultationEnd: pragueLocal(3, '13:30'),
    });
    expect(seriesMoved.statusCode).toBe(409);
    expect(seriesMoved.json().error.message).toBe(
      `Zákazník má v některých termínech opakování již jinou rezervaci: ${momentText(pragueLocal(10, '12:30'))}`,
    );
    // Moving one occurrence alone onto it is the single message.
    const one = await call('PATCH', {
      Id: series[1]!.id,
      ConsultationStart: pragueLocal(10, '12:30'),
      ConsultationEnd: pragueLocal(10, '13:30'),
    });
    expect(one.json().error.message).toBe('Zákazník má v tomto čase již jinou rezervaci!');
  });

  it('lets one of two bookings of the customer at once in two rooms through: one 200, one 409', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await room(), await room()];
      const client = await customer(t);
      const responses = await Promise.all(
        [a, b].map((r) => call('PUT', slot(r.id, 40, 41, { CustomerId: client.id }))),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = responses.find((r) => r.statusCode === 409)!;
      expect(refused.json().error.message).toBe('Zákazník má v tomto čase již jinou rezervaci!');
      expect(await liveOf([a.id, b.id])).toHaveLength(1);
    }
    // Ten rooms at once: one booking.
    const rooms = await Promise.all(Array.from({ length: 10 }, () => room()));
    const client = await customer(t);
    const responses = await Promise.all(
      rooms.map((r) => call('PUT', slot(r.id, 44, 45, { CustomerId: client.id }))),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await liveOf(rooms.map((r) => r.id))).toHaveLength(1);
  });
});

describe('a doctor is in one of their rooms at a time', () => {
  it('refuses a booking in one room of the doctor while another of their rooms has any live reservation then', async () => {
    const doctorId = await newDoctor();
    const [a, b] = [await room(doctorId), await room(doctorId)];
    const message = 'Lékař této ambulance má v tomto čase již rezervaci v jiné své ambulanci!';
    // A consultation, a blocked slot and a free slot of room a all hold the doctor there.
    await book(slot(a.id, 10, 11, { CustomerId: (await customer(t)).id }));
    await book(slot(a.id, 12, 13, { IsFake: true }));
    await book(slot(a.id, 14, 15));
    for (const [from, to] of [
      [10.5, 11.5],
      [12, 13],
      [14.25, 14.75],
    ] as const) {
      const clash = await call('PUT', slot(b.id, from, to, { CustomerId: (await customer(t)).id }));
      expect(clash.statusCode, clash.body).toBe(409);
      expect(clash.json().error.fields.ConsultingRoomId).toBe(message);
    }
    const blocked = await call('PUT', slot(b.id, 10, 11, { IsFake: true }), 'en');
    expect(blocked.json().error.fields.ConsultingRoomId).toBe(
      "This consulting room's doctor already has a reservation in another of their consulting rooms at this time!",
    );
    expect(await liveOf([b.id])).toHaveLength(0);
    // Back to back, and another doctor's room at the same time, are fine.
    await book(slot(b.id, 11, 12));
    await book(slot((await room()).id, 10, 11));
  });

  it('names the moments of a series, and keeps it when an occurrence or a series moves', async () => {
    const doctorId = await newDoctor();
    const [a, b] = [await room(doctorId), await room(doctorId)];
    await book({
      ConsultingRoomId: a.id,
      IsFake: true,
      ConsultationStart: pragueLocal(8, '09:00'),
      ConsultationEnd: pragueLocal(8, '10:00'),
    });
    const series = {
      ConsultingRoomId: b.id,
      ConsultationStart: pragueLocal(1, '09:30'),
      ConsultationEnd: pragueLocal(1, '10:30'),
      RepeatXWeeks: 2,
    };
    const clash = await call('PUT', series);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields.ConsultingRoomId).toBe(
      `Lékař této ambulance má v některých termínech opakování již rezervaci v jiné své ambulanci: ${momentText(pragueLocal(8, '09:30'))}`,
    );
    const [single] = await book(slot(b.id, 50, 51));
    const [there] = await book({
      ConsultingRoomId: a.id,
      ConsultationStart: pragueLocal(20, '15:00'),
      ConsultationEnd: pragueLocal(20, '16:00'),
    });
    expect(there).toBeDefined();
    const moved = await call('PATCH', {
      Id: single!.id,
      ConsultationStart: pragueLocal(20, '15:30'),
      ConsultationEnd: pragueLocal(20, '16:30'),
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.message).toBe(
      'Lékař této ambulance má v tomto čase již rezervaci v jiné své ambulanci!',
    );
    const weekly = await book({
      ConsultingRoomId: b.id,
      ConsultationStart: pragueLocal(6, '07:00'),
      ConsultationEnd: pragueLocal(6, '07:30'),
      RepeatXWeeks: 2,
    });
    const seriesMoved = await call('PATCH', {
      Id: weekly[0]!.id,
      Scope: 'series',
      ConsultationStart: pragueLocal(6, '15:15'),
      ConsultationEnd: pragueLocal(6, '15:45'),
    });
    expect(seriesMoved.statusCode).toBe(409);
    expect(seriesMoved.json().error.message).toBe(
      `Lékař této ambulance má v některých termínech opakování již rezervaci v jiné své ambulanci: ${momentText(pragueLocal(20, '15:15'))}`,
    );
    // Moving an occurrence to another room of the doctor while its own room is the clash is fine.
    const [own] = await book(slot(a.id, 60, 61));
    const across = await call('PATCH', { Id: own!.id, ConsultingRoomId: b.id });
    expect(across.statusCode, across.body).toBe(200);
  });

  it('serialises the doctor’s bookings: of bookings at once in their two rooms one is 200, one 409', async () => {
    for (let round = 0; round < 5; round++) {
      const doctorId = await newDoctor();
      const [a, b] = [await room(doctorId), await room(doctorId)];
      const clients = [await customer(t), await customer(t)];
      const responses = await Promise.all(
        [a, b].map((r, i) => call('PUT', slot(r.id, 40, 41, { CustomerId: clients[i]!.id }))),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(responses.find((r) => r.statusCode === 409)!.json().error.message).toBe(
        'Lékař této ambulance má v tomto čase již rezervaci v jiné své ambulanci!',
      );
      expect(await liveOf([a.id, b.id])).toHaveLength(1);
    }
    const doctorId = await newDoctor();
    const rooms = await Promise.all(Array.from({ length: 8 }, () => room(doctorId)));
    const responses = await Promise.all(rooms.map((r) => call('PUT', slot(r.id, 44, 45))));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await liveOf(rooms.map((r) => r.id))).toHaveLength(1);
  });

  it('refuses giving a room a doctor who is elsewhere at one of its upcoming reservations', async () => {
    const busyDoctor = await newDoctor();
    const elsewhere = await room(busyDoctor);
    const r = await room();
    await book(slot(elsewhere.id, 70, 71));
    await book(slot(r.id, 70.5, 71.5));
    const edit = (DoctorId: number, locale = 'cs') =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/consultingrooms',
        headers: { ...admin, 'accept-language': locale },
        payload: { Id: r.id, Name: r.name, DoctorId },
      });
    const refused = await edit(busyDoctor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields.DoctorId).toMatch(
      /^Zvolený lékař má v jiné své ambulanci rezervace ve stejném čase jako tato ambulance: \d+\. \d+\. \d{4} \d\d:\d\d$/,
    );
    expect((await edit(busyDoctor, 'en')).json().error.message).toMatch(
      /^The chosen doctor has reservations in another of their consulting rooms at the same time as this one: /,
    );
    expect((await edit(await newDoctor())).statusCode).toBe(200);
  });
});

describe('a reservation ends on the day it begins', () => {
  it('refuses one running for days with 422 (cs and en), on the end; up to midnight is fine', async () => {
    const r = await room();
    const year = new Date().getUTCFullYear() + 1;
    const days = await call('PUT', {
      ConsultingRoomId: r.id,
      ConsultationStart: `${year}-02-01T10:00`,
      ConsultationEnd: `${year}-02-04T10:30`,
    });
    expect(days.statusCode).toBe(422);
    expect(days.json().error).toMatchObject({
      code: 'RULE_BROKEN',
      message: 'Rezervace musí skončit ve stejný den, kdy začíná!',
      fields: { ConsultationEnd: 'Rezervace musí skončit ve stejný den, kdy začíná!' },
    });
    const english = await call(
      'PUT',
      {
        ConsultingRoomId: r.id,
        ConsultationStart: `${year}-02-01T23:30`,
        ConsultationEnd: `${year}-02-02T00:30`,
      },
      'en',
    );
    expect(english.statusCode).toBe(422);
    expect(english.json().error.fields.ConsultationEnd).toBe('A reservation must end on the day it begins!');
    expect(await liveOf([r.id])).toHaveLength(0);
    // An end before the start keeps its own message (400).
    const backwards = await call('PUT', {
      ConsultingRoomId: r.id,
      ConsultationStart: `${year}-02-02T10:00`,
      ConsultationEnd: `${year}-02-01T10:30`,
    });
    expect(backwards.statusCode).toBe(400);
    // Until midnight is the same day; so is a series of them.
    const [late] = await book({
      ConsultingRoomId: r.id,
      ConsultationStart: `${year}-02-01T23:00`,
      ConsultationEnd: `${year}-02-02T00:00`,
      RepeatXWeeks: 2,
    });
    // An edit whose end, given or kept from the length, falls on the next day is refused, changing nothing.
    const longer = await call('PATCH', { Id: late!.id, ConsultationEnd: `${year}-02-02T01:00` });
    expect(longer.statusCode).toBe(422);
    const [early] = await book({
      ConsultingRoomId: r.id,
      ConsultationStart: `${year}-02-03T10:00`,
      ConsultationEnd: `${year}-02-03T11:00`,
    });
    const shifted = await call('PATCH', { Id: early!.id, ConsultationStart: `${year}-02-03T23:30` });
    expect(shifted.statusCode).toBe(422);
    expect(shifted.json().error.fields.ConsultationEnd).toBe(
      'Rezervace musí skončit ve stejný den, kdy začíná!',
    );
    const [stored] = await t.db.select().from(reservations).where(eq(reservations.id, early!.id));
    expect(stored!.sequence).toBe(0);
  });
});

describe('a free slot', () => {
  const freeMessage =
    'V tomto čase má ambulance vypsaný volný termín. Otevřete ho v kalendáři a přiřaďte do něj zákazníka.';

  it('is not booked over: the customer is to be given the slot (409, cs and en), which then works', async () => {
    const r = await room();
    const client = await customer(t);
    const [free] = await book(slot(r.id, 16, 16.75));
    const over = await call('PUT', slot(r.id, 16, 16.75, { CustomerId: client.id }));
    expect(over.statusCode).toBe(409);
    // The web is told which slot to open: its id, whatever the language.
    expect(over.json().error).toMatchObject({
      message: freeMessage,
      fields: { ConsultationStart: freeMessage },
      details: { freeSlotIds: [free!.id] },
    });
    const english = await call('PUT', slot(r.id, 16.25, 17, { CustomerId: client.id }), 'en');
    expect(english.json().error).toMatchObject({
      message:
        'This time is a free slot of the consulting room. Open the free slot in the calendar and assign the customer to it.',
      details: { freeSlotIds: [free!.id] },
    });
    // Blocked or busy time, or a booking without a customer, keeps the room's message, and names no slot.
    await book(slot(r.id, 17, 18, { IsFake: true }));
    const mixed = await call('PUT', slot(r.id, 16.5, 17.5, { CustomerId: client.id }));
    expect(mixed.json().error.message).toBe('Ambulance je v tomto čase již obsazená!');
    expect(mixed.json().error.details).toBeUndefined();
    const nobody = await call('PUT', slot(r.id, 16, 16.75, { IsFake: true }));
    expect(nobody.json().error.message).toBe('Ambulance je v tomto čase již obsazená!');
    expect(nobody.json().error.details).toBeUndefined();
    const given = await call('PATCH', { Id: free!.id, CustomerId: client.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().items[0]).toMatchObject({ kind: 'booked', customerId: client.id });
  });

  it('names the free slots of a series, and their ids soonest first', async () => {
    const r = await room();
    const freeAt = async (days: number, from: string, to: string) =>
      (
        await book({
          ConsultingRoomId: r.id,
          ConsultationStart: pragueLocal(days, from),
          ConsultationEnd: pragueLocal(days, to),
        })
      )[0]!.id;
    // Made latest first: the ids' order is not the times'.
    const third = await freeAt(16, '10:30', '11:00');
    const second = await freeAt(16, '10:00', '10:30');
    const first = await freeAt(9, '10:00', '11:00');
    const clash = await call('PUT', {
      ConsultingRoomId: r.id,
      CustomerId: (await customer(t)).id,
      ConsultationStart: pragueLocal(2, '10:00'),
      ConsultationEnd: pragueLocal(2, '11:00'),
      RepeatXWeeks: 2,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(
      `V některých termínech opakování má ambulance vypsaný volný termín: ${momentText(pragueLocal(9, '10:00'))}; ${momentText(pragueLocal(16, '10:00'))}. Otevřete je v kalendáři a přiřaďte do nich zákazníka.`,
    );
    expect(clash.json().error.details).toEqual({ freeSlotIds: [first, second, third] });
  });
});
