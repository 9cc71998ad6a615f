import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { hashPassword } from '../src/auth/passwords.js';
import { TokenSigner } from '../src/auth/tokens.js';
import { type Config, loadConfig } from '../src/config.js';
import { createDatabase, type Database } from '../src/db/client.js';
import { rolePermissions, roles, users } from '../src/db/schema/index.js';
import { sharedCacheOf } from '../src/db/shared-cache.js';
import { startJobs } from '../src/jobs/queue.js';
import { demoPassword } from '../src/seed/demo.js';
import { buildServer } from '../src/server.js';
import { templateDatabase, withDatabase } from './databases.js';

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** The real server on a fresh database cloned from the migrated, seeded template. */
export async function testApp(overrides: Partial<Config> = {}) {
  const serverUrl = inject('serverUrl');
  const name = `genodesk_test_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase(serverUrl, 1);
  await admin.$client.query(`create database ${name} template ${templateDatabase}`);
  await admin.$client.end();
  const url = withDatabase(serverUrl, name);
  const db: Database = createDatabase(url, 10);
  const jobs = await startJobs(url, { supervise: false });
  const config = { ...loadConfig(), databaseUrl: url, ...overrides };
  const signer = new TokenSigner(randomBytes(32).toString('hex'));
  const app = await buildServer({ db, config, signer, jobs });
  await app.ready();

  async function login(email: string, password = demoPassword) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { email, password },
    });
    if (response.statusCode !== 200)
      throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
    return response.json() as { token: string; refreshToken: string; user: { id: number } };
  }

  return {
    app,
    signer,
    db,
    jobs,
    config,
    url,
    login,
    /**
     * Once the server has heard of every write committed so far, as it has before it answers a write of
     * its own: for what a test writes straight into the database, behind the server's back (as another
     * node or a script would), before it asks the server what changed.
     */
    heard: () => sharedCacheOf(db).caughtUp(),
    /** A bearer header for a demo user. */
    async authAs(email: string) {
      const { token } = await login(email);
      return { authorization: `Bearer ${token}` };
    },
    /** A bearer header for a new staff user `email` whose role holds just `permissions`. */
    async authWith(email: string, permissions: string[]) {
      const [role] = await db.insert(roles).values({ name: email, nameCs: email, nameEn: email }).returning();
      await db
        .insert(rolePermissions)
        .values(permissions.map((permission) => ({ roleId: role!.id, permission })));
      await db.insert(users).values({
        email,
        userName: email,
        passwordHash: await hashPassword('probe-password'),
        roleId: role!.id,
      });
      const { token } = await login(email, 'probe-password');
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await jobs.stop();
      await db.$client.end();
      const cleanup = createDatabase(serverUrl, 1);
      await cleanup.$client.query(`drop database if exists ${name} with (force)`);
      await cleanup.$client.end();
    },
  };
}

export const demo = {
  admin: 'admin@genodesk.test',
  doctor: 'doctor@genodesk.test',
  lab: 'lab@genodesk.test',
  reception: 'reception@genodesk.test',
} as const;
