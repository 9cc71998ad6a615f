import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type AppProcess = {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** Resolves with its exit code (or the signal that ended it). */
  exited: Promise<number | NodeJS.Signals>;
};

/** The apps this test process started and that have not ended. */
const started = new Set<AppProcess>();
let endingOnTerm = false;

/**
 * A run stopped from outside (`npm test` ends every lane when one fails, with SIGTERM to its process
 * group) ends the apps too: each has a process group of its own, so the signal does not reach them,
 * and no `afterAll` runs to kill them.
 */
function endAppsOnTerm() {
  if (endingOnTerm) return;
  endingOnTerm = true;
  process.once('SIGTERM', () => {
    for (const app of started) killGroup(app);
    process.exit(143);
  });
}

/**
 * Runs `src/main.ts` (the app) or `src/worker.ts` (`npm run worker`) in a process group of its own, as
 * `npm start` and `npm run worker` run them, so a test can kill it and everything it started.
 */
export function startProcess(
  script: 'main' | 'worker',
  env: Record<string, string>,
  nodeArgs: string[] = [],
): AppProcess {
  endAppsOnTerm();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', '--import', './src/observability/register.ts', `src/${script}.ts`],
    {
      cwd: apiDir,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'SIGKILL')),
  );
  const app = { child, output: () => output, exited };
  started.add(app);
  void exited.then(() => started.delete(app));
  return app;
}

/** kill -9 of the process and all it started (the power going out); nothing when all have ended. */
export function killGroup(app: AppProcess): void {
  try {
    if (app.child.pid) process.kill(-app.child.pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Polls `check` until it answers something truthy, or fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T>,
  timeoutMs: number,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the app answers its health check; fails at once, with what it printed, if it exits. */
export async function waitForHealth(app: AppProcess, port: number, timeoutMs: number): Promise<void> {
  const exited = app.exited.then((code) => {
    throw new Error(`the app on port ${port} exited (${code}) before answering:\n${app.output()}`);
  });
  await Promise.race([
    exited,
    waitFor(
      `the app on port ${port} to answer`,
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok,
      timeoutMs,
    ),
  ]);
  exited.catch(() => {});
}
