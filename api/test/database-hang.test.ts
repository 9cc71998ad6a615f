import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from '../src/db/embedded.js';
import { demoPassword } from '../src/seed/demo.js';
import { type AppProcess, killGroup, startProcess, waitFor, waitForHealth } from './processes.js';

/**
 * The database hangs under a running app (its server stopped with SIGSTOP: what a partition or a
 * frozen host looks like — connections stay open, nothing answers) while the pool holds open
 * connections: every call, sign-in included, answers 503 within 5 s, and the app carries on by itself
 * once the server answers again (issue 36).
 */
let dataDir = '';
let database: EmbeddedDatabase | undefined;
let app: AppProcess | undefined;
let stopped: number[] = [];
const signal = (pids: number[], name: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // Gone already.
    }
  }
};
afterAll(async () => {
  signal(stopped, 'SIGCONT');
  if (app) killGroup(app);
  await database?.stop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('a hung database: sign-in and a list answer 503 within 5 s with connections open, and it recovers', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'genodesk-hang-'));
  database = await startEmbeddedPostgres(dataDir, () => {}, { durable: false, supervise: false });
  const port = await freePort();
  app = startProcess('main', {
    PORT: String(port),
    DATABASE_URL: database.url('postgres'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEALING_KEY: randomBytes(32).toString('base64url'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(dataDir, 'app'),
    SEED_DEMO: '1',
    WORKERS: 'off',
  });
  await waitForHealth(app, port, 150_000);
  const api = `http://127.0.0.1:${port}/api`;
  const signIn = () =>
    fetch(`${api}/auth/adminLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@genodesk.test', password: demoPassword }),
    });
  const { token } = (await (await signIn()).json()) as { token: string };
  const authorized = { authorization: `Bearer ${token}` };
  // The pool holds open connections: several requests at once.
  await Promise.all(
    Array.from({ length: 6 }, () => fetch(`${api}/admin/customers`, { headers: authorized })),
  );

  const postmaster = Number(
    (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  stopped = [postmaster, ...children];
  signal(stopped, 'SIGSTOP');

  const timed = async (call: () => Promise<Response>) => {
    const started = Date.now();
    const response = await call();
    return { status: response.status, ms: Date.now() - started };
  };
  const [login, list, again, ready] = await Promise.all([
    timed(signIn),
    timed(() => fetch(`${api}/admin/customers`, { headers: authorized })),
    timed(() => fetch(`${api}/admin/customers?page=2`, { headers: authorized })),
    timed(() => fetch(`${api}/health/ready`)),
  ]);
  // Not ready (a load balancer stops sending traffic), yet alive (nothing restarts it).
  expect((await fetch(`${api}/health/live`)).status).toBe(200);
  const calls = { login, list, again, ready };
  for (const call of Object.values(calls)) {
    expect(call.status, JSON.stringify(calls)).toBe(503);
    expect(call.ms, JSON.stringify(calls)).toBeLessThan(5_000);
  }
  // Later calls too, while it still hangs: refused at once, no connection is tried.
  const later = await timed(() => fetch(`${api}/admin/customers`, { headers: authorized }));
  expect(later).toMatchObject({ status: 503 });
  expect(later.ms).toBeLessThan(5_000);
  expect(app.child.exitCode).toBeNull();

  signal(stopped, 'SIGCONT');
  stopped = [];
  await waitFor(
    'a list to answer again',
    async () => (await fetch(`${api}/admin/customers`, { headers: authorized })).ok,
    20_000,
  );
  expect((await signIn()).status).toBe(200);
  expect((await fetch(`${api}/health/ready`)).status).toBe(200);
}, 180_000);
