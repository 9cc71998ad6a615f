import { timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 39). Counters and histograms move as things happen (a
 * request, a job run, a render); what is a state (a backlog, a pool's use) is read when Prometheus
 * scrapes, by the sources registered with `onScrape`, never on a request's path.
 */
export const registry = new Registry();

// Node's own: event loop delay (`nodejs_eventloop_lag_*`), heap, garbage collection, CPU, handles.
collectDefaultMetrics({ register: registry });

/** Request durations: a few milliseconds for a read, up to seconds for an export or an upload. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestDuration = new Histogram({
  name: 'genodesk_http_request_duration_seconds',
  help: 'API requests by route pattern (never the raw URL), method and status; its _count is the request rate',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: requestBuckets,
  registers: [registry],
});

export const dbPoolAcquireDuration = new Histogram({
  name: 'genodesk_db_pool_acquire_seconds',
  help: 'Time a query waited for a connection of the pool (near zero unless the pool is exhausted)',
  labelNames: ['pool'] as const,
  buckets: [0.001, 0.005, 0.025, 0.1, 0.5, 1, 3],
  registers: [registry],
});

export const dbPoolWaits = new Counter({
  name: 'genodesk_db_pool_waits_total',
  help: 'Connections asked for while every connection of the pool was busy',
  labelNames: ['pool'] as const,
  registers: [registry],
});

export const jobRunDuration = new Histogram({
  name: 'genodesk_job_run_duration_seconds',
  help: 'Job runs (one attempt each) by queue and outcome (completed, failed)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.25, 1, 5, 15, 60, 300, 1800],
  registers: [registry],
});

export const reportRenderDuration = new Histogram({
  name: 'genodesk_report_render_duration_seconds',
  help: 'Report PDF renders, time in the queue included, by outcome (rendered, failed, timed_out, refused)',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  registers: [registry],
});

export const labFileReadBytes = new Counter({
  name: 'genodesk_lab_file_read_bytes_total',
  help: 'Bytes of results files read (as stored: compressed files count their compressed size)',
  registers: [registry],
});

export const signInFailures = new Counter({
  name: 'genodesk_sign_in_failures_total',
  help: 'Refused sign-ins by reason (the error code: INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, ...)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const signInLockouts = new Counter({
  name: 'genodesk_sign_in_lockouts_total',
  help: 'Sign-ins refused because the account was locked from that address',
  registers: [registry],
});

export type GaugeSample = { labels?: Record<string, string>; value: number };
type Reader = () => Promise<GaugeSample[]> | GaugeSample[];
const sources = new Map<string, { gauge: Gauge<string>; readers: Map<string, Reader> }>();

/**
 * A gauge read at scrape time: `read` gives its samples then (a failed read leaves them out of that
 * scrape, and `genodesk_metrics_source_failures_total` counts it). `key` tells apart the readers of
 * one gauge (two pools); registering a key again replaces its reader (a test server built twice).
 */
export function onScrape(
  name: string,
  help: string,
  labelNames: readonly string[],
  read: Reader,
  key = 'default',
): void {
  let source = sources.get(name);
  if (!source) {
    source = { gauge: new Gauge({ name, help, labelNames, registers: [registry] }), readers: new Map() };
    sources.set(name, source);
  }
  source.readers.set(key, read);
}

const sourceFailures = new Counter({
  name: 'genodesk_metrics_source_failures_total',
  help: 'Scrape-time readings that failed (a database that did not answer), by metric',
  labelNames: ['metric'] as const,
  registers: [registry],
});

/** Every metric in Prometheus's text format, the scrape-time gauges read now (in parallel). */
export async function scrape(): Promise<string> {
  await Promise.all(
    [...sources].map(async ([name, { gauge, readers }]) => {
      const samples = await Promise.all(
        [...readers.values()].map(async (read) => {
          try {
            return await read();
          } catch {
            sourceFailures.inc({ metric: name });
            return [];
          }
        }),
      );
      gauge.reset();
      for (const sample of samples.flat()) gauge.set(sample.labels ?? {}, sample.value);
    }),
  );
  return registry.metrics();
}

export const metricsContentType = registry.contentType;

/**
 * Times every connection `pool` hands out (`genodesk_db_pool_acquire_seconds`), counts those asked
 * for while all were busy, and reports its use at scrape time. Wraps `connect`, which `pool.query`
 * also goes through.
 */
export function observePool(pool: pg.Pool, name: string): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  const labels = { pool: name };
  const busy = () => pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10);
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    const started = performance.now();
    if (busy()) dbPoolWaits.inc(labels);
    const observe = () => dbPoolAcquireDuration.observe(labels, (performance.now() - started) / 1000);
    if (callback)
      return connect((...args: unknown[]) => {
        observe();
        callback(...args);
      });
    return (connect() as Promise<unknown>).finally(observe);
  };
  onScrape(
    'genodesk_db_pool_connections',
    'Connections of the pool by state (busy, idle) and its maximum (max)',
    ['pool', 'state'],
    () => [
      { labels: { pool: name, state: 'busy' }, value: pool.totalCount - pool.idleCount },
      { labels: { pool: name, state: 'idle' }, value: pool.idleCount },
      { labels: { pool: name, state: 'max' }, value: pool.options.max ?? 10 },
    ],
    name,
  );
  onScrape(
    'genodesk_db_pool_waiting_clients',
    'Queries waiting for a connection of the pool now',
    ['pool'],
    () => [{ labels, value: pool.waitingCount }],
    name,
  );
}

/** Whether `header` is `Bearer <token>` (compared in constant time). */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
