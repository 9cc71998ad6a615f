import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.js';

let dataDir = '';
let socketLock = '';
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (socketLock) await rm(socketLock, { force: true });
});

/**
 * A process that has ended but was never reaped: it still answers kill(pid, 0) from its own user, the
 * one PostgreSQL runs as (`postgres` when the tests run as root), as the killed postmaster would.
 */
async function zombie(): Promise<{ pid: number; release: () => void }> {
  const asPostgres =
    os.userInfo().uid === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
          gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
        }
      : {};
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], {
    stdio: ['ignore', 'pipe', 'ignore'],
    ...asPostgres,
  });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
  );
  for (let waited = 0; waited < 5000; waited += 50) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { pid, release: () => parent.kill('SIGKILL') };
}

it('starts after a power cut whose PostgreSQL was left a zombie in its lock files', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'genodesk-embedded-'));
  const quiet = () => {};
  const first = await startEmbeddedPostgres(dataDir, quiet, { durable: false });
  const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const lock = (await readFile(lockFile, 'utf8')).split('\n');
  await first.stop();

  // As a container whose init reaps nothing leaves it after kill -9 of the app and its PostgreSQL.
  const dead = await zombie();
  try {
    await writeFile(lockFile, [String(dead.pid), ...lock.slice(1)].join('\n'));
    // The lock of a Unix socket on the same port, as a server listening on one would leave it.
    const port = (await readFile(path.join(dataDir, 'postgres.port'), 'utf8')).trim();
    socketLock = `/tmp/.s.PGSQL.${port}.lock`;
    await writeFile(socketLock, `${dead.pid}\n${path.join(dataDir, 'postgres')}\n`);
    const again = await startEmbeddedPostgres(dataDir, quiet, { durable: false });
    const client = new pg.Client({ connectionString: again.url('postgres') });
    await client.connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.end();
    await again.stop();
  } finally {
    dead.release();
  }
}, 120_000);
