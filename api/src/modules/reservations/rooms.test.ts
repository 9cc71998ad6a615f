import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { auditLog, users } from '../../db/schema/index.js';
import { consultingRoom, doctorUser, hoursFromNow } from './test-fixtures.js';

let t: TestApp;
let admin: Record<string, string>;
let doctor: Record<string, string>;
let reception: Record<string, string>;
let doctorId: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  doctor = await t.authAs(demo.doctor);
  reception = await t.authAs(demo.reception);
  doctorId = (await doctorUser(t, { color: 7 })).id;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  headers = admin,
  locale = 'cs',
) => t.app.inject({ method, url, payload, headers: { ...headers, 'accept-language': locale } });

describe('consulting rooms', () => {
  it("creates a room with its doctor, the doctor's colour by default; reads it; audits it", async () => {
    const created = await call('PUT', '/api/admin/consultingrooms', {
      Name: 'Ambulance Sever',
      IsEnabled: true,
      DoctorId: doctorId,
    });
    expect(created.statusCode, created.body).toBe(200);
    const room = created.json();
    expect(room).toMatchObject({
      name: 'Ambulance Sever',
      isEnabled: true,
      doctorId,
      color: 7,
      doctor: { id: doctorId, color: 7, isUserLoginActive: true },
      opensAt: '08:00',
      closesAt: '18:00',
      openDays: [1, 2, 3, 4, 5],
      upcomingCount: 0,
      upcoming: [],
    });
    const read = await call('GET', `/api/admin/consultingrooms/${room.id}`);
    expect(read.json()).toEqual(room);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'consultingRoom'), eq(auditLog.entityId, room.id)));
    expect(audited).toMatchObject({ field: 'created', newValue: 'Ambulance Sever' });
    expect((await call('GET', '/api/admin/consultingrooms/999999')).statusCode).toBe(404);
  });

  it("needs a doctor: 'Musíte zvolit lékaře!' without one, for a user of another role and for an inactive doctor", async () => {
    const none = await call('PUT', '/api/admin/consultingrooms', { Name: 'Bez lékaře', IsEnabled: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.DoctorId).toBe('Musíte zvolit lékaře!');
    const zero = await call('PUT', '/api/admin/consultingrooms', { Name: 'X', DoctorId: 0 }, admin, 'en');
    expect(zero.json().error.fields.DoctorId).toBe('You have to choose a doctor!');
    const [receptionist] = await t.db.select().from(users).where(eq(users.email, demo.reception));
    const notDoctor = await call('PUT', '/api/admin/consultingrooms', {
      Name: 'Recepce',
      DoctorId: receptionist!.id,
    });
    expect(notDoctor.statusCode).toBe(422);
    expect(notDoctor.json().error).toMatchObject({
      message: 'Musíte zvolit lékaře!',
      fields: { DoctorId: 'Musíte zvolit lékaře!' },
    });
    const inactive = await doctorUser(t, { active: false });
    const refused = await call('PUT', '/api/admin/consultingrooms', {
      Name: 'Neaktivní',
      DoctorId: inactive.id,
    });
    expect(refused.statusCode).toBe(422);
    const unknown = await call('PUT', '/api/admin/consultingrooms', { Name: 'Nikdo', DoctorId: 999999 });
    expect(unknown.statusCode).toBe(422);
  });

  it('refuses a second room of the same name (ignoring case) and a colour off the palette', async () => {
    await consultingRoom(t, admin, { DoctorId: doctorId, Name: 'Ambulance Jih' });
    const twice = await call('PUT', '/api/admin/consultingrooms', {
      Name: 'ambulance jih',
      DoctorId: doctorId,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields.Name).toBe('Ambulance s tímto názvem již existuje!');
    const colour = await call('PUT', '/api/admin/consultingrooms', {
      Name: 'Barva',
      DoctorId: doctorId,
      Color: 13,
    });
    expect(colour.statusCode).toBe(400);
  });

  it('edits a room: name, doctor, colour, disabled; fields left out stay; audited', async () => {
    const room = await consultingRoom(t, admin, { DoctorId: doctorId, Color: 3 });
    const other = await doctorUser(t);
    const edited = await call('POST', '/api/admin/consultingrooms', {
      Id: room.id,
      Name: `${room.name} B`,
      DoctorId: other.id,
      IsEnabled: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: `${room.name} B`,
      doctorId: other.id,
      isEnabled: false,
      color: 3,
    });
    const again = await call('POST', '/api/admin/consultingrooms', {
      Id: room.id,
      Name: `${room.name} B`,
      DoctorId: other.id,
      Color: 9,
    });
    expect(again.json()).toMatchObject({ isEnabled: false, color: 9 });
    const fields = (
      await t.db
        .select({ field: auditLog.field })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'consultingRoom'), eq(auditLog.entityId, room.id)))
    ).map((r) => r.field);
    expect(fields.sort()).toEqual(['color', 'created', 'doctorId', 'isEnabled', 'name']);
    const bad = await call('POST', '/api/admin/consultingrooms', { Id: room.id, Name: 'Y', DoctorId: 0 });
    expect(bad.json().error.fields.DoctorId).toBe('Musíte zvolit lékaře!');
    expect(
      (await call('POST', '/api/admin/consultingrooms', { Id: 999999, Name: 'Y', DoctorId: other.id }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps surgery hours: set, edited on one side against the stored other, refused out of order with nothing changed; audited', async () => {
    const room = await consultingRoom(t, admin, {
      DoctorId: doctorId,
      OpensAt: '07:30',
      ClosesAt: '15:00',
      OpenDays: [6, 1, 3],
    });
    expect(room).toMatchObject({ opensAt: '07:30', closesAt: '15:00', openDays: [1, 3, 6] });
    const later = await call('POST', '/api/admin/consultingrooms', {
      Id: room.id,
      Name: room.name,
      DoctorId: doctorId,
      ClosesAt: '19:00',
    });
    expect(later.json()).toMatchObject({ opensAt: '07:30', closesAt: '19:00', openDays: [1, 3, 6] });
    const backwards = await call(
      'POST',
      '/api/admin/consultingrooms',
      { Id: room.id, Name: 'Přejmenovaná', DoctorId: doctorId, OpensAt: '20:00' },
      admin,
      'en',
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.fields.ClosesAt).toBe('The surgery hours must end after they begin.');
    expect((await call('GET', `/api/admin/consultingrooms/${room.id}`)).json()).toMatchObject({
      name: room.name,
      opensAt: '07:30',
      closesAt: '19:00',
    });
    const changes = await t.db
      .select({ field: auditLog.field, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'consultingRoom'),
          eq(auditLog.entityId, room.id),
          eq(auditLog.field, 'closesAt'),
        ),
      );
    expect(changes).toEqual([{ field: 'closesAt', oldValue: '15:00', newValue: '19:00' }]);
  });

  it('refuses a room open on no day, created or edited (cs and en); nothing is stored or changed', async () => {
    const before = (await call('GET', '/api/admin/consultingrooms?pageSize=100')).json().total;
    const none = await call('PUT', '/api/admin/consultingrooms', {
      Name: 'Zavřená',
      DoctorId: doctorId,
      IsEnabled: true,
      OpenDays: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.OpenDays).toBe(
      'Zvolte aspoň jeden den v týdnu, kdy je ambulance otevřená!',
    );
    expect((await call('GET', '/api/admin/consultingrooms?pageSize=100')).json().total).toBe(before);

    const room = await consultingRoom(t, admin, { DoctorId: doctorId, OpenDays: [2] });
    const emptied = await call(
      'POST',
      '/api/admin/consultingrooms',
      { Id: room.id, Name: room.name, DoctorId: doctorId, OpenDays: [] },
      admin,
      'en',
    );
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().error.fields.OpenDays).toBe(
      'Choose at least one day of the week the consulting room is open!',
    );
    expect((await call('GET', `/api/admin/consultingrooms/${room.id}`)).json().openDays).toEqual([2]);
  });

  it('a name over its limit is refused naming the limit, not as a bare invalid value (cs and en)', async () => {
    const payload = { Name: 'A'.repeat(500), DoctorId: doctorId, IsEnabled: true };
    const cs = await call('PUT', '/api/admin/consultingrooms', payload);
    expect(cs.statusCode).toBe(400);
    expect(cs.json().error.fields.Name).toBe('Text je příliš dlouhý (nejvýše 100 znaků)!');
    const en = await call('PUT', '/api/admin/consultingrooms', payload, admin, 'en');
    expect(en.json().error.fields.Name).toBe('The text is too long (at most 100 characters)!');
  });

  it('lists rooms paged, searched by room or doctor name, filtered and sorted in SQL', async () => {
    const special = await doctorUser(t);
    await t.db.update(users).set({ userName: 'MUDr. Zdeňka Zvláštní' }).where(eq(users.id, special.id));
    const a = await consultingRoom(t, admin, { DoctorId: special.id, Name: 'Ambulance Alfa' });
    await consultingRoom(t, admin, { DoctorId: special.id, Name: 'Ambulance Beta', IsEnabled: false });
    const byDoctor = (await call('GET', '/api/admin/consultingrooms?search=zvláštní&sort=-name')).json();
    expect(byDoctor.items.map((r: { name: string }) => r.name)).toEqual(['Ambulance Beta', 'Ambulance Alfa']);
    expect(byDoctor).toMatchObject({ total: 2, totalExact: true, page: 1, pageSize: 25 });
    const typedPlain = (await call('GET', '/api/admin/consultingrooms?search=ZVLASTNI&sort=-name')).json();
    expect(typedPlain.items.map((r: { name: string }) => r.name)).toEqual([
      'Ambulance Beta',
      'Ambulance Alfa',
    ]);
    const enabled = (
      await call('GET', `/api/admin/consultingrooms?doctorId=${special.id}&enabled=true`)
    ).json();
    expect(enabled.items.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const byName = (await call('GET', '/api/admin/consultingrooms?search=alfa')).json();
    expect(byName.items).toHaveLength(1);
    const paged = (await call('GET', '/api/admin/consultingrooms?pageSize=1&page=2&sort=createdAt')).json();
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(4);
    expect((await call('GET', '/api/admin/consultingrooms?sort=password')).statusCode).toBe(400);
  });

  it('counts and shows the upcoming bookings of a room', async () => {
    const room = await consultingRoom(t, admin, { DoctorId: doctorId });
    const booked = await call('PUT', '/api/admin/reservations', {
      ConsultingRoomId: room.id,
      ConsultationStart: hoursFromNow(48),
      ConsultationEnd: hoursFromNow(49),
      RepeatXWeeks: 2,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const detail = (await call('GET', `/api/admin/consultingrooms/${room.id}`)).json();
    expect(detail.upcomingCount).toBe(3);
    expect(detail.upcoming.map((r: { kind: string }) => r.kind)).toEqual(['free', 'free', 'free']);
  });

  it('offers the active doctors to pick from', async () => {
    const inactive = await doctorUser(t, { active: false });
    const doctors = (await call('GET', '/api/admin/consultingrooms/doctors')).json() as {
      id: number;
      email: string;
    }[];
    expect(doctors.map((d) => d.email)).toContain(demo.doctor);
    expect(doctors.map((d) => d.id)).toContain(doctorId);
    expect(doctors.map((d) => d.id)).not.toContain(inactive.id);
    expect(doctors.map((d) => d.email)).not.toContain(demo.reception);
  });

  it('enforces the permissions: doctors and reception may view, only holders of Create/Edit may change', async () => {
    const room = await consultingRoom(t, admin, { DoctorId: doctorId });
    for (const headers of [doctor, reception]) {
      expect((await call('GET', '/api/admin/consultingrooms', undefined, headers)).statusCode).toBe(200);
      expect(
        (await call('GET', `/api/admin/consultingrooms/${room.id}`, undefined, headers)).statusCode,
      ).toBe(200);
      expect(
        (await call('PUT', '/api/admin/consultingrooms', { Name: 'Z', DoctorId: doctorId }, headers))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call(
            'POST',
            '/api/admin/consultingrooms',
            { Id: room.id, Name: 'Z', DoctorId: doctorId },
            headers,
          )
        ).statusCode,
      ).toBe(403);
      expect((await call('GET', '/api/admin/consultingrooms/doctors', undefined, headers)).statusCode).toBe(
        403,
      );
    }
  });
});
