import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createDatabase } from '../src/db/client.js';
import { sharedCacheOf } from '../src/db/shared-cache.js';
import { buildServer } from '../src/server.js';
import { demo, type TestApp, testApp } from './test-app.js';

/**
 * Issue 38: two nodes on one database. Each keeps the catalogue and the report's texts for a minute,
 * and the signed-in callers' principals; a write on one node reaches the other through PostgreSQL's
 * LISTEN/NOTIFY at its commit.
 */
let a: TestApp;
let b: Awaited<ReturnType<typeof buildServer>>;
let bDb: ReturnType<typeof createDatabase>;
let headers: Record<string, string>;

beforeAll(async () => {
  a = await testApp();
  bDb = createDatabase(a.url, 5);
  b = await buildServer({ db: bDb, config: a.config, signer: a.signer, jobs: a.jobs });
  await b.ready();
  headers = await a.authAs(demo.admin);
});

afterAll(async () => {
  await b?.close();
  await bDb?.$client.end();
  await a?.close();
});

const get = async (app: typeof b, url: string) => {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** What node `app` answers for `url` once it satisfies `done` (notifications arrive asynchronously). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Once node B has heard every notification committed so far (the sign-in's own arrives on its own
 * time, and would drop what B has just read): B reads again what it dropped, then keeps it.
 */
const heardOnB = () => sharedCacheOf(bDb).caughtUp();

/** A change made behind the triggers' back (no notification), as a node that missed one would see it. */
async function writeUnnoticed(statement: string) {
  const client = await a.db.$client.connect();
  try {
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(statement);
    await client.query('commit');
  } finally {
    client.release();
  }
}

test("the report's texts: kept by each node, and a save on one node is seen at once on the other", async () => {
  const before = await get(b, '/api/admin/products/reporttexts');
  // Kept: a change nobody announced is not seen (it would be within the minute).
  await writeUnnoticed(
    `insert into report_texts (id, limitations, limitations_en, disclaimer, disclaimer_en)
     values (1, 'neohlášeno', 'unannounced', 'x', 'x')
     on conflict (id) do update set limitations = 'neohlášeno'`,
  );
  expect(await get(b, '/api/admin/products/reporttexts')).toEqual(before);

  // Saved through node A: node A's next read already has them, node B drops what it kept and reads them.
  await get(a.app, '/api/admin/products/reporttexts');
  const saved = await a.app.inject({
    method: 'PUT',
    url: '/api/admin/products/reporttexts',
    headers,
    payload: {
      Limitations: 'Omezení testu (uloženo na uzlu A).',
      LimitationsEn: 'Limitations (saved on node A).',
      Disclaimer: 'Upozornění.',
      DisclaimerEn: 'Disclaimer.',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await get(a.app, '/api/admin/products/reporttexts')).limitations).toBe(
    'Omezení testu (uloženo na uzlu A).',
  );
  const after = await eventually(
    () => get(b, '/api/admin/products/reporttexts'),
    (texts) => texts.limitations === 'Omezení testu (uloženo na uzlu A).',
  );
  expect(after).toMatchObject({ limitations: 'Omezení testu (uloženo na uzlu A).', isDefault: false });
});

test('the templates list: a catalogue write on node A (or by any statement) reaches node B', async () => {
  const url = '/api/admin/templates?page=1&pageSize=5&sort=id';
  const first = await get(b, url);
  const template = first.items[0] as { id: number; risk: number };
  const otherRisk = template.risk === 1 ? 2 : 1;
  await writeUnnoticed(`update templates set risk = ${otherRisk} where id = ${template.id}`);
  expect((await get(b, url)).items[0].risk).toBe(template.risk);

  // Any write to the catalogue's tables notifies at its commit, whoever makes it: here node A's pool.
  await a.db.$client.query('update templates set risk = $1 where id = $2', [otherRisk, template.id]);
  const seen = await eventually(
    () => get(b, url),
    (page) => page.items[0].risk === otherRisk,
  );
  expect(seen.items[0].risk).toBe(otherRisk);
  // And node A, which kept nothing of it yet, agrees.
  expect((await get(a.app, url)).items[0].risk).toBe(otherRisk);
});

test("a caller's principal: kept by each node, and a sign-out ends it at once there and within a round trip on the other", async () => {
  const signedIn = { authorization: `Bearer ${(await a.login(demo.reception)).token}` };
  const user = (app: typeof b) => app.inject({ method: 'GET', url: '/api/auth/user', headers: signedIn });
  expect((await user(a.app)).statusCode).toBe(200);
  expect((await user(b)).statusCode).toBe(200);
  await heardOnB();
  expect((await user(b)).statusCode).toBe(200);

  // The same sign-out behind the triggers' back is not seen: both nodes serve what they keep.
  const [{ id: sessionId }] = (
    await a.db.$client.query<{ id: string }>(
      `select s.id from sessions s join users u on u.id = s.user_id
        where u.email = $1 and s.revoked_at is null order by s.created_at desc limit 1`,
      [demo.reception],
    )
  ).rows as [{ id: string }];
  await writeUnnoticed(`update sessions set revoked_at = now() where id = '${sessionId}'`);
  expect((await user(b)).statusCode).toBe(200);
  await writeUnnoticed(`update sessions set revoked_at = null where id = '${sessionId}'`);

  const signedOut = await a.app.inject({ method: 'DELETE', url: '/api/auth/logout', headers: signedIn });
  expect(signedOut.statusCode, signedOut.body).toBeLessThan(300);
  // The node that wrote it has heard it before it answered: the very next request is refused.
  expect((await user(a.app)).statusCode).toBe(401);
  const onB = await eventually(
    async () => (await user(b)).statusCode,
    (status) => status === 401,
  );
  expect(onB).toBe(401);
});

test('a principal nobody announced a change of is kept no longer than its session allows without a write', async () => {
  const signedIn = { authorization: `Bearer ${(await a.login(demo.lab)).token}` };
  const user = () => b.inject({ method: 'GET', url: '/api/auth/user', headers: signedIn });
  // Last used 50 s ago: its next touch is due in 10 s, well within the cache's minute.
  await writeUnnoticed(
    `update sessions set last_used_at = now() - interval '50 seconds'
      where revoked_at is null and user_id = (select id from users where email = '${demo.lab}')`,
  );
  expect((await user()).statusCode).toBe(200);
  await heardOnB();
  expect((await user()).statusCode).toBe(200);
  await writeUnnoticed(`update users set is_user_login_active = false where email = '${demo.lab}'`);
  try {
    expect((await user()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15_000);
    expect((await user()).statusCode).toBe(401);
  } finally {
    vi.useRealTimers();
    await a.db.$client.query('update users set is_user_login_active = true where email = $1', [demo.lab]);
  }
});

test("a session's own change drops that session's principal alone: the others stay kept", async () => {
  const reception = { authorization: `Bearer ${(await a.login(demo.reception)).token}` };
  const doctor = { authorization: `Bearer ${(await a.login(demo.doctor)).token}` };
  const user = (headers: Record<string, string>) =>
    b.inject({ method: 'GET', url: '/api/auth/user', headers });
  await user(reception);
  await user(doctor);
  await heardOnB();
  expect((await user(reception)).statusCode).toBe(200);
  expect((await user(doctor)).statusCode).toBe(200);
  const sessionOf = async (email: string) =>
    (
      await a.db.$client.query<{ id: string }>(
        `select s.id from sessions s join users u on u.id = s.user_id
          where u.email = $1 and s.revoked_at is null order by s.created_at desc limit 1`,
        [email],
      )
    ).rows[0]!.id;
  const [receptionSession, doctorSession] = [await sessionOf(demo.reception), await sessionOf(demo.doctor)];
  // Both ended behind the triggers' back: each node serves what it keeps.
  await writeUnnoticed(
    `update sessions set revoked_at = now() where id in ('${receptionSession}', '${doctorSession}')`,
  );
  try {
    // A write to the reception's session alone (its last use, as every minute), announced: node B drops
    // that principal, reads it again and finds the session ended; the doctor's it keeps.
    await a.db.$client.query(`update sessions set last_used_at = now() where id = $1`, [receptionSession]);
    expect(
      await eventually(
        async () => (await user(reception)).statusCode,
        (status) => status === 401,
      ),
    ).toBe(401);
    expect((await user(doctor)).statusCode).toBe(200);
  } finally {
    await writeUnnoticed(`update sessions set revoked_at = null where id = '${doctorSession}'`);
  }
});

test('callers catching up at once share round trips on the listening connection, one at a time', async () => {
  // Something kept, so that catching up has a reason to ask the connection.
  await get(b, '/api/auth/user');
  const cache = sharedCacheOf(bDb) as unknown as {
    listener: { client: { query: (...args: unknown[]) => Promise<unknown> } };
  };
  const client = cache.listener.client;
  const query = client.query;
  let running = 0;
  let most = 0;
  const started: number[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    running += 1;
    most = Math.max(most, running);
    started.push(performance.now());
    return query.apply(this, args).finally(() => {
      running -= 1;
    });
  };
  try {
    const calls: Promise<void>[] = [];
    let lastCalledAt = 0;
    for (let i = 0; i < 20; i++) {
      lastCalledAt = performance.now();
      calls.push(heardOnB());
    }
    await Promise.all(calls);
    expect(most).toBe(1);
    // The first caller's round trip, then one for the 19 who came while it was under way: it left after them.
    expect(started).toHaveLength(2);
    expect(started[1]).toBeGreaterThanOrEqual(lastCalledAt);
  } finally {
    client.query = query;
  }
});
