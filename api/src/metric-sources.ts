import { sql } from 'drizzle-orm';
import type { Database } from './db/client.js';
import type { Jobs } from './jobs/queue.js';
import { accessLogBacklog } from './modules/audit/access-log.js';
import { reportRenderLoad } from './modules/products/report-pdf/render.js';
import { type GaugeSample, observePool, onScrape } from './observability/metrics.js';

/** A reading shared by the gauges of one scrape (one query for a count and its oldest row). */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () => {
    running ??= read().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/**
 * The metrics read when Prometheus scrapes (issue 39), wired here at the composition root because
 * they read several areas: the pool, the job queues, the outbox, the access log's writer and the
 * report renderer. Each is one cheap indexed query or an in-memory count, never work per request.
 */
export function registerMetricSources({ db, jobs }: { db: Database; jobs: Jobs }): void {
  observePool(db.$client, 'app');

  // The database answers (1) or not within two seconds (0): the alert "database down" reads it.
  onScrape(
    'genodesk_database_up',
    'Whether the database answered a trivial query within two seconds',
    [],
    async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 2_000);
      });
      const answered = db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      try {
        return [{ value: (await Promise.race([answered, late])) ? 1 : 0 }];
      } finally {
        clearTimeout(timer);
      }
    },
  );

  // Ready to run now (waiting for a worker), from pg-boss's partial index of waiting jobs (job_i11):
  // live, and its oldest is how far the workers are behind.
  const ready = perScrape(async () => {
    const { rows } = await db.execute<{ name: string; jobs: number; oldest: number }>(sql`
      select name, count(*)::int as jobs, extract(epoch from now() - min(start_after))::float8 as oldest
        from pgboss.job
       where state < 'active' and not blocked and start_after <= now()
       group by name`);
    return rows;
  });
  onScrape(
    'genodesk_job_queue_jobs',
    'Jobs per queue and state: queued (ready to run now; live), deferred, active and failed (as pg-boss last counted them, every 10 s)',
    ['queue', 'state'],
    async () => {
      const [queues, waiting] = await Promise.all([jobs.boss.getQueues(), ready()]);
      const readyOf = new Map(waiting.map((row) => [row.name, row.jobs]));
      return queues.flatMap((queue): GaugeSample[] => [
        { labels: { queue: queue.name, state: 'queued' }, value: readyOf.get(queue.name) ?? 0 },
        { labels: { queue: queue.name, state: 'deferred' }, value: queue.deferredCount ?? 0 },
        { labels: { queue: queue.name, state: 'active' }, value: queue.activeCount ?? 0 },
        { labels: { queue: queue.name, state: 'failed' }, value: queue.failedCount ?? 0 },
      ]);
    },
  );
  onScrape(
    'genodesk_job_queue_oldest_queued_seconds',
    'How long the oldest job ready to run has waited for a worker, per queue (0 when none waits)',
    ['queue'],
    async () => {
      const [queues, waiting] = await Promise.all([jobs.boss.getQueues(), ready()]);
      const oldestOf = new Map(waiting.map((row) => [row.name, row.oldest]));
      return queues.map((queue) => ({
        labels: { queue: queue.name },
        value: Math.max(0, oldestOf.get(queue.name) ?? 0),
      }));
    },
  );

  // Messages not delivered yet, from the outbox's (status, created_at) index.
  const outbox = perScrape(async () => {
    const { rows } = await db.execute<{ channel: string; messages: number; oldest: number }>(sql`
      select channel, count(*)::int as messages, extract(epoch from now() - min(created_at))::float8 as oldest
        from outbox_messages
       where status = 'pending'
       group by channel`);
    const of = (channel: string) => rows.find((row) => row.channel === channel);
    return ['email', 'sms'].map((channel) => ({
      channel,
      messages: of(channel)?.messages ?? 0,
      oldest: Math.max(0, of(channel)?.oldest ?? 0),
    }));
  });
  onScrape(
    'genodesk_outbox_pending_messages',
    'Outbox messages not delivered yet (waiting, or retrying), per channel',
    ['channel'],
    async () => (await outbox()).map((row) => ({ labels: { channel: row.channel }, value: row.messages })),
  );
  onScrape(
    'genodesk_outbox_oldest_pending_seconds',
    'Age of the oldest undelivered outbox message, per channel (0 when none waits)',
    ['channel'],
    async () => (await outbox()).map((row) => ({ labels: { channel: row.channel }, value: row.oldest })),
  );

  onScrape('genodesk_access_log_pending_rows', 'Access-log rows waiting for their insert', [], () => [
    { value: accessLogBacklog(db).rows },
  ]);
  onScrape(
    'genodesk_access_log_lag_seconds',
    "How long the oldest access-log row waiting for its insert has waited (the writer's lag)",
    [],
    () => [{ value: accessLogBacklog(db).lagSeconds }],
  );

  onScrape(
    'genodesk_report_render_queue',
    'Report PDF renders of this process by state: queued (waiting for a rendering process), rendering',
    ['state'],
    () => {
      const load = reportRenderLoad();
      return [
        { labels: { state: 'queued' }, value: load.queued },
        { labels: { state: 'rendering' }, value: load.rendering },
      ];
    },
  );
}
