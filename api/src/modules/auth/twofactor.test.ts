import { and, desc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAuthenticator } from '../../../test/authenticator.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import {
  auditLog,
  loginFailures,
  passkeys,
  roles,
  securityEvents,
  sessions,
  users,
  userTotp,
} from '../../db/schema/index.js';
import { demoPassword } from '../../seed/demo.js';

const origin = 'http://localhost:3000';
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp({ publicUrl: origin });
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

/** The app's code for a moment `offset` steps of 30 s from now. */
const codeAt = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

async function userId(email: string) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function eventsOf(email: string) {
  const rows = await t.db
    .select({ event: securityEvents.event, detail: securityEvents.detail, actorId: securityEvents.actorId })
    .from(securityEvents)
    .where(eq(securityEvents.userId, await userId(email)))
    .orderBy(desc(securityEvents.id));
  return rows;
}

/**
 * Sets up the authenticator app for a signed-in user, confirmed with their password (none at a
 * sign-in's enrolment step); answers its secret and recovery codes.
 */
async function enrolTotp(headers: object, CurrentPassword?: string) {
  const setup = await call('POST', '/api/auth/twofactor/totp/setup', headers);
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrCode } = setup.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/GenoDesk:/);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await call('POST', '/api/auth/twofactor/totp/confirm', headers, {
    code: codeAt(secret),
    CurrentPassword,
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] | null };
}

