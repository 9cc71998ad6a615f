import { PgBoss, type Queue, type WorkHandlerFor, type WorkOptions } from 'pg-boss';
import type { Config } from '../config.js';
import type { Database, Tx } from '../db/client.js';
import { cleanedError, loggableError } from '../db/loggable-error.js';
import { observedRun, type RunJob, withTraceContext } from '../observability/job-runs.js';
import { log } from '../observability/log.js';

/** Every kind of background job, with the data it carries. */
export type JobPayloads = {
  /** Deliver every due outbox message (modules/messaging); one waiting is enough. */
  'deliver-messages': Record<string, never>;
  /** Write the outbox messages of an e-mail to a filtered set of customers, in batches (modules/messaging). */
  'queue-mailing': { mailingId: number };
  /** Parse, pair and store a results upload, then generate its reports (modules/results). */
  'process-results-upload': { uploadId: number };
  /** Carry out a requested move of a report between sections (modules/products). */
  'move-product': { productId: number };
  /** Reanalyse one report or all, in batches (modules/results). */
  reanalyse: { runId: number };
  /**
   * Text the customer of a consultation 24 hours before `start` (modules/reservations): sent only if
   * the occurrence still starts then and was not reminded for that start yet.
   */
  'consultation-reminder': { reservationId: number; start: string };
  /** Remind every consultation of the next 24 hours not reminded yet: the safety net of the above. */
  'consultation-reminders': Record<string, never>;
  /** Purge what is past its retention period (privacy/), daily. */
  'retention-purge': Record<string, never>;
};
export type JobName = keyof JobPayloads;
export const jobNames: JobName[] = [
  'deliver-messages',
  'queue-mailing',
  'process-results-upload',
  'move-product',
  'reanalyse',
  'consultation-reminder',
  'consultation-reminders',
  'retention-purge',
];

/** Queues that differ from `queuePolicy` (set when a queue is created). */
const queuePolicies: Partial<Record<JobName, Pick<Queue, 'policy' | 'expireInSeconds'>>> = {
  // A sweep delivers everything due, so more than one waiting would be idle work. A sweep ends within
  // a minute by itself; pg-boss ends one that has not in three, whatever it waits for, and frees the
  // worker for the next.
  'deliver-messages': { policy: 'short', expireInSeconds: 3 * 60 },
  // One reminder job per occurrence and start (its singletonKey) waits or runs at a time.
  'consultation-reminder': { policy: 'exclusive' },
  'consultation-reminders': { policy: 'short' },
  'retention-purge': { policy: 'short' },
};

/** Queues of earlier releases, removed at start (their work is done another way now). */
const retiredQueues = ['deliver-message'];

/**
 * How every queue runs. A worker's heartbeat is refreshed by pg-boss every `heartbeatSeconds / 2` while
 * its handler runs; a job whose heartbeat stops (its process was killed, ran out of memory, lost power)
 * is failed by the supervisor within `heartbeatSeconds` + `superviseSeconds` and retried, so no job waits
 * for its expiry. A live job is expired only on the queues that say so above; elsewhere the expiry is
 * pg-boss's maximum, a bound for a job whose worker hangs while its heartbeat goes on. Handlers are idempotent, so a retry after a crash is safe.
 */
export const queuePolicy = {
  heartbeatSeconds: 20,
  expireInSeconds: 24 * 60 * 60,
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 10 * 60,
} satisfies Omit<Queue, 'name'>;
/** How often the supervisor looks for jobs whose heartbeat stopped. */
export const superviseSeconds = 10;

/** When a job may start (not before `startAfter`) and its key (one waiting or running job per key, on queues whose policy says so). */
export type SendOptions = { startAfter?: Date; singletonKey?: string };

export type Jobs = {
  boss: PgBoss;
  /** Enqueues a job inside the caller's transaction: it exists only if the change commits. */
  send<N extends JobName>(tx: Tx, name: N, data: JobPayloads[N], options?: SendOptions): Promise<void>;
  /**
   * Subscribes a handler to a queue. What it throws is stored in the job table as the job's output, so
   * it is replaced by its `cleanedError` first: codes, a masked message and frames — no query values.
   */
  work<N extends JobName, const O extends WorkOptions = WorkOptions>(
    name: N,
    options: O,
    handler: WorkHandlerFor<O, JobPayloads[N], void>,
  ): Promise<string>;
  /**
   * Stops fetching jobs and lets running ones finish for up to `timeoutMs`; those still running then
   * fail their attempt and go back to the queue.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Whether this process fetches and runs jobs now (readiness, where workers are configured). */
  readonly running: boolean;
};

