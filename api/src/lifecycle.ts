import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.js';
import { loggableError } from './db/loggable-error.js';
import { flushAccessLog } from './modules/audit/access-log.js';
import { log as processLog } from './observability/log.js';

export type ShutdownStep = { name: string; run: () => Promise<void> };

/**
 * On the first SIGTERM or SIGINT, runs `steps` in order and exits 0 (1 when a step failed); a second
 * signal exits at once.
 */
export function stopOnSignals(steps: ShutdownStep[], log: (line: string) => void): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping (send it again to exit at once)`);
    let failed = false;
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        failed = true;
        processLog.error(loggableError(error), `stopping ${step.name} failed`);
      }
    }
    log('stopped');
    process.exit(failed ? 1 : 0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}

/**
 * Stops taking requests (new ones get 503 while closing, idle keep-alive connections close) and lets
 * those in flight finish for up to `timeoutMs`; connections still open then are cut.
 */
export async function closeServer(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  const deadline = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * Ends the database pool, after writing the access-log rows still queued (reads are logged in
 * batches; the HTTP server's close wrote those of its requests, this catches the rest, e.g. a job's).
 */
export async function endDatabase(db: Database): Promise<void> {
  try {
    await flushAccessLog(db);
  } catch (error) {
    processLog.error(loggableError(error), 'access log: queued rows could not be written at shutdown');
  }
  await db.$client.end();
}
