import { createHash } from 'node:crypto';
import { pragueDay, pragueMidnight } from '@genodesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, parseIcs, prop } from '../../../test/icalendar.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { accessLog, calendarFeeds, reservations, users } from '../../db/schema/index.js';
import { feedLifetimeDays } from './feed.service.js';
import { consultingRoom, customer, doctorUser, hoursFromNow } from './test-fixtures.js';

let t: TestApp;
let admin: Record<string, string>;
let doctor: Record<string, string>;
let reception: Record<string, string>;
let doctorId: number;

beforeAll(async () => {
  // Behind a TLS-terminating proxy on the loopback, as deployed: the feed URL says https.
  t = await testApp({ trustProxy: 'loopback' });
  admin = await t.authAs(demo.admin);
  doctor = await t.authAs(demo.doctor);
  reception = await t.authAs(demo.reception);
  doctorId = (await t.login(demo.doctor)).user.id;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => t.app.inject({ method, url, headers, payload });

async function book(fields: Record<string, unknown>) {
  const response = await call('PUT', '/api/admin/reservations', reception, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items[0] as { id: number };
}

const pathOf = (url: string) => new URL(url).pathname;

describe("a doctor's calendar feed", () => {
  it('gives a secret URL once (only its hash is kept) with only the consultations of the doctor’s rooms', async () => {
    const own = await doctorUser(t);
    const session = await t.login(own.email, own.password);
    const doctor = { authorization: `Bearer ${session.token}` };
    const mine = await consultingRoom(t, admin, { DoctorId: own.id, Name: 'Ambulance; Lékařova, 1' });
    const foreign = await consultingRoom(t, admin, { DoctorId: (await doctorUser(t)).id });
    const client = await customer(t, { name: 'Žofie' });
    const stranger = await customer(t, { name: 'Cizí' });
    await book({
      ConsultingRoomId: mine.id,
      CustomerId: client.id,
      ReservationType: 1,
      ConsultationStart: hoursFromNow(30),
      ConsultationEnd: hoursFromNow(31),
    });
    await book({
      ConsultingRoomId: mine.id,
      IsFake: true,
      ConsultationStart: hoursFromNow(32),
      ConsultationEnd: hoursFromNow(33),
    });
    await book({
      ConsultingRoomId: mine.id,
      ConsultationStart: hoursFromNow(34),
      ConsultationEnd: hoursFromNow(35),
    });
    const gone = await book({
      ConsultingRoomId: mine.id,
      CustomerId: stranger.id,
      ConsultationStart: hoursFromNow(36),
      ConsultationEnd: hoursFromNow(37),
    });
    await call('DELETE', `/api/admin/reservations?Id=${gone.id}`, reception);
    await book({
      ConsultingRoomId: foreign.id,
      CustomerId: stranger.id,
      ConsultationStart: hoursFromNow(30),
      ConsultationEnd: hoursFromNow(31),
    });

    expect((await call('GET', '/api/admin/userpanel/calendarfeed', doctor)).json()).toMatchObject({
      active: false,
      url: null,
    });
    const renewed = await call(
      'POST',
      '/api/admin/userpanel/calendarfeed/renew',
      { ...doctor, host: 'genodesk.example', 'x-forwarded-proto': 'https' },
      {},
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { url } = renewed.json();
    expect(url).toMatch(/^https:\/\/genodesk\.example\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = (await call('GET', '/api/admin/userpanel/calendarfeed', doctor)).json();
    expect(status).toMatchObject({ active: true, url: null });
    const token = pathOf(url).split('/').pop()!.replace('.ics', '');
    const [stored] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, own.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored!.tokenHash).not.toContain(token);

    const feed = await call('GET', pathOf(url));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = parseIcs(feed.body);
    expect(prop(calendar, 'METHOD')).toBeUndefined();
    expect(prop(calendar, 'X-WR-CALNAME')).toMatch(/^GenoDesk – MUDr\. Test \d+$/);
    const listed = events(calendar);
    expect(listed).toHaveLength(1);
    // Initials, not the name (issue 36): a phone's calendar shows its events to anyone near it.
    const initials = client.fullName
      .split(' ')
      .map((part: string) => `${part[0]}.`)
      .join(' ');
    expect(prop(listed[0]!, 'SUMMARY')).toBe(`Vstupní konzultace: ${initials}`);
    expect(feed.body).not.toContain(client.fullName.split(' ')[1]);
    expect(prop(listed[0]!, 'LOCATION')).toBe('Ambulance; Lékařova, 1');
    // Nothing else about the customer.
    expect(feed.body).not.toContain(client.email);
    expect(feed.body).not.toContain('777123456');
    expect(feed.body).not.toContain('ATTENDEE');
    expect(feed.body).not.toContain('Cizí');
    const english = await call('GET', `${pathOf(url)}?locale=en`);
    expect(prop(events(parseIcs(english.body))[0]!, 'SUMMARY')).toBe(`Entry consultation: ${initials}`);
    expect((await call('GET', `/api/calendar/feed/${token}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/userpanel/calendarfeed', doctor)).json().lastUsedAt).not.toBeNull();
    // Whose consultations it showed is in the access log, once an hour however often it is polled.
    const reads = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.kind, 'calendarFeed'), eq(accessLog.userId, own.id)));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.customerIds).toEqual([client.id]);
  });

  it('expires: a URL older than its lifetime answers 404 and shows as inactive', async () => {
    const renewed = (await call('POST', '/api/admin/userpanel/calendarfeed/renew', reception, {})).json();
    expect(new Date(renewed.expiresAt).getTime() - Date.now()).toBeGreaterThan(
      (feedLifetimeDays - 1) * 86_400_000,
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, demo.reception));
    await t.db
      .update(calendarFeeds)
      .set({ createdAt: new Date(Date.now() - (feedLifetimeDays + 1) * 86_400_000) })
      .where(eq(calendarFeeds.userId, user!.id));
    expect((await call('GET', pathOf(renewed.url))).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/userpanel/calendarfeed', reception)).json()).toMatchObject({
      active: false,
    });
  });

  it('stops answering a revoked or replaced URL (404), and a deactivated doctor’s', async () => {
    const first = pathOf(
      (await call('POST', '/api/admin/userpanel/calendarfeed/renew', reception, {})).json().url,
    );
    expect((await call('GET', first)).statusCode).toBe(200);
    const second = pathOf(
      (await call('POST', '/api/admin/userpanel/calendarfeed/renew', reception, {})).json().url,
    );
    expect((await call('GET', first)).statusCode).toBe(404);
    expect((await call('GET', second)).statusCode).toBe(200);
    // Reception runs no room: an empty calendar.
    expect(events(parseIcs((await call('GET', second)).body))).toHaveLength(0);
    const revoked = await call('DELETE', '/api/admin/userpanel/calendarfeed', reception);
    expect(revoked.json()).toMatchObject({ active: false });
    expect((await call('GET', second)).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/feed/not-a-token.ics')).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/feed/bad%20token')).statusCode).toBe(400);

    const other = await doctorUser(t);
    const headers = { authorization: `Bearer ${(await t.login(other.email, other.password)).token}` };
    const feed = pathOf(
      (await call('POST', '/api/admin/userpanel/calendarfeed/renew', headers, {})).json().url,
    );
    expect((await call('GET', feed)).statusCode).toBe(200);
    await t.db.update(users).set({ isUserLoginActive: false }).where(eq(users.id, other.id));
    expect((await call('GET', feed)).statusCode).toBe(404);
  });

  it('is managed only by signed-in holders of Reservations.View', async () => {
    expect((await call('GET', '/api/admin/userpanel/calendarfeed')).statusCode).toBe(401);
    const lab = await t.authAs(demo.lab);
    expect((await call('POST', '/api/admin/userpanel/calendarfeed/renew', lab, {})).statusCode).toBe(403);
  });
});

describe("the dashboard's consultations of today", () => {
  it('lists today’s consultations with a customer, the signed-in doctor’s rooms first', async () => {
    const mine = await consultingRoom(t, admin, { DoctorId: doctorId });
    const foreign = await consultingRoom(t, admin, { DoctorId: (await doctorUser(t)).id });
    const client = await customer(t);
    const today = pragueMidnight(pragueDay(new Date()));
    const at = (hour: number) => new Date(today.getTime() + hour * 3_600_000);
    const inserted = await t.db
      .insert(reservations)
      .values([
        {
          consultingRoomId: foreign.id,
          customerId: client.id,
          consultationStart: at(8),
          consultationEnd: at(9),
        },
        {
          consultingRoomId: mine.id,
          customerId: client.id,
          consultationStart: at(15),
          consultationEnd: at(16),
        },
        { consultingRoomId: mine.id, consultationStart: at(10), consultationEnd: at(11) },
        {
          consultingRoomId: mine.id,
          customerId: client.id,
          consultationStart: at(12),
          consultationEnd: at(13),
          cancelledAt: new Date(),
        },
        {
          consultingRoomId: mine.id,
          customerId: client.id,
          consultationStart: at(26),
          consultationEnd: at(27),
        },
      ])
      .returning({ id: reservations.id });
    const dashboard = (await call('GET', '/api/admin/dashboard', doctor)).json();
    const today_ = dashboard.consultationsToday as { id: number; mine: boolean; consultationStart: string }[];
    const ours = today_.filter((c) => inserted.some((i) => i.id === c.id));
    expect(ours.map((c) => c.id)).toEqual([inserted[1]!.id, inserted[0]!.id]);
    expect(ours.map((c) => c.mine)).toEqual([true, false]);
    const firstForeign = today_.findIndex((c) => !c.mine);
    expect(today_.slice(firstForeign).every((c) => !c.mine)).toBe(true);
    const lab = await t.authAs(demo.lab);
    expect((await call('GET', '/api/admin/dashboard', lab)).json()).not.toHaveProperty('consultationsToday');
  });
});
