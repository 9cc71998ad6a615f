import { Permissions } from '@genodesk/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { hashPassword } from '../../auth/passwords.js';
import { rolePermissions, roles, securityEvents, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;
let adminId: number;
/** A staff member whose log the tests write by hand. */
let probeId: number;
let otherId: number;

const get = (query: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/securitylog${query}`, headers });

async function idOf(email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function newUser(email: string, userName: string, permissions: string[]) {
  const [role] = await t.db
    .insert(roles)
    .values({ name: userName, nameCs: userName, nameEn: userName })
    .returning();
  await t.db
    .insert(rolePermissions)
    .values(permissions.map((permission) => ({ roleId: role!.id, permission })));
  const [user] = await t.db
    .insert(users)
    .values({ email, userName, passwordHash: await hashPassword('probe-password'), roleId: role!.id })
    .returning({ id: users.id });
  return user!.id;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  adminId = await idOf(demo.admin);
  probeId = await newUser('log.probe@genodesk.test', 'Zdeňka Sonda', [Permissions.AdminPanelView]);
  otherId = await newUser('other.probe@genodesk.test', 'Adam Jiný', [Permissions.AdminPanelView]);
  // 2026-03-01 22:30 UTC is 23:30 in Prague, 23:30 UTC already the 2nd.
  await t.db.insert(securityEvents).values([
    {
      event: 'signIn',
      userId: probeId,
      address: '192.0.2.10',
      userAgent: 'Firefox',
      occurredAt: new Date('2026-03-01T08:00:00Z'),
    },
    {
      event: 'signInRefused',
      userId: probeId,
      address: '192.0.2.10',
      detail: 'INVALID_CREDENTIALS',
      occurredAt: new Date('2026-03-01T22:30:00Z'),
    },
    {
      event: 'factorsReset',
      userId: probeId,
      actorId: adminId,
      address: '198.51.100.7',
      occurredAt: new Date('2026-03-01T23:30:00Z'),
    },
    {
      event: 'signIn',
      userId: otherId,
      address: '203.0.113.5',
      occurredAt: new Date('2026-03-02T09:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

describe('GET admin/securitylog', () => {
  it('lists the events newest first, with the user and the administrator who acted', async () => {
    const response = await get(`?userId=${probeId}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 3, totalExact: true, page: 1, pageSize: 25 });
    expect(page.items.map((e: { event: string }) => e.event)).toEqual([
      'factorsReset',
      'signInRefused',
      'signIn',
    ]);
    expect(page.items[0]).toMatchObject({
      event: 'factorsReset',
      occurredAt: '2026-03-01T23:30:00.000Z',
      user: { id: probeId, userName: 'Zdeňka Sonda', email: 'log.probe@genodesk.test' },
      actor: { id: adminId },
      address: '198.51.100.7',
      userAgent: null,
      detail: null,
    });
    expect(page.items[1]).toMatchObject({ actor: null, detail: 'INVALID_CREDENTIALS' });
    expect(page.items[2]).toMatchObject({ userAgent: 'Firefox' });
  });

  it('has the sign-in of the caller, written by the sign-in itself', async () => {
    const page = (await get(`?userId=${adminId}&event=signIn`)).json();
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items[0]).toMatchObject({ event: 'signIn', user: { id: adminId, email: demo.admin } });
    expect(page.items[0].address).toBeTruthy();
  });

  it('filters by event, user and days read in Prague', async () => {
    const refused = (await get(`?userId=${probeId}&event=signInRefused`)).json();
    expect(refused.items.map((e: { id: number; event: string }) => e.event)).toEqual(['signInRefused']);
    const firstOfMarch = (await get(`?userId=${probeId}&from=2026-03-01&to=2026-03-01`)).json();
    expect(firstOfMarch.items.map((e: { event: string }) => e.event)).toEqual(['signInRefused', 'signIn']);
    const fromSecond = (await get('?from=2026-03-02&to=2026-03-02')).json();
    expect(
      fromSecond.items.map((e: { event: string; user: { id: number } }) => [e.event, e.user.id]),
    ).toEqual([
      ['signIn', otherId],
      ['factorsReset', probeId],
    ]);
  });

  it("searches the user's name or e-mail and the address", async () => {
    const byName = (await get(`?search=${encodeURIComponent('zdeňka')}`)).json();
    expect(byName.total).toBe(3);
    const byEmail = (await get('?search=OTHER.PROBE@')).json();
    expect(byEmail.items.map((e: { user: { id: number } }) => e.user.id)).toEqual([otherId]);
    const byAddress = (await get('?search=198.51.100')).json();
    expect(byAddress.items.map((e: { event: string }) => e.event)).toEqual(['factorsReset']);
    // Wildcards are taken literally.
    expect((await get('?search=%25')).json().total).toBe(0);
  });

  it('pages and sorts by time, event (its label) and user', async () => {
    const second = (await get(`?userId=${probeId}&pageSize=2&page=2`)).json();
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((e: { event: string }) => e.event)).toEqual(['signIn']);
    const oldest = (await get(`?userId=${probeId}&sort=occurredAt`)).json();
    expect(oldest.items.map((e: { event: string }) => e.event)).toEqual([
      'signIn',
      'signInRefused',
      'factorsReset',
    ]);
    // Czech labels: "Druhé faktory zrušeny…", "Odmítnuté přihlášení", "Přihlášení".
    const byEvent = (await get(`?userId=${probeId}&sort=event`)).json();
    expect(byEvent.items.map((e: { event: string }) => e.event)).toEqual([
      'factorsReset',
      'signInRefused',
      'signIn',
    ]);
    // English: "Second factors reset…", "Sign-in refused", "Signed in".
    const byEventEn = (await get(`?userId=${probeId}&sort=event&locale=en`)).json();
    expect(byEventEn.items.map((e: { event: string }) => e.event)).toEqual([
      'factorsReset',
      'signInRefused',
      'signIn',
    ]);
    const byUser = (await get('?from=2026-03-01&to=2026-03-02&sort=-user')).json();
    expect(byUser.items.map((e: { user: { id: number } }) => e.user.id)).toEqual([
      probeId,
      probeId,
      probeId,
      otherId,
    ]);
  });

  it('refuses bad filters with a message', async () => {
    for (const query of [
      '?event=hacked',
      '?from=2026-02-30',
      '?userId=abc',
      '?sort=address',
      '?pageSize=1000',
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBeTruthy();
    }
    const wrongDay = (await get('?from=2026-02-30')).json();
    expect(Object.keys(wrongDay.error.fields ?? {})).toContain('from');
  });

  it('is for administrators: Users.View alone is refused', async () => {
    await newUser('viewer.probe@genodesk.test', 'Viewer', [
      Permissions.AdminPanelView,
      Permissions.UsersView,
    ]);
    const { token } = await t.login('viewer.probe@genodesk.test', 'probe-password');
    const response = await get('', { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(403);
    expect((await get('', {})).statusCode).toBe(401);
  });
});

describe('what administrators do to a user is in the log', () => {
  async function lastEventOf(userId: number) {
    const [row] = await t.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId))
      .orderBy(desc(securityEvents.id))
      .limit(1);
    return row;
  }

  it('signing a user out everywhere', async () => {
    const userId = await idOf(demo.lab);
    await t.login(demo.lab);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/signout',
      headers: admin,
      payload: { UserId: userId },
    });
    expect(response.statusCode).toBe(200);
    expect(await lastEventOf(userId)).toMatchObject({ event: 'signedOutEverywhere', actorId: adminId });
    const listed = (await get(`?userId=${userId}&event=signedOutEverywhere`)).json();
    expect(listed.items[0]).toMatchObject({ user: { id: userId }, actor: { id: adminId } });
  });

  it("resetting a user's password", async () => {
    const userId = await idOf(demo.reception);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/markreset',
      headers: admin,
      payload: { UserId: userId },
    });
    expect(response.statusCode).toBe(200);
    expect(await lastEventOf(userId)).toMatchObject({ event: 'passwordReset', actorId: adminId });
  });

  it('nothing when the user does not exist (the change is refused, the event with it)', async () => {
    const before = await t.db.$count(securityEvents);
    for (const url of ['/api/admin/users/signout', '/api/admin/users/markreset']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { UserId: 999_999 },
      });
      expect(response.statusCode, url).toBe(404);
    }
    expect(await t.db.$count(securityEvents)).toBe(before);
  });
});
