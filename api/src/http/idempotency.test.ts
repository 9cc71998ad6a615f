import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { idempotentRequests, productTypes, users } from '../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const createProductType = (name: string, key?: string, headers = admin, price = 1990) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/producttypes/create',
    payload: { Name: name, Price: price },
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  });

const named = async (name: string) =>
  (
    await t.db.select({ n: sql<number>`count(*)::int` }).from(productTypes).where(eq(productTypes.name, name))
  )[0]?.n;

const fresh = (prefix: string) => {
  seq += 1;
  return { name: `${prefix} ${seq}`, key: `test-key-${Date.now()}-${seq}` };
};

describe('Idempotency-Key on state-changing calls', () => {
  it('does the work once for the same key twice and answers the repeat as the first', async () => {
    const { name, key } = fresh('Jednou');
    const first = await createProductType(name, key);
    const repeat = await createProductType(name, key);
    expect(first.statusCode).toBe(200);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await named(name)).toBe(1);
  });

  it('does the work once when five requests with one key arrive at once', async () => {
    const { name, key } = fresh('Najednou');
    const answers = await Promise.all(Array.from({ length: 5 }, () => createProductType(name, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(await named(name)).toBe(1);
  });

  it('without a key, a repeat is a new request (here refused as a duplicate name)', async () => {
    const { name } = fresh('Bez klíče');
    expect((await createProductType(name)).statusCode).toBe(200);
    const repeat = await createProductType(name);
    expect(repeat.headers['idempotent-replayed']).toBeUndefined();
    expect(repeat.statusCode).toBe(409);
    expect(await named(name)).toBe(1);
  });

  it('refuses the same key for another request, in the caller language, and changes nothing', async () => {
    const { name, key } = fresh('Jiný požadavek');
    await createProductType(name, key);
    const other = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/producttypes/create',
      payload: { Name: `${name} jinak`, Price: 1990 },
      headers: { ...admin, 'idempotency-key': key, 'accept-language': 'en' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe('This request key was already used for another request.');
    expect(await named(`${name} jinak`)).toBe(0);
  });

  it('replays a refusal as it was, and keys belong to their user', async () => {
    const { key } = fresh('Odmítnutí');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/producttypes/edit',
      payload: { Id: 999_999_999, Name: 'Nikdo', Price: 100 },
      headers: { ...admin, 'idempotency-key': key },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const again = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/producttypes/edit',
      payload: { Id: 999_999_999, Name: 'Nikdo', Price: 100 },
      headers: { ...admin, 'idempotency-key': key },
    });
    expect(again.statusCode).toBe(refused.statusCode);
    expect(again.body).toBe(refused.body);

    // Another user's answer under the same key is not the admin's to replay.
    const { name, key: shared } = fresh('Cizí klíč');
    const doctor = await t.login(demo.doctor);
    await t.db.insert(idempotentRequests).values({
      userId: doctor.user.id,
      key: shared,
      fingerprint: 'doctor',
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: '{"someone":"else"}',
    });
    const byAdmin = await createProductType(name, shared);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().name).toBe(name);
    expect(await named(name)).toBe(1);
  });

  it('keeps no answer that holds a secret: a temporary password or an authenticator key is in no row; a repeat is refused and does nothing again', async () => {
    const { key } = fresh('Tajné');
    const email = `tajny-${key}@example.cz`.toLowerCase();
    const create = () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/users/create',
        payload: { Email: email, UserName: 'Tajný Uživatel', RoleId: 1 },
        headers: { ...admin, 'idempotency-key': key },
      });
    const created = await create();
    expect(created.statusCode, created.body).toBe(200);
    const { temporaryPassword } = created.json() as { temporaryPassword: string };
    expect(temporaryPassword.length).toBeGreaterThan(8);
    const [kept] = await t.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, key));
    expect(kept).toMatchObject({ status: 200, body: null });

    const repeat = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users/create',
      payload: { Email: email, UserName: 'Tajný Uživatel', RoleId: 1 },
      headers: { ...admin, 'idempotency-key': key, 'accept-language': 'en' },
    });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toMatchObject({
      code: 'ANSWER_NOT_KEPT',
      message:
        'This request was already carried out. Its answer held a secret that is shown only once, so it cannot be repeated. Please start again.',
    });
    expect(
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.email, email)))[0]?.n,
    ).toBe(1);

    // An authenticator key in the answer of its setup: the user's own row holds it sealed, no row in clear.
    const doctor = await t.authAs(demo.doctor);
    const setupKey = fresh('TOTP').key;
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/twofactor/totp/setup',
      headers: { ...doctor, 'idempotency-key': setupKey },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const holding = await t.db.execute(
      sql`select 1 from idempotent_requests where position(${secret} in coalesce(body, '')) > 0 or position(${temporaryPassword} in coalesce(body, '')) > 0`,
    );
    expect(holding.rows).toHaveLength(0);
  });

  it('migration 0043 takes the body of every stored answer that held a secret, and leaves the others', async () => {
    const doctor = await t.login(demo.doctor);
    const stored = {
      password: '{"temporaryPassword":"Kx7-tajne-heslo"}',
      codes: '{"recoveryCodes":["aaaa-bbbb"]}',
      totp: '{"secret":"JBSWY3DPEHPK3PXP","otpauthUri":"otpauth://totp/x"}',
      feed: '{"active":true,"url":"https://lab.example.cz/api/calendar/feed/abc.ics"}',
      other: '{"id":5,"name":"Typ"}',
    };
    const keyOf = (name: string) => `migration-0043-${name}-${Date.now()}`;
    const keys = Object.fromEntries(Object.keys(stored).map((name) => [name, keyOf(name)]));
    await t.db.insert(idempotentRequests).values(
      Object.entries(stored).map(([name, body]) => ({
        userId: doctor.user.id,
        key: keys[name]!,
        fingerprint: name,
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body,
      })),
    );
    const migration = await readFile(
      new URL('../db/migrations/0043_idempotent_secret_answers.sql', import.meta.url),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const rows = await t.db
      .select({
        key: idempotentRequests.key,
        status: idempotentRequests.status,
        body: idempotentRequests.body,
      })
      .from(idempotentRequests)
      .where(inArray(idempotentRequests.key, Object.values(keys)));
    const bodyOf = (name: string) => rows.find((row) => row.key === keys[name])?.body;
    for (const name of ['password', 'codes', 'totp', 'feed']) expect(bodyOf(name), name).toBeNull();
    expect(bodyOf('other')).toBe(stored.other);
    expect(rows.every((row) => row.status === 200)).toBe(true);
  });

  it('refuses a malformed key with 400 and does nothing', async () => {
    const { name } = fresh('Špatný klíč');
    const response = await createProductType(name, 'x');
    expect(response.statusCode).toBe(400);
    expect(await named(name)).toBe(0);
  });

  it('does not keep a bad request that never reached its handler', async () => {
    const { name, key } = fresh('Oprava');
    const bad = await createProductType(name, key, admin, -5);
    expect(bad.statusCode).toBe(400);
    const fixed = await createProductType(name, key);
    expect(fixed.statusCode).toBe(200);
    expect(await named(name)).toBe(1);
  });
});
