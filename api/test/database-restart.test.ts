import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from '../src/db/embedded.js';
import { demoPassword } from '../src/seed/demo.js';
import { type AppProcess, killGroup, startProcess, waitFor, waitForHealth } from './processes.js';
import { startSmtpServer } from './smtp.js';

/**
 * (A durable server: what committed before the kill is there after it, as on a lab's machine.)
 * The database dies under a running app (kill -9 of PostgreSQL: a crash, an OOM kill, a host restart)
 * and comes back: the app stays up, says 503 quickly while it is gone, and carries on by itself.
 */
let dataDir = '';
let embeddedDir = '';
let database: EmbeddedDatabase | undefined;
let app: AppProcess | undefined;
let embeddedApp: AppProcess | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
afterAll(async () => {
  if (app) killGroup(app);
  if (embeddedApp) killGroup(embeddedApp);
  await smtp?.close();
  await database?.stop().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (embeddedDir) await rm(embeddedDir, { recursive: true, force: true });
});

const log = () => {};
const postmasterPid = async (dir = dataDir) =>
  Number((await readFile(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

it('killed and started again, PostgreSQL takes the app down to a fast 503 and back, with jobs resuming', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'genodesk-restart-'));
  database = await startEmbeddedPostgres(dataDir, log, { durable: true, supervise: false });
  smtp = await startSmtpServer();
  const port = await freePort();
  app = startProcess('main', {
    PORT: String(port),
    DATABASE_URL: database.url('postgres'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEALING_KEY: randomBytes(32).toString('base64url'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(dataDir, 'app'),
    SEED_DEMO: '1',
    SMTP_URL: smtp.url,
  });
  await waitForHealth(app, port, 150_000);
  const api = `http://127.0.0.1:${port}/api`;
  const login = await fetch(`${api}/auth/adminLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@genodesk.test', password: demoPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const authorized = { authorization: `Bearer ${token}`, 'accept-language': 'cs' };

  process.kill(await postmasterPid(), 'SIGKILL');

  // Gone: the health check says so within its two seconds, and a request fails at once with 503.
  const healthStarted = Date.now();
  await waitFor(
    'the health check to answer 503',
    async () => (await fetch(`${api}/health`)).status === 503,
    10_000,
  );
  expect(Date.now() - healthStarted).toBeLessThan(10_000);
  const requestStarted = Date.now();
  const refused = await fetch(`${api}/admin/customers`, { headers: authorized });
  expect(Date.now() - requestStarted).toBeLessThan(8_000);
  expect(refused.status).toBe(503);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    'Databáze je dočasně nedostupná, zkuste to prosím znovu.',
  );
  expect(app.child.exitCode).toBeNull();

  // Back on the same files and port: the pool and the job queue reconnect by themselves.
  database = await startEmbeddedPostgres(dataDir, log, { durable: true, supervise: false });
  await waitFor('the health check to answer 200', async () => (await fetch(`${api}/health`)).ok, 30_000);
  const customers = await waitFor(
    'a list to answer again',
    async () => {
      const response = await fetch(`${api}/admin/customers`, { headers: authorized });
      return response.ok ? response : undefined;
    },
    15_000,
  );
  expect(((await customers.json()) as { total: number }).total).toBeGreaterThan(0);
  expect(app.child.exitCode).toBeNull();

  // Jobs run again: an e-mail queued now is delivered by the workers.
  const sent = await fetch(`${api}/admin/email/send`, {
    method: 'POST',
    headers: { ...authorized, 'content-type': 'application/json' },
    body: JSON.stringify({ To: 'po-restartu@example.cz', Subject: 'Po restartu', Body: '<p>Dobrý den</p>' }),
  });
  expect(sent.status).toBe(202);
  await waitFor(
    'the e-mail to arrive',
    async () => smtp?.received.some((mail) => mail.to.includes('po-restartu@example.cz')),
    60_000,
  );
  expect(smtp.received.filter((mail) => mail.to.includes('po-restartu@example.cz'))).toHaveLength(1);
}, 180_000);

it('the embedded PostgreSQL killed under the app is started again by the app, on the same data', async () => {
  embeddedDir = await mkdtemp(path.join(os.tmpdir(), 'genodesk-embedded-restart-'));
  const port = await freePort();
  embeddedApp = startProcess('main', {
    PORT: String(port),
    DATA_DIR: embeddedDir,
    DATABASE_URL: '',
    SEED_DEMO: '1',
  });
  await waitForHealth(embeddedApp, port, 150_000);
  const api = `http://127.0.0.1:${port}/api`;
  const signIn = () =>
    fetch(`${api}/auth/adminLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@genodesk.test', password: demoPassword }),
    });
  expect((await signIn()).status).toBe(200);
  const before = await postmasterPid(embeddedDir);

  process.kill(before, 'SIGKILL');
  await waitFor(
    'the health check to answer 503',
    async () => (await fetch(`${api}/health`)).status === 503,
    10_000,
  );
  await waitFor(
    'the health check to answer 200 again',
    async () => (await fetch(`${api}/health`)).ok,
    60_000,
  );
  expect(await postmasterPid(embeddedDir)).not.toBe(before);
  expect(embeddedApp.child.exitCode).toBeNull();
  expect((await signIn()).status).toBe(200);
}, 180_000);
