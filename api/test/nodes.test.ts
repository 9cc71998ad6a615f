import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TokenSigner } from '../src/auth/tokens.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/client.js';
import { freePort } from '../src/db/embedded.js';
import { migrationsFolder } from '../src/db/migrate.js';
import { startJobs } from '../src/jobs/queue.js';
import { demoPassword } from '../src/seed/demo.js';
import { buildServer } from '../src/server.js';
import { templateDatabase, withDatabase } from './databases.js';
import { type AppProcess, killGroup, startProcess, waitForHealth } from './processes.js';

/** Several API nodes on one database, as behind a load balancer. */
const serverUrl = inject('serverUrl');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function database(from: 'template' | 'empty'): Promise<string> {
  const name = `genodesk_nodes_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase(serverUrl, 1);
  await admin.$client.query(
    `create database ${name}${from === 'template' ? ` template ${templateDatabase}` : ''}`,
  );
  await admin.$client.end();
  cleanups.push(async () => {
    const cleanup = createDatabase(serverUrl, 1);
    await cleanup.$client.query(`drop database if exists ${name} with (force)`);
    await cleanup.$client.end();
  });
  return withDatabase(serverUrl, name);
}

/** The keys every node is configured with (JWT_SECRET, SEALING_KEY), as a real deployment must. */
const keys = {
  JWT_SECRET: randomBytes(32).toString('base64url'),
  SEALING_KEY: randomBytes(32).toString('base64url'),
};

/** An API node as `main.ts` builds one: its own pool, the keys every node shares. */
async function node(url: string) {
  const db = createDatabase(url, 5);
  const jobs = await startJobs(url, { supervise: false });
  const signer = new TokenSigner(keys.JWT_SECRET, keys.SEALING_KEY);
  const app = await buildServer({ db, config: { ...loadConfig(), databaseUrl: url }, signer, jobs });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await jobs.stop();
    await db.$client.end();
  });
  return app;
}

describe('several API nodes on one database', () => {
  it('share sign-ins: signed in on one, used and signed out on the other; a reused refresh token ends it everywhere', async () => {
    const url = await database('template');
    const [a, b] = [await node(url), await node(url)];
    const login = await a.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { email: 'admin@genodesk.test', password: demoPassword },
    });
    expect(login.statusCode).toBe(200);
    const { token, refreshToken } = login.json() as { token: string; refreshToken: string };
    const bearer = { authorization: `Bearer ${token}` };
    expect((await b.inject({ method: 'GET', url: '/api/auth/user', headers: bearer })).statusCode).toBe(200);

    // Refreshed on B, the old refresh token presented again on A ends the whole sign-in.
    const refreshed = await b.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect(
      (await a.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } })).statusCode,
    ).toBe(403);
    const renewed = { authorization: `Bearer ${(refreshed.json() as { token: string }).token}` };
    expect((await a.inject({ method: 'GET', url: '/api/auth/user', headers: renewed })).statusCode).toBe(401);

    // A new sign-in on A, signed out on B: A refuses it at the next call.
    const second = await a.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { email: 'admin@genodesk.test', password: demoPassword },
    });
    const headers = { authorization: `Bearer ${(second.json() as { token: string }).token}` };
    expect((await b.inject({ method: 'DELETE', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(401);
  });

  it('share the login-failure limit: failures on both nodes add up', async () => {
    const url = await database('template');
    const [a, b] = [await node(url), await node(url)];
    const attempt = (app: typeof a, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/adminLogin',
        payload: { email: 'lab@genodesk.test', password },
      });
    for (const app of [a, b, a, b, a]) expect((await attempt(app, 'wrong-password')).statusCode).toBe(401);
    // The sixth attempt, even with the right password, is refused on either node.
    expect((await attempt(b, demoPassword)).statusCode).toBe(429);
    expect((await attempt(a, demoPassword)).statusCode).toBe(429);
  });

  it('two apps started at once on an empty database both come up, with the migrations and the demo seed applied once', async () => {
    const url = await database('empty');
    const ports = [await freePort(), await freePort()];
    const apps: AppProcess[] = ports.map((port) =>
      startProcess('main', {
        ...keys,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: url,
        SEED_DEMO: '1',
        WORKERS: 'off',
        PORT: String(port),
      }),
    );
    cleanups.push(async () => {
      for (const app of apps) killGroup(app);
    });
    await Promise.all(apps.map((app, i) => waitForHealth(app, ports[i]!, 120_000)));
    const db = createDatabase(url, 1);
    const migrations = await db.$client.query<{ hash: string; n: number }>(
      'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
    );
    const files = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));
    expect(migrations.rows).toHaveLength(files.length);
    expect(migrations.rows.every((row) => row.n === 1)).toBe(true);
    const seeded = await db.$client.query<{ uploads: number; admins: number }>(
      `select (select count(*)::int from result_uploads) as uploads,
              (select count(*)::int from users where email = 'admin@genodesk.test') as admins`,
    );
    expect(seeded.rows[0]).toEqual({ uploads: 1, admins: 1 });
    await db.$client.end();
    for (const app of apps) app.child.kill('SIGTERM');
    expect(await Promise.all(apps.map((app) => app.exited))).toEqual([0, 0]);
  }, 180_000);
});
