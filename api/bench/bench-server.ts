import { fork } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TokenSigner } from '../src/auth/tokens.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { startJobs } from '../src/jobs/queue.js';
import { seedDemo } from '../src/seed/demo.js';
import { demoIssuing } from '../src/seed/results.js';
import { ensureBaseRoles } from '../src/seed/roles.js';
import { buildServer } from '../src/server.js';

/** The bench servers' token key: a token signed in one is good in another on the same database. */
export const benchTokenSecret = 'bench-secret-bench-secret';

/**
 * The real server on a throwaway embedded PostgreSQL (not durable: a bench measures our work, not
 * fsync), migrated and seeded with the demo data. `stop` removes everything.
 */
export async function startBenchServer(name: string, poolSize = 10) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `genodesk-bench-${name}-`));
  const embedded = await startEmbeddedPostgres(dataDir, () => {}, { durable: false });
  const url = embedded.url('postgres');
  const db = createDatabase(url, poolSize, { preparedStatements: loadConfig().preparedStatements });
  await runMigrations(db);
  await ensureBaseRoles(db);
  await seedDemo(db, { issuing: demoIssuing(loadConfig()) });
  const jobs = await startJobs(url, { supervise: false });
  const app = await buildServer({
    db,
    config: { ...loadConfig(), databaseUrl: url },
    signer: new TokenSigner(benchTokenSecret),
    jobs,
  });
  return {
    app,
    db,
    jobs,
    url,
    /** The embedded PostgreSQL's server process (its backends are its children). */
    postmasterPid: async () =>
      Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]),
    /**
     * Statements the database has run so far (each call outside a transaction is one). Backends report
     * at most once a second, and within 10 s of going idle: read it after a pause.
     */
    statementsRun: async () => {
      const result = await db.$client.query<{ count: string }>(
        'select xact_commit + xact_rollback as count from pg_stat_database where datname = current_database()',
      );
      return Number(result.rows[0]?.count ?? 0);
    },
    async stop() {
      await app.close();
      await jobs.stop();
      await db.$client.end();
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU seconds (user + system) a process and, with `children`, its direct children have used so far —
 * those still running and those that have ended (a PostgreSQL backend whose connection closed).
 */
export async function cpuSeconds(pid: number, { children = false } = {}): Promise<number> {
  const ticksPerSecond = 100; // Linux USER_HZ
  const read = async (id: string) => {
    const stat = await readFile(`/proc/${id}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state (0), ppid (1) … utime (11), stime (12), cutime (13), cstime (14).
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11] ?? 0) + Number(fields[12] ?? 0),
      ended: Number(fields[13] ?? 0) + Number(fields[14] ?? 0),
    };
  };
  const own = await read(String(pid));
  let ticks = own.ticks + (children ? own.ended : 0);
  if (children)
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const process = await read(entry);
      if (process.ppid === pid) ticks += process.ticks;
    }
  return ticks / ticksPerSecond;
}

/**
 * Keep-alive HTTP load on `url` from a process of its own (`load.ts`), so the generator does not share
 * the server's event loop: `BENCH_SECONDS` (5) long, `BENCH_CONCURRENCY` (32) requests at a time.
 */
export function load(
  url: string,
  headers: Record<string, string>,
  seconds = Number(process.env.BENCH_SECONDS ?? 5),
): Promise<{ rps: number; p95: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'load.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        LOAD_URL: url,
        LOAD_HEADERS: JSON.stringify(headers),
        LOAD_SECONDS: String(seconds),
        LOAD_CONCURRENCY: process.env.BENCH_CONCURRENCY ?? '32',
      },
    });
    child.on('message', (result) => resolve(result as { rps: number; p95: number }));
    child.on('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}
