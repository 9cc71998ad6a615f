import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.js';
import { demoPassword } from '../src/seed/demo.js';
import { type AppProcess, killGroup, startProcess, waitFor, waitForHealth } from './processes.js';
import { plateState, processedOnce, resultsFile, samplesAwaitingResults } from './results-plate.js';

/**
 * `npm start` as a lab runs it (the app with its embedded PostgreSQL in one DATA_DIR): the power goes
 * out in the middle of a results upload; started again, the upload completes, exactly once.
 */
const apps: AppProcess[] = [];
let dataDir = '';
afterAll(async () => {
  for (const app of apps) killGroup(app);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('killed with kill -9 during an upload and started again, the app completes the upload', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'genodesk-start-'));
  const port = await freePort();
  const start = async () => {
    // As on a lab's machine: no DATABASE_URL or seed setting inherited from the test run's environment.
    const app = startProcess('main', {
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: '',
      SEED_DEMO: '',
    });
    apps.push(app);
    await waitForHealth(app, port, 150_000);
    return app;
  };
  const first = await start();

  // The embedded database's password was generated and is readable by its owner only.
  const passwordFile = path.join(dataDir, 'postgres.password');
  expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
  // So were the token and sealing keys, in the folder rather than the database (issue 36).
  for (const key of ['token.key', 'sealing.key'])
    expect((await stat(path.join(dataDir, key))).mode & 0o777, key).toBe(0o600);
  const connect = async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: Number(await readFile(path.join(dataDir, 'postgres.port'), 'utf8')),
      user: 'postgres',
      password: (await readFile(passwordFile, 'utf8')).trim(),
      database: 'genodesk',
    });
    await client.connect();
    return client;
  };
  const database = await connect();
  const codes = await samplesAwaitingResults(database, 200);
  await database.end();

  const api = `http://127.0.0.1:${port}/api`;
  const login = await fetch(`${api}/auth/adminLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'lab@genodesk.test', password: demoPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const upload = await fetch(`${api}/admin/results/upload?FileName=deska.csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: resultsFile(codes, 1000),
  });
  expect(upload.status).toBe(202);
  const { id } = (await upload.json()) as { id: number };
  const statusOf = async () => {
    const response = await fetch(`${api}/admin/results/getresult?Id=${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { status: number }).status;
  };
  // The power goes out while the job runs: the app and its PostgreSQL die together.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await statusOf()).toBeLessThan(3);
  killGroup(first);
  await first.exited;

  await start();
  const status = await waitFor(
    'the upload to finish',
    async () => {
      const now = await statusOf();
      return now >= 3 && now;
    },
    120_000,
  );
  expect([3, 4]).toContain(status);
  const after = await connect();
  expect(await plateState(after, codes, id)).toEqual(processedOnce(codes, 1000));
  await after.end();

  const second = apps.at(-1)!;
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 360_000);