describe('the authenticator app (TOTP)', () => {
  it('is enrolled from the profile with a code and ten recovery codes, then asked for at every sign-in', async () => {
    const doctor = await t.authAs(demo.doctor);
    const setup = (await call('POST', '/api/auth/twofactor/totp/setup', doctor)).json();
    // Not active until a code proves the app holds the secret; a wrong one changes nothing.
    const wrong = await call('POST', '/api/auth/twofactor/totp/confirm', doctor, {
      code: '000000',
      CurrentPassword: demoPassword,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe('Kód nesouhlasí nebo už byl použit.');
    expect((await call('GET', '/api/auth/twofactor', doctor)).json().totp).toBe(false);

    const confirmed = await call('POST', '/api/auth/twofactor/totp/confirm', doctor, {
      code: codeAt(setup.secret),
      CurrentPassword: demoPassword,
    });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call('GET', '/api/auth/twofactor', doctor)).json()).toMatchObject({
      required: false,
      totp: true,
      passkeys: [],
      recoveryCodesLeft: 10,
    });
    // The secret is kept sealed, not as the app's text.
    const [stored] = await t.db
      .select()
      .from(userTotp)
      .where(eq(userTotp.userId, await userId(demo.doctor)));
    expect(stored!.secret).not.toContain(setup.secret);

    // The next sign-in waits for the second factor: only its own calls are open.
    const signIn = await t.login(demo.doctor);
    expect(signIn.user).toMatchObject({ secondFactor: 'verify' });
    const pending = bearer(signIn.token);
    const blocked = await call('GET', '/api/admin/customers', pending);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const refresh = await call('POST', '/api/auth/refresh', {}, { refreshToken: signIn.refreshToken });
    expect(refresh.statusCode).toBe(403);

    // The code that confirmed the app was used; the next one is accepted once.
    const replay = await call('POST', '/api/auth/twofactor/verify', pending, { code: codeAt(setup.secret) });
    expect(replay.statusCode).toBe(422);
    const next = codeAt(setup.secret, 1);
    const verified = await call('POST', '/api/auth/twofactor/verify', pending, { code: next });
    expect(verified.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/user', pending)).json().secondFactor).toBeNull();
    expect((await call('GET', '/api/admin/customers', pending)).statusCode).toBe(200);

    const again = bearer((await t.login(demo.doctor)).token);
    expect((await call('POST', '/api/auth/twofactor/verify', again, { code: next })).statusCode).toBe(422);

    const log = await eventsOf(demo.doctor);
    expect(log.map((e) => e.event)).toEqual(
      expect.arrayContaining(['factorEnrolled', 'signIn', 'secondFactor', 'secondFactorRefused']),
    );
    expect(log.find((e) => e.event === 'secondFactor')?.detail).toBe('totp');
  });

  it('takes a recovery code once', async () => {
    const headers = await t.authAs(demo.lab);
    const { recoveryCodes } = await enrolTotp(headers, demoPassword);
    const code = recoveryCodes![3]!;

    const first = bearer((await t.login(demo.lab)).token);
    // Typed in capitals, without the dash: still the code.
    const used = await call('POST', '/api/auth/twofactor/verify', first, {
      code: code.toUpperCase().replace('-', ''),
    });
    expect(used.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/twofactor', first)).json().recoveryCodesLeft).toBe(9);

    const second = bearer((await t.login(demo.lab)).token);
    const reused = await call('POST', '/api/auth/twofactor/verify', second, { code });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.fields).toMatchObject({ code: expect.any(String) });
  });

  it('counts wrong codes with the account’s failed sign-ins and ends the waiting sign-in at the limit', async () => {
    const email = 'locked.totp@genodesk.test';
    const headers = await staffUser(email);
    await enrolTotp(headers, staffPassword);

    const signIn = bearer((await t.login(email, staffPassword)).token);
    // The password attempt counts as one; four wrong codes fill the account's five.
    for (let i = 0; i < 4; i++) {
      const wrong = await call('POST', '/api/auth/twofactor/verify', signIn, { code: '123456' });
      expect(wrong.statusCode).toBe(422);
    }
    const limited = await call('POST', '/api/auth/twofactor/verify', signIn, { code: '654321' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Příliš mnoho pokusů o přihlášení. Zkuste to prosím za chvíli.',
    );
    expect((await call('GET', '/api/auth/user', signIn)).statusCode).toBe(401);
    // The account stays locked for the window, even with the right password.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { email, password: staffPassword },
    });
    expect(retry.statusCode).toBe(429);
    expect((await eventsOf(email)).map((e) => e.event)).toContain('lockedOut');
  });

  it('refuses to remove the app without the password, and a second setup while one is active', async () => {
    const email = 'remover@genodesk.test';
    const headers = await staffUser(email);
    await enrolTotp(headers, staffPassword);
    const again = await call('POST', '/api/auth/twofactor/totp/setup', headers);
    expect(again.statusCode).toBe(409);
    const wrong = await call('POST', '/api/auth/twofactor/totp/remove', headers, {
      password: 'not it at all',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toMatchObject({ password: 'Nesprávné heslo!' });
    const removed = await call('POST', '/api/auth/twofactor/totp/remove', headers, {
      password: staffPassword,
    });
    expect(removed.statusCode).toBe(200);
    // Without a factor, the recovery codes go too, and the next sign-in is the password alone.
    expect((await call('GET', '/api/auth/twofactor', headers)).json()).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect((await t.login(email, staffPassword)).user).toMatchObject({ secondFactor: null });
  });
});

describe('passkeys', () => {
  it('registers a passkey and signs in with it, its counter kept', async () => {
    const email = 'passkey@genodesk.test';
    const headers = await staffUser(email);
    const key = new TestAuthenticator();

    const options = (
      await call('POST', '/api/auth/twofactor/passkeys/options', headers, { CurrentPassword: staffPassword })
    ).json();
    expect(options.rp).toMatchObject({ id: 'localhost', name: 'GenoDesk' });
    const registered = await call('POST', '/api/auth/twofactor/passkeys', headers, {
      name: 'Klíč na recepci',
      response: key.register(options, origin),
      CurrentPassword: staffPassword,
    });
    expect(registered.statusCode).toBe(200);
    expect(registered.json().recoveryCodes).toHaveLength(10);
    const status = (await call('GET', '/api/auth/twofactor', headers)).json();
    expect(status.passkeys).toEqual([
      expect.objectContaining({ id: key.id, name: 'Klíč na recepci', lastUsedAt: null }),
    ]);

    const signIn = await t.login(email, staffPassword);
    expect(signIn.user).toMatchObject({ secondFactor: 'verify' });
    const pending = bearer(signIn.token);
    const challenge = (await call('POST', '/api/auth/twofactor/passkey/options', pending)).json();
    expect(challenge.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const verified = await call('POST', '/api/auth/twofactor/passkey/verify', pending, {
      response: key.authenticate(challenge, origin),
    });
    expect(verified.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/customers', pending)).statusCode).toBe(200);
    expect((await eventsOf(email)).find((e) => e.event === 'secondFactor')?.detail).toBe('passkey');

    // A challenge answers once; an answer for another site is refused.
    const next = bearer((await t.login(email, staffPassword)).token);
    const replay = await call('POST', '/api/auth/twofactor/passkey/verify', next, {
      response: key.authenticate(challenge, origin),
    });
    expect(replay.statusCode).toBe(422);
    const fresh = (await call('POST', '/api/auth/twofactor/passkey/options', next)).json();
    const phished = await call('POST', '/api/auth/twofactor/passkey/verify', next, {
      response: key.authenticate(fresh, 'https://genodesk.example.net'),
    });
    expect(phished.statusCode).toBe(422);
    expect(phished.json().error.message).toBe('Přístupový klíč se nepodařilo ověřit.');
  });

  it('does not let one user sign in with another’s passkey', async () => {
    const owner = await staffUser('owner.key@genodesk.test');
    const key = new TestAuthenticator();
    const options = (
      await call('POST', '/api/auth/twofactor/passkeys/options', owner, { CurrentPassword: staffPassword })
    ).json();
    const registered = await call('POST', '/api/auth/twofactor/passkeys', owner, {
      name: 'Můj',
      response: key.register(options, origin),
      CurrentPassword: staffPassword,
    });
    expect(registered.statusCode).toBe(200);

    const thief = await staffUser('thief.key@genodesk.test');
    await enrolTotp(thief, staffPassword);
    const pending = bearer((await t.login('thief.key@genodesk.test', staffPassword)).token);
    const noKeys = await call('POST', '/api/auth/twofactor/passkey/options', pending);
    expect(noKeys.statusCode).toBe(422);
    expect(noKeys.json().error.message).toBe('Tento přístupový klíč u vašeho účtu není.');
  });
});

describe('two factors required by the role', () => {
  it('leads a user of such a role to enrol right after the password, and keeps the last factor', async () => {
    const email = 'enrol.me@genodesk.test';
    const before = await staffUser(email, 'Reception');
    const [reception] = await t.db.select().from(roles).where(eq(roles.name, 'Reception'));
    const required = await call('PUT', '/api/admin/roles/twofactor', admin, {
      RoleId: reception!.id,
      Required: true,
    });
    expect(required.statusCode).toBe(200);
    expect(required.json().requiresTwoFactor).toBe(true);
    try {
      // A sign-in made without the factor ends: it must not add one without the password (issue 36).
      expect((await call('GET', '/api/auth/user', before)).statusCode).toBe(401);
      const headers = bearer((await t.login(email, staffPassword)).token);
      const user = (await call('GET', '/api/auth/user', headers)).json();
      expect(user.secondFactor).toBe('enrol');
      const blocked = await call('GET', '/api/admin/customers', headers);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.message).toBe(
        'Vaše role vyžaduje dvoufázové přihlášení. Nejdřív si nastavte druhý faktor.',
      );
      // The enrolment step asks no password: it was given just before, and nothing else is open.
      await enrolTotp(headers);
      expect((await call('GET', '/api/admin/customers', headers)).statusCode).toBe(200);
      // Past that step, another factor asks for it again.
      const another = await call('POST', '/api/auth/twofactor/passkeys/options', headers, {});
      expect(another.statusCode).toBe(422);
      expect(another.json().error.fields).toEqual({
        CurrentPassword: 'Přidání druhého faktoru potvrďte svým heslem.',
      });

      const last = await call('POST', '/api/auth/twofactor/totp/remove', headers, {
        password: staffPassword,
      });
      expect(last.statusCode).toBe(422);
      expect(last.json().error.message).toBe('Vaše role vyžaduje druhý faktor: poslední odebrat nelze.');

      const trail = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, reception!.id)));
      expect(trail.map((a) => [a.field, a.oldValue, a.newValue])).toContainEqual([
        'requiresTwoFactor',
        'false',
        'true',
      ]);
    } finally {
      await call('PUT', '/api/admin/roles/twofactor', admin, { RoleId: reception!.id, Required: false });
    }
  });

  it('asks for the password again at an enrolment step left open longer than minutes', async () => {
    const email = 'enrol.late@genodesk.test';
    await staffUser(email, 'Laboratory');
    const [laboratory] = await t.db.select().from(roles).where(eq(roles.name, 'Laboratory'));
    await call('PUT', '/api/admin/roles/twofactor', admin, { RoleId: laboratory!.id, Required: true });
    try {
      const signedIn = await t.login(email, staffPassword);
      const headers = bearer(signedIn.token);
      await t.db.execute(
        sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${signedIn.user.id}`,
      );
      const setup = await call('POST', '/api/auth/twofactor/totp/setup', headers);
      expect(setup.statusCode).toBe(200);
      const confirm = await call('POST', '/api/auth/twofactor/totp/confirm', headers, {
        code: codeAt(setup.json().secret),
      });
      expect(confirm.statusCode).toBe(422);
      expect(confirm.json().error.fields).toEqual({
        CurrentPassword: 'Přidání druhého faktoru potvrďte svým heslem.',
      });
      const confirmed = await t.db.select().from(userTotp).where(eq(userTotp.userId, signedIn.user.id));
      expect(confirmed.filter((f) => f.confirmedAt !== null)).toHaveLength(0);
    } finally {
      await call('PUT', '/api/admin/roles/twofactor', admin, { RoleId: laboratory!.id, Required: false });
    }
  });

  it('does not let anyone change their own role’s requirement or permissions, nor grant what they lack', async () => {
    const [adminRole] = await t.db.select().from(roles).where(eq(roles.name, 'Admin'));
    const own = await call('PUT', '/api/admin/roles/twofactor', admin, {
      RoleId: adminRole!.id,
      Required: true,
    });
    expect(own.statusCode).toBe(422);
    const ownPermission = await call('PUT', '/api/admin/roles/addpermission', admin, {
      RoleId: adminRole!.id,
      Permission: 'Users.View',
    });
    expect(ownPermission.statusCode).toBe(422);
    expect(ownPermission.json().error.message).toBe(
      'Oprávnění své vlastní role měnit nemůžete; požádejte jiného správce.',
    );
  });
});

describe('an administrator’s reset of second factors', () => {
  it('removes the factors, ends the sign-ins, is audited, and is refused for one’s own', async () => {
    const email = 'lost.phone@genodesk.test';
    const headers = await staffUser(email);
    await enrolTotp(headers, staffPassword);
    const id = await userId(email);

    const reset = await call('POST', '/api/admin/users/resetfactors', admin, { UserId: id });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/user', headers)).statusCode).toBe(401);
    expect((await t.login(email, staffPassword)).user).toMatchObject({ secondFactor: null });
    const [event] = (await eventsOf(email)).filter((e) => e.event === 'factorsReset');
    expect(event?.actorId).toBe(await userId(demo.admin));
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id), eq(auditLog.field, 'secondFactors')),
      );
    expect(trail).toHaveLength(1);

    const own = await call('POST', '/api/admin/users/resetfactors', admin, {
      UserId: await userId(demo.admin),
    });
    expect(own.statusCode).toBe(422);
    const reception = await t.authAs(demo.reception);
    expect((await call('POST', '/api/admin/users/resetfactors', reception, { UserId: id })).statusCode).toBe(
      403,
    );
  });
});

describe('managing another user', () => {
  it('is refused when their role has permissions the manager lacks: no taking over an administrator', async () => {
    const [doctorRole] = await t.db.select().from(roles).where(eq(roles.name, 'Doctor'));
    const grant = { RoleId: doctorRole!.id, Permission: 'Users.Edit' };
    expect((await call('PUT', '/api/admin/roles/addpermission', admin, grant)).statusCode).toBe(200);
    try {
      // A doctor who may also edit users (the demo doctor has a factor by now: a new one).
      const doctor = await staffUser('manager@genodesk.test');
      const adminId = await userId(demo.admin);
      for (const url of [
        '/api/admin/users/markreset',
        '/api/admin/users/resetfactors',
        '/api/admin/users/signout',
      ]) {
        const refused = await call('POST', url, doctor, { UserId: adminId });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error.message).toBe(
          'Tohoto uživatele spravovat nemůžete: jeho role má oprávnění, která sami nemáte.',
        );
      }
      // Nothing happened to the administrator.
      const [after] = await t.db.select().from(users).where(eq(users.id, adminId));
      expect(after!.mustChangePassword).toBe(false);
      expect((await call('GET', '/api/auth/user', admin)).statusCode).toBe(200);
    } finally {
      await call(
        'DELETE',
        `/api/admin/roles/removepermission?RoleId=${doctorRole!.id}&Permission=Users.Edit`,
        admin,
      );
    }
  });
});

describe('the security log of sign-ins', () => {
  it('keeps a refused sign-in with the user and address, never the password', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { email: demo.reception, password: 'wrong password here' },
      remoteAddress: '203.0.113.9',
    });
    const [refused] = await t.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.event, 'signInRefused'),
          eq(securityEvents.userId, await userId(demo.reception)),
        ),
      );
    expect(refused).toMatchObject({ address: '203.0.113.9', detail: 'INVALID_CREDENTIALS' });
    expect(JSON.stringify(refused)).not.toContain('wrong password here');
    const pending = await t.db.select().from(sessions).where(eq(sessions.secondFactorPending, true));
    for (const session of pending) expect(session.secondFactor).toBeNull();
  });
});

describe('before the second factor', () => {
  it('shows only the e-mail, the name and the factors held: no role, permissions, phone or keys', async () => {
    const email = 'pending.view@genodesk.test';
    const headers = await staffUser(email);
    const phone = await call('POST', '/api/admin/userpanel/changeDetails', headers, {
      Email: email,
      PhoneNumber: '+420 777 555 111',
      Color: 2,
    });
    expect(phone.statusCode).toBe(200);
    const { secret } = await enrolTotp(headers, staffPassword);

    const expected = {
      email,
      userName: 'pending.view',
      secondFactor: 'verify',
      factors: { totp: true, passkeys: false, recoveryCodes: true },
    };
    const signIn = await t.login(email, staffPassword);
    expect(signIn.user).toEqual(expected);
    const pending = bearer(signIn.token);
    const user = await call('GET', '/api/auth/user', pending);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual(expected);
    // Nor the factors' details: a passkey's name says whose device it is.
    const status = await call('GET', '/api/auth/twofactor', pending);
    expect(status.statusCode).toBe(403);
    expect(status.json().error.code).toBe('SECOND_FACTOR_REQUIRED');

    // The second factor given, the whole user.
    const verified = await call('POST', '/api/auth/twofactor/verify', pending, { code: codeAt(secret, 1) });
    expect(verified.statusCode).toBe(200);
    const full = (await call('GET', '/api/auth/user', pending)).json();
    expect(full).toMatchObject({
      email,
      secondFactor: null,
      phoneNumber: expect.stringContaining('777'),
      role: { name: expect.any(String) },
    });
    expect(full.permissions).toContain('Permissions.AdminPanel.View');
    expect((await call('GET', '/api/auth/twofactor', pending)).statusCode).toBe(200);
  });
});

describe('adding a second factor asks for the password', () => {
  it('the authenticator app: refused without or with a wrong password, its code left unused; turned on with the right one', async () => {
    const email = 'add.app@genodesk.test';
    const headers = await staffUser(email);
    const setup = await call('POST', '/api/auth/twofactor/totp/setup', headers);
    expect(setup.statusCode).toBe(200);
    const code = codeAt(setup.json().secret);

    const missing = await call('POST', '/api/auth/twofactor/totp/confirm', headers, { code });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toEqual({
      CurrentPassword: 'Přidání druhého faktoru potvrďte svým heslem.',
    });
    const wrong = await call('POST', '/api/auth/twofactor/totp/confirm?locale=en', headers, {
      code,
      CurrentPassword: 'not my password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ CurrentPassword: 'Wrong password!' });
    expect((await call('GET', '/api/auth/twofactor', headers)).json()).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect((await eventsOf(email)).map((e) => e.event)).not.toContain('factorEnrolled');

    // The same code: the refusals did not use it up.
    const right = await call('POST', '/api/auth/twofactor/totp/confirm', headers, {
      code,
      CurrentPassword: staffPassword,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().recoveryCodes).toHaveLength(10);
    expect((await call('GET', '/api/auth/twofactor', headers)).json().totp).toBe(true);
    expect((await eventsOf(email)).find((e) => e.event === 'factorEnrolled')?.detail).toBe('totp');
  });

  it('a passkey: no challenge and no registration without or with a wrong password; registered with the right one', async () => {
    const email = 'add.key@genodesk.test';
    const headers = await staffUser(email);
    const key = new TestAuthenticator();
    const options = (path: string, body: object) =>
      call('POST', `/api/auth/twofactor/passkeys/options${path}`, headers, body);

    const noChallenge = await options('', {});
    expect(noChallenge.statusCode).toBe(422);
    expect(noChallenge.json().error.fields).toEqual({
      CurrentPassword: 'Přidání druhého faktoru potvrďte svým heslem.',
    });
    const wrongChallenge = await options('', { CurrentPassword: 'not my password' });
    expect(wrongChallenge.statusCode).toBe(422);
    expect(wrongChallenge.json().error.fields).toEqual({ CurrentPassword: 'Nesprávné heslo!' });

    const challenge = await options('', { CurrentPassword: staffPassword });
    expect(challenge.statusCode).toBe(200);
    const response = key.register(challenge.json(), origin);
    const register = (body: object) =>
      call('POST', '/api/auth/twofactor/passkeys', headers, { name: 'Klíč', response, ...body });
    const missing = await register({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toEqual({
      CurrentPassword: 'Přidání druhého faktoru potvrďte svým heslem.',
    });
    const wrong = await register({ CurrentPassword: 'not my password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ CurrentPassword: 'Nesprávné heslo!' });
    const stored = () => t.db.select().from(passkeys).where(eq(passkeys.id, key.id));
    expect(await stored()).toHaveLength(0);

    // The challenge is still there: a refused password did not take it.
    const right = await register({ CurrentPassword: staffPassword });
    expect(right.statusCode).toBe(200);
    expect(right.json().recoveryCodes).toHaveLength(10);
    expect(await stored()).toHaveLength(1);
  });
});

describe('a wrong password confirming a change', () => {
  /** A call from an address of its own, so the address's count is this test's alone. */
  const callFrom =
    (remoteAddress: string) => (method: 'POST', url: string, headers: object, payload?: object) =>
      t.app.inject({ method, url, headers: headers as Record<string, string>, payload, remoteAddress });
  const failuresOf = (email: string) =>
    t.db.select().from(loginFailures).where(eq(loginFailures.email, email));

  it('is in the security log and counts with the account’s failed sign-ins: guessing locks the account', async () => {
    const email = 'guesser@genodesk.test';
    const headers = await staffUser(email);
    await enrolTotp(headers, staffPassword);
    const from = callFrom('198.51.100.21');
    const guess = 'maybe this one';

    const refusals = [
      ['/api/auth/twofactor/totp/remove', { password: guess }, 'password', 'totpRemoval'],
      ['/api/auth/twofactor/recoverycodes', { password: guess }, 'password', 'recoveryCodes'],
      [
        '/api/auth/twofactor/passkeys/options',
        { CurrentPassword: guess },
        'CurrentPassword',
        'passkeyEnrolment',
      ],
      [
        '/api/admin/userpanel/changeDetails',
        { Email: 'elsewhere@genodesk.test', Color: 2, CurrentPassword: guess },
        'CurrentPassword',
        'emailChange',
      ],
      [
        '/api/auth/changepassword',
        { OldPassword: guess, newPassword: 'another long passphrase 7' },
        'OldPassword',
        'passwordChange',
      ],
    ] as const;
    for (const [url, body, field] of refusals) {
      const refused = await from('POST', url, headers, body);
      expect(refused.statusCode, url).toBe(422);
      expect(Object.keys(refused.json().error.fields), url).toEqual([field]);
    }
    const log = (await eventsOf(email)).filter((e) => e.event === 'passwordConfirmationRefused');
    expect(log.map((e) => e.detail).sort()).toEqual(refusals.map(([, , , detail]) => detail).sort());
    expect(await failuresOf(email)).toHaveLength(5);

    // The account's five from this address are used: the right password is refused too, here and at
    // the sign-in from the same address.
    const locked = await from('POST', '/api/auth/twofactor/totp/remove', headers, {
      password: staffPassword,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await call('GET', '/api/auth/twofactor', headers)).json().totp).toBe(true);
    const signIn = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/adminLogin',
        payload: { email, password: staffPassword },
        remoteAddress,
      });
    expect((await signIn('198.51.100.21')).statusCode).toBe(429);
    // Elsewhere the owner of a second factor is not held up: the password alone opens nothing.
    const owner = await signIn('198.51.100.22');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.secondFactor).toBe('verify');
    // Newest first: the sign-in's lock-out, then the confirmation's.
    const lockouts = (await eventsOf(email)).filter((e) => e.event === 'lockedOut');
    expect(lockouts.map((e) => e.detail)).toEqual(['TOO_MANY_ATTEMPTS', 'totpRemoval']);

    // The security log screen lists them under their own event.
    const listed = await call(
      'GET',
      `/api/admin/securitylog?event=passwordConfirmationRefused&userId=${await userId(email)}`,
      admin,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json().total).toBe(5);
    expect(listed.json().items[0]).toMatchObject({ address: '198.51.100.21' });
  });

  it('the right one clears the count: confirming never locks out its own user', async () => {
    const email = 'forgetful@genodesk.test';
    const headers = await staffUser(email);
    await enrolTotp(headers, staffPassword);
    const from = callFrom('198.51.100.31');
    const renew = (password: string) =>
      from('POST', '/api/auth/twofactor/recoverycodes', headers, { password });

    for (let i = 0; i < 3; i++) expect((await renew('not it')).statusCode).toBe(422);
    expect((await renew(staffPassword)).statusCode).toBe(200);
    expect(await failuresOf(email)).toHaveLength(0);
    // Three more wrong ones (six in all) are each still just wrong.
    for (let i = 0; i < 3; i++) expect((await renew('not it')).statusCode).toBe(422);
    expect(await failuresOf(email)).toHaveLength(3);
  });
});

const staffPassword = 'a long staff passphrase 42';

/** A new staff member of the role (Doctor unless said), signed in with a password of their own. */
async function staffUser(email: string, role = 'Doctor') {
  const [roleRow] = await t.db.select().from(roles).where(eq(roles.name, role));
  const created = await call('PUT', '/api/admin/users/create', admin, {
    Email: email,
    UserName: email.split('@')[0],
    RoleId: roleRow!.id,
    Color: 2,
  });
  expect(created.statusCode).toBe(200);
  const temporary = await t.login(email, created.json().temporaryPassword);
  const changed = await call('POST', '/api/auth/changepassword', bearer(temporary.token), {
    OldPassword: created.json().temporaryPassword,
    newPassword: staffPassword,
  });
  expect(changed.statusCode).toBe(200);
  return bearer(temporary.token);
}