/** How long pg-boss keeps a finished job (completed, failed, cancelled) by default: `RETENTION_JOBS_DAYS`. */
export const defaultJobHistoryDays = 30;

/** What an area's job workers are given. */
export type WorkerDeps = { jobs: Jobs; db: Database; config: Config };

/** Creates every queue with `queuePolicy` (an existing one is brought to it) and drops retired ones. */
async function manageQueues(boss: PgBoss, jobHistoryDays: number | undefined) {
  const deleteAfterSeconds = (jobHistoryDays ?? defaultJobHistoryDays) * 24 * 60 * 60;
  for (const name of jobNames) {
    if (await boss.getQueue(name)) {
      const { retryDelayMax: _fixedAtCreation, ...changeable } = queuePolicy;
      const { policy: _fixedToo, ...own } = queuePolicies[name] ?? {};
      await boss.updateQueue(name, { ...changeable, ...own, deleteAfterSeconds });
    } else await boss.createQueue(name, { ...queuePolicy, ...queuePolicies[name], deleteAfterSeconds });
  }
  for (const name of retiredQueues) if (await boss.getQueue(name)) await boss.deleteQueue(name);
}

/**
 * pg-boss's schema and every queue, made by the database's owner before the application's role (which
 * may not create tables) starts its own pg-boss with `manageQueues: false`.
 */
export async function prepareJobQueues(ownerUrl: string, jobHistoryDays?: number): Promise<void> {
  const boss = new PgBoss({ connectionString: ownerUrl, max: 1, supervise: false, schedule: false });
  boss.on('error', (error) => log.error(loggableError(error), 'job queue'));
  await boss.start();
  try {
    await manageQueues(boss, jobHistoryDays);
  } finally {
    await boss.stop({ graceful: false });
  }
}

/**
 * Starts pg-boss and creates every queue with `queuePolicy` (an existing queue, e.g. after an upgrade,
 * is brought to it). `supervise` on processes that run workers: they fail and retry the jobs of dead ones.
 * `jobHistoryDays` (`RETENTION_JOBS_DAYS`): pg-boss's own maintenance deletes a finished job that long
 * after it finished (the daily retention purge does the same for jobs made before the setting changed).
 */
export async function startJobs(
  connectionString: string,
  options: {
    supervise: boolean;
    jobHistoryDays?: number;
    /**
     * Whether this connection creates pg-boss's schema and queues (DDL: the owner's). False for the
     * application's own role (issue 36), after `prepareJobQueues` ran as the owner.
     */
    manageQueues?: boolean;
  },
): Promise<Jobs> {
  const manage = options.manageQueues ?? true;
  const boss = new PgBoss({
    connectionString,
    max: 5,
    supervise: options.supervise,
    schedule: options.supervise,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    ...(manage ? {} : { migrate: false, createSchema: false }),
  });
  boss.on('error', (error) => log.error(loggableError(error), 'job queue'));
  let running = false;
  boss.on('stopped', () => {
    running = false;
  });
  await boss.start();
  running = true;
  if (manage) await manageQueues(boss, options.jobHistoryDays);
  return {
    boss,
    async send(tx, name, data, options = {}) {
      await boss.send(name, withTraceContext(data), {
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        db: { executeSql: (text, values) => tx.$client.query(text, values as unknown[]) },
      });
    },
    work(name, options, handler) {
      const clean = (async (jobs: Parameters<typeof handler>[0]) =>
        observedRun(name, jobs as RunJob[], async () => {
          try {
            return await (handler as (jobs: unknown) => Promise<void>)(jobs);
          } catch (error) {
            throw cleanedError(error);
          }
        })) as typeof handler;
      return boss.work(name, options, clean);
    },
    stop: (timeoutMs = 10_000) => {
      running = false;
      return boss.stop({ graceful: true, timeout: timeoutMs });
    },
    get running() {
      return running;
    },
  };
}
