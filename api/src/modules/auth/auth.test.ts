import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import {
  auditLog,
  loginFailures,
  rolePermissions,
  roles,
  securityEvents,
  sessions,
  users,
  userTotp,
} from '../../db/schema/index.js';
import { loginThrottle } from './service.js';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy on the loopback, as deployed: the per-address limit reads X-Forwarded-For.
  t = await testApp({ trustProxy: 'loopback' });
});
afterAll(() => t.close());
// Each test signs in a few dozen times from one address: the per-address rate limit (its own test is
// http/rate-limit.test.ts) starts afresh for each, so it never stands in for the account limits here.
afterEach(async () => {
  await t.db.execute(sql`delete from rate_limits`);
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('POST auth/adminLogin', () => {
  it('answers a token, a refresh token and the user with role and permissions', async () => {
    const response = await post('/api/auth/adminLogin', {
      email: 'Reception@GenoDesk.test',
      password: 'genodesk',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(body.user).toMatchObject({
      email: 'reception@genodesk.test',
      role: { name: 'Recepce' },
      color: 4,
      mustChangePassword: false,
    });
    expect(body.user.permissions).toContain('Customers.Create');
    expect(body.user.permissions).not.toContain('Users.View');
  });

  it('refuses a wrong password and an unknown e-mail with the same generic message', async () => {
    const wrong = await post('/api/auth/adminLogin', { email: demo.doctor, password: 'nope' });
    const unknown = await post('/api/auth/adminLogin', { email: 'nobody@genodesk.test', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Nesprávný e-mail nebo heslo!');
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
  });

  it('answers bad input with the spec messages in the caller language', async () => {
    const response = await post(
      '/api/auth/adminLogin',
      { email: 'not-an-email', password: '' },
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      email: 'The value is not a valid e-mail!',
      password: 'This field is required!',
    });
    const cs = await post('/api/auth/adminLogin', { password: 'x' });
    expect(cs.json().error.fields.email).toBe('Pole je povinné!');
  });

  it('refuses an inactive user', async () => {
    await t.db.update(users).set({ isUserLoginActive: false }).where(eq(users.email, demo.lab));
    const response = await post('/api/auth/adminLogin', { email: demo.lab, password: 'genodesk' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ACCOUNT_INACTIVE');
    await t.db.update(users).set({ isUserLoginActive: true }).where(eq(users.email, demo.lab));
  });

  it('locks an account from the address that failed on it, even with the right password; elsewhere it only waits', async () => {
    await t.db.execute(sql`delete from login_failures`);
    for (let i = 0; i < loginThrottle.perAccountAndAddress; i++) {
      expect(
        (await post('/api/auth/adminLogin', { email: demo.doctor, password: `wrong${i}` })).statusCode,
      ).toBe(401);
    }
    const blocked = await post(
      '/api/auth/adminLogin',
      { email: demo.doctor, password: 'genodesk' },
      { 'accept-language': 'en' },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Too many sign-in attempts. Please try again in a while.');
    // From another address the doctor is slowed down (a second), not shut out: an attacker cannot aim a lock-out.
    const elsewhere = { 'x-forwarded-for': '198.51.100.20', 'accept-language': 'en' };
    const delayed = await post(
      '/api/auth/adminLogin',
      { email: demo.doctor, password: 'genodesk' },
      elsewhere,
    );
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().error).toMatchObject({
      code: 'SIGN_IN_DELAYED',
      message: 'Too many failed attempts. The next attempt is possible in 1 s.',
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(
      (await post('/api/auth/adminLogin', { email: demo.doctor, password: 'genodesk' }, elsewhere))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/adminLogin', { email: demo.doctor, password: 'genodesk' })).statusCode,
    ).toBe(429);
    await t.db.execute(sql`delete from login_failures`);
  });

  it('does not slow down an account with a second factor for wrong passwords from elsewhere', async () => {
    await t.db.execute(sql`delete from login_failures`);
    const [lab] = await t.db.select().from(users).where(eq(users.email, demo.lab));
    await t.db.insert(userTotp).values({ userId: lab!.id, secret: 'sealed', confirmedAt: new Date() });
    try {
      const attacker = { 'x-forwarded-for': '198.51.100.66' };
      for (let i = 0; i < 12; i++)
        await post('/api/auth/adminLogin', { email: demo.lab, password: `guess${i}` }, attacker);
      expect(
        (await post('/api/auth/adminLogin', { email: demo.lab, password: 'genodesk' }, attacker)).statusCode,
      ).toBe(429);
      // The lab worker's own sign-in goes straight to the second factor.
      const own = await post(
        '/api/auth/adminLogin',
        { email: demo.lab, password: 'genodesk' },
        { 'x-forwarded-for': '198.51.100.67' },
      );
      expect(own.statusCode).toBe(200);
    } finally {
      await t.db.delete(userTotp).where(eq(userTotp.userId, lab!.id));
      await t.db.execute(sql`delete from login_failures`);
    }
  });

  it('locks the account exactly at the limit when 30 wrong passwords come at once from one address', async () => {
    await t.db.execute(sql`delete from login_failures`);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/api/auth/adminLogin', { email: demo.doctor, password: `burst${i}` }),
      ),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(loginThrottle.perAccountAndAddress);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - loginThrottle.perAccountAndAddress);
    expect(
      (await post('/api/auth/adminLogin', { email: demo.doctor, password: 'genodesk' })).statusCode,
    ).toBe(429);
    await t.db.execute(sql`delete from login_failures`);
  });

  it('believes X-Forwarded-For only from a proxy it was told to trust', async () => {
    const direct = await testApp();
    try {
      const forged = await direct.app.inject({
        method: 'POST',
        url: '/api/auth/adminLogin',
        payload: { email: 'nobody@genodesk.test', password: 'x' },
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
      expect(forged.statusCode).toBe(401);
      const rows = await direct.db
        .select({ address: loginFailures.address })
        .from(loginFailures)
        .where(eq(loginFailures.email, 'nobody@genodesk.test'));
      expect(rows).toEqual([{ address: '127.0.0.1' }]);
    } finally {
      await direct.close();
    }
  });

  it('limits sign-ins from one address to 60 a minute, right passwords too', async () => {
    const from = { 'x-forwarded-for': '192.0.2.60' };
    for (let i = 0; i < 60; i++) {
      const ok = await post('/api/auth/adminLogin', { email: demo.admin, password: 'genodesk' }, from);
      expect(ok.statusCode).toBe(200);
    }
    const limited = await post('/api/auth/adminLogin', { email: demo.admin, password: 'genodesk' }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    // Another address is not held up.
    const other = await post(
      '/api/auth/adminLogin',
      { email: demo.admin, password: 'genodesk' },
      { 'x-forwarded-for': '192.0.2.61' },
    );
    expect(other.statusCode).toBe(200);
  });

  it('slows down an address failing across accounts without shutting it, and flags the spraying once', async () => {
    await t.db.execute(sql`delete from login_failures`);
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < loginThrottle.addressFree; i++) {
      await post('/api/auth/adminLogin', { email: `guess${i}@genodesk.test`, password: 'x' }, headers);
    }
    const delayed = await post('/api/auth/adminLogin', { email: demo.admin, password: 'genodesk' }, headers);
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().error.code).toBe('SIGN_IN_DELAYED');
    // Another address is not held up, and the office behind this one is back after the delay.
    expect((await post('/api/auth/adminLogin', { email: demo.admin, password: 'genodesk' })).statusCode).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(
      (await post('/api/auth/adminLogin', { email: demo.admin, password: 'genodesk' }, headers)).statusCode,
    ).toBe(200);
    const flagged = await t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.event, 'passwordSpraying'), eq(securityEvents.address, '203.0.113.7')));
    expect(flagged).toHaveLength(1);
    await t.db.execute(sql`delete from login_failures`);
  });
});

describe('tokens', () => {
  it('rotates the refresh token on every use', async () => {
    const first = await t.login(demo.admin);
    const rotated = await post('/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(rotated.statusCode).toBe(200);
    const { token, refreshToken } = rotated.json();
    expect(refreshToken).not.toBe(first.refreshToken);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().email).toBe(demo.admin);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await t.login(demo.admin);
    const second = (await post('/api/auth/refresh', { refreshToken: first.refreshToken })).json();
    const replay = await post('/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(replay.statusCode).toBe(403);
    // The legitimate successor and its access token are dead too.
    expect((await post('/api/auth/refresh', { refreshToken: second.refreshToken })).statusCode).toBe(403);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('refuses an unknown refresh token with 403', async () => {
    expect((await post('/api/auth/refresh', { refreshToken: 'made-up' })).statusCode).toBe(403);
  });

  it('logout revokes the family: the access token and the refresh token stop working', async () => {
    const session = await t.login(demo.doctor);
    const headers = { authorization: `Bearer ${session.token}` };
    const out = await t.app.inject({ method: 'DELETE', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(403);
  });

  it('refuses an expired, a forged and a missing access token', async () => {
    const session = await t.login(demo.doctor);
    const [, payload] = session.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('genodesk')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('not the server key'));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('genodesk')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1)
      .sign(new TextEncoder().encode('not the server key'));
    for (const authorization of [
      `Bearer ${forged}`,
      `Bearer ${unsigned}`,
      `Bearer ${expired}`,
      'Bearer nonsense',
      '',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('sign-ins end on the server', () => {
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
  const sessionOf = async (token: string) => {
    const sid = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    return row!;
  };

  it('a sign-in idle past the limit is refused at the next call and at refresh, and ends', async () => {
    const session = await t.login(demo.doctor);
    const row = await sessionOf(session.token);
    // The browser's 20 minutes and its countdown have passed, and a minute more.
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '22 minutes'` })
      .where(eq(sessions.id, row.id));
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(403);
    expect(await sessionOf(session.token)).toMatchObject({ revokedReason: 'idle' });
  });

  it('a sign-in older than 12 hours ends at refresh however active it was', async () => {
    const session = await t.login(demo.doctor);
    const row = await sessionOf(session.token);
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(sessions.id, row.id));
    expect((await post('/api/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(403);
    expect(await sessionOf(session.token)).toMatchObject({ revokedReason: 'expired' });
  });

  it('use keeps a sign-in alive: a call after a quiet spell counts as its last use', async () => {
    const session = await t.login(demo.doctor);
    const row = await sessionOf(session.token);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '15 minutes'` })
      .where(eq(sessions.id, row.id));
    expect((await me(session.token)).statusCode).toBe(200);
    const touched = await sessionOf(session.token);
    expect(Date.now() - touched.lastUsedAt.getTime()).toBeLessThan(60_000);
    const rotated = await post('/api/auth/refresh', { refreshToken: session.refreshToken });
    expect(rotated.statusCode).toBe(200);
  });

  it('lists the own live sign-ins with device and address, and ends one of them but no one else’s', async () => {
    const here = await t.login(demo.lab);
    const elsewhere = await post(
      '/api/auth/adminLogin',
      { email: demo.lab, password: 'genodesk' },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chromium/140 Laboratoř' },
    );
    const other = elsewhere.json();
    const headers = { authorization: `Bearer ${here.token}` };
    const listed = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers });
    expect(listed.statusCode).toBe(200);
    const items = listed.json() as {
      id: string;
      current: boolean;
      userAgent: string | null;
      address: string;
    }[];
    const otherId = (await sessionOf(other.token)).id;
    expect(items.find((s) => s.current)?.id).toBe((await sessionOf(here.token)).id);
    expect(items.find((s) => s.id === otherId)).toMatchObject({
      current: false,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chromium/140 Laboratoř',
      address: '127.0.0.1',
    });
    const ended = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers });
    expect(ended.statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await me(here.token)).statusCode).toBe(200);
    // Another user's sign-in is not found, and stays.
    const doctor = await t.login(demo.doctor);
    const doctorSession = (await sessionOf(doctor.token)).id;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${doctorSession}`,
      headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(doctor.token)).statusCode).toBe(200);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/nope', headers });
    expect(malformed.statusCode).toBe(400);
  });

  it('an administrator ends every sign-in of a user, audited; others may not', async () => {
    const one = await t.login(demo.reception);
    const two = await t.login(demo.reception);
    const [reception] = await t.db.select().from(users).where(eq(users.email, demo.reception));
    const admin = await t.authAs(demo.admin);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/signout',
      payload: { UserId: reception!.id },
      headers: { authorization: `Bearer ${two.token}` },
    });
    expect(refused.statusCode).toBe(403);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/signout',
      payload: { UserId: reception!.id },
      headers: admin,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().ended).toBeGreaterThanOrEqual(2);
    expect((await me(one.token)).statusCode).toBe(401);
    expect((await me(two.token)).statusCode).toBe(401);
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reception!.id), eq(auditLog.field, 'signedOutEverywhere')));
    expect(trail).toBeDefined();
  });
});

describe('GET auth/user', () => {
  it('sees a permission removed from the role and a deactivation at the next call', async () => {
    const session = await t.login(demo.reception);
    const headers = { authorization: `Bearer ${session.token}` };
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/auth/user', headers, query: { locale: 'en' } })
    ).json();
    expect(before).toMatchObject({
      userName: 'Radka Recepční',
      role: { name: 'Reception' },
      isMainDoctor: false,
      phoneNumber: '+420604444444',
    });
    expect(before.permissions).toContain('Vouchers.Create');

    const [reception] = await t.db.select().from(roles).where(eq(roles.name, 'Reception'));
    await t.db
      .delete(rolePermissions)
      .where(
        sql`${rolePermissions.roleId} = ${reception!.id} and ${rolePermissions.permission} = 'Vouchers.Create'`,
      );
    await t.heard();
    const after = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).json();
    expect(after.permissions).not.toContain('Vouchers.Create');

    await t.db.update(users).set({ isUserLoginActive: false }).where(eq(users.email, demo.reception));
    await t.heard();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(401);
    await t.db.update(users).set({ isUserLoginActive: true }).where(eq(users.email, demo.reception));
    await t.db.insert(rolePermissions).values({ roleId: reception!.id, permission: 'Vouchers.Create' });
  });

  it("says the user's qualification, in the sign-in's answer too, and a change of it at the next call", async () => {
    const me = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: await t.authAs(email) })).json();
    expect((await me(demo.doctor)).qualification).toBe('physician');
    expect((await me(demo.lab)).qualification).toBe('laboratorySpecialist');
    expect((await me(demo.admin)).qualification).toBe('none');
    const login = await post('/api/auth/adminLogin', { email: demo.doctor, password: 'genodesk' });
    expect(login.json().user.qualification).toBe('physician');

    // The principal kept between requests is dropped when the user's row changes.
    const session = await t.login(demo.reception);
    const headers = { authorization: `Bearer ${session.token}` };
    const read = async () => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).json();
    expect((await read()).qualification).toBe('none');
    await t.db.update(users).set({ qualification: 'technician' }).where(eq(users.email, demo.reception));
    await t.heard();
    expect((await read()).qualification).toBe('technician');
    await t.db.update(users).set({ qualification: 'none' }).where(eq(users.email, demo.reception));
  });
});

describe('POST auth/changepassword', () => {
  it('refuses a wrong old password with the spec message in cs and en, and changes nothing', async () => {
    const headers = await t.authAs(demo.lab);
    const body = { OldPassword: 'wrong-old', newPassword: 'a-new-password' };
    const cs = await post('/api/auth/changepassword', body, headers);
    expect(cs.statusCode).toBe(422);
    expect(cs.json().error).toMatchObject({
      message: 'Nesprávné staré heslo!',
      fields: { OldPassword: 'Nesprávné staré heslo!' },
    });
    const en = await post('/api/auth/changepassword', body, { ...headers, 'accept-language': 'en' });
    expect(en.json().error.message).toBe('The old password is invalid!');
    await t.login(demo.lab);
  });

  it('changes the password, keeps this sign-in and ends the others', async () => {
    const other = await t.login(demo.lab);
    const current = await t.login(demo.lab);
    const headers = { authorization: `Bearer ${current.token}` };
    const response = await post(
      '/api/auth/changepassword',
      { oldPassword: 'genodesk', NewPassword: 'lab-password-2' },
      headers,
    );
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(403);
    expect((await post('/api/auth/adminLogin', { email: demo.lab, password: 'genodesk' })).statusCode).toBe(
      401,
    );
    await t.login(demo.lab, 'lab-password-2');
    await t.db.execute(sql`delete from login_failures`);
  });

  it('refuses a new password that is too short', async () => {
    const headers = await t.authAs(demo.admin);
    const response = await post(
      '/api/auth/changepassword',
      { OldPassword: 'genodesk', newPassword: 'short' },
      headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.newPassword).toBe('Heslo musí mít alespoň 12 znaků!');
  });

  it('refuses a common password, also with digits added, in the caller’s language', async () => {
    const headers = { ...(await t.authAs(demo.admin)), 'accept-language': 'en' };
    for (const newPassword of ['password123456', 'Qwertyuiop!2024']) {
      const response = await post(
        '/api/auth/changepassword',
        { OldPassword: 'genodesk', newPassword },
        headers,
      );
      expect(response.statusCode, newPassword).toBe(422);
      expect(response.json().error.fields.newPassword).toBe(
        'This password is too common. Choose another one.',
      );
    }
    const [admin] = await t.db.select().from(users).where(eq(users.email, demo.admin));
    expect(admin!.demoPassword).toBe(true);
  });
});

describe('a temporary password', () => {
  it('works for 24 hours, then is refused with the reason in the caller’s language', async () => {
    const admin = await t.authAs(demo.admin);
    const [lab] = await t.db.select().from(users).where(eq(users.email, demo.lab));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/markreset',
      payload: { UserId: lab!.id },
      headers: admin,
    });
    const { temporaryPassword } = reset.json();
    const [row] = await t.db.select().from(users).where(eq(users.id, lab!.id));
    const hours = (row!.temporaryPasswordExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    await t.db
      .update(users)
      .set({ temporaryPasswordExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(users.id, lab!.id));
    const late = await post(
      '/api/auth/adminLogin',
      { email: demo.lab, password: temporaryPassword },
      { 'accept-language': 'en' },
    );
    expect(late.statusCode).toBe(401);
    expect(late.json().error.message).toBe(
      'The temporary password has expired. Ask an administrator for a new one.',
    );
    // A new one works, and changing it ends the expiry.
    const again = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/users/markreset',
        payload: { UserId: lab!.id },
        headers: admin,
      })
    ).json();
    const session = await t.login(demo.lab, again.temporaryPassword);
    const changed = await post(
      '/api/auth/changepassword',
      { OldPassword: again.temporaryPassword, newPassword: 'a lab passphrase of length' },
      { authorization: `Bearer ${session.token}` },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, lab!.id));
    expect(after).toMatchObject({ mustChangePassword: false, temporaryPasswordExpiresAt: null });
    await t.db.execute(sql`delete from login_failures`);
  });
});

describe('a user marked for reset', () => {
  it('signs in with the temporary password and must change it before anything else', async () => {
    const admin = await t.authAs(demo.admin);
    const [doctor] = await t.db.select().from(users).where(eq(users.email, demo.doctor));
    const reset = await post('/api/admin/users/markreset', { UserId: doctor!.id }, admin);
    expect(reset.statusCode).toBe(200);
    const { temporaryPassword } = reset.json();
    expect(
      (await post('/api/auth/adminLogin', { email: demo.doctor, password: 'genodesk' })).statusCode,
    ).toBe(401);

    const session = await t.login(demo.doctor, temporaryPassword);
    expect(session.user).toMatchObject({ mustChangePassword: true });
    const headers = { authorization: `Bearer ${session.token}` };
    const ownDetails = { Email: demo.doctor, PhoneNumber: '+420602222222', Color: 2 };
    const blocked = await post('/api/admin/userpanel/changeDetails', ownDetails, headers);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('MUST_CHANGE_PASSWORD');

    const changed = await post(
      '/api/auth/changepassword',
      { OldPassword: temporaryPassword, newPassword: 'a doctor passphrase' },
      headers,
    );
    expect(changed.statusCode).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).json();
    expect(me.mustChangePassword).toBe(false);
    expect((await post('/api/admin/userpanel/changeDetails', ownDetails, headers)).statusCode).toBe(200);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, doctor!.id));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(1);
  });
});
