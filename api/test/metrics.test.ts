import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticReportSource } from '../bench/report-source.js';
import { loadConfig } from '../src/config.js';
import { transaction } from '../src/db/client.js';
import { registerMetricSources } from '../src/metric-sources.js';
import { queueEmail } from '../src/modules/messaging/outbox.js';
import { reportDocumentFrom } from '../src/modules/products/report-pdf/document.js';
import { defaultReportTexts } from '../src/modules/products/report-pdf/labels.js';
import { closeReportPdfRenderer, renderReportPdf } from '../src/modules/products/report-pdf/render.js';
import { resultsWorkers } from '../src/modules/results/workers.js';
import { startMetricsServer, stopMetricsServer } from '../src/observability/metrics-server.js';
import { buildServer } from '../src/server.js';
import { waitFor } from './processes.js';
import { resultsFile, samplesAwaitingResults } from './results-plate.js';
import { demo, type TestApp, testApp } from './test-app.js';

const token = 'a-metrics-token-of-the-test';
let t: TestApp;
let port: Server;

beforeAll(async () => {
  t = await testApp({ metricsToken: token });
  registerMetricSources({ db: t.db, jobs: t.jobs });
  port = await startMetricsServer(0, '127.0.0.1');
});
afterAll(async () => {
  await stopMetricsServer(port);
  await closeReportPdfRenderer();
  await t.close();
});

type Sample = { name: string; labels: Record<string, string>; value: number };

const metricName = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const labelPair = `([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`;
const sampleLine = new RegExp(
  `^(${metricName})(?:\\{((?:${labelPair})(?:,${labelPair})*)?,?\\})? (-?(?:[0-9.]+(?:e[+-]?[0-9]+)?|[Nn]a[Nn]|\\+Inf|-Inf))( -?[0-9]+)?$`,
);
const commentLine = new RegExp(
  `^# (?:HELP ${metricName} .*|TYPE ${metricName} (?:counter|gauge|histogram|summary|untyped))$`,
);

/** Prometheus's text format, line by line: a line that is neither a comment nor a sample fails. */
function parse(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    // Blank lines are allowed between families.
    if (line === '') continue;
    if (line.startsWith('#')) {
      expect(line, 'a comment line').toMatch(commentLine);
      continue;
    }
    const match = sampleLine.exec(line);
    expect(match, `a sample line: ${line}`).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const pair of (match?.[2] ?? '').matchAll(new RegExp(labelPair, 'g'))) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match![1]!, labels, value: Number(match!.at(-2)) });
  }
  return samples;
}

async function scrape() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = parse(response.body);
  /** The value of a sample (0 when absent: a counter not moved yet), its labels a subset. */
  return (name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);
}

const has = async (name: string) => {
  const text = (await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } }))
    .body;
  return text.includes(`\n${name}`) || text.startsWith(name);
};

describe('metrics (issue 39)', () => {
  it('are refused without the token, and absent without one configured; the metrics port serves them', async () => {
    expect((await t.app.inject({ url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer guess' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('genodesk_');

    const { config, ...deps } = {
      db: t.db,
      config: { ...t.config, metricsToken: undefined },
      jobs: t.jobs,
      signer: t.signer,
    };
    const without = await buildServer({ ...deps, config });
    try {
      const response = await without.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('genodesk_');
    } finally {
      await without.close();
    }

    const { port: metricsPort } = port.address() as AddressInfo;
    const served = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(served.status).toBe(200);
    expect(parse(await served.text()).some((s) => s.name === 'genodesk_db_pool_connections')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/auth/user`)).status).toBe(404);
  });

  it('count requests per route pattern, errors by status, sign-in failures and lock-outs', async () => {
    const was = await scrape();
    const headers = await t.authAs(demo.admin);
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/auth/user', headers });
    await t.app.inject({ url: '/api/media/1' });
    await t.app.inject({ url: '/api/media/2' });
    await t.app.inject({ url: '/api/no/such/route', headers });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { email: demo.doctor, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    // Four failures from this address already: the next attempt finds the pair locked.
    await t.db.execute(
      sql`insert into login_failures (email, address) select ${demo.reception}, '127.0.0.1' from generate_series(1, 5)`,
    );
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { email: demo.reception, password: 'anything' },
    });
    expect(locked.statusCode).toBe(429);

    const now = await scrape();
    const count = 'genodesk_http_request_duration_seconds_count';
    const user = { route: '/api/auth/user', method: 'GET', status: '200' };
    expect(now(count, user) - was(count, user)).toBe(3);
    // Two images, one series: the route's pattern, not the URL.
    const media = { route: '/api/media/:id', method: 'GET' };
    expect(now(count, media) - was(count, media)).toBe(2);
    expect(
      now(count, { route: 'unmatched', status: '404' }) - was(count, { route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(now('genodesk_http_request_duration_seconds_bucket', { ...user, le: '+Inf' })).toBe(
      now(count, user),
    );
    expect(now('genodesk_http_request_duration_seconds_sum', user)).toBeGreaterThan(0);
    const failures = 'genodesk_sign_in_failures_total';
    expect(
      now(failures, { reason: 'INVALID_CREDENTIALS' }) - was(failures, { reason: 'INVALID_CREDENTIALS' }),
    ).toBe(1);
    expect(
      now(failures, { reason: 'TOO_MANY_ATTEMPTS' }) - was(failures, { reason: 'TOO_MANY_ATTEMPTS' }),
    ).toBe(1);
    expect(now('genodesk_sign_in_lockouts_total') - was('genodesk_sign_in_lockouts_total')).toBe(1);
    // Every query went through the pool, timed.
    expect(now('genodesk_db_pool_acquire_seconds_count', { pool: 'app' })).toBeGreaterThan(
      was('genodesk_db_pool_acquire_seconds_count', { pool: 'app' }),
    );
    expect(now('genodesk_database_up')).toBe(1);
    // Node's own.
    expect(now('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(await has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('show the pool exhausted: a query waiting for a connection, counted', async () => {
    const was = await scrape();
    const pool = t.db.$client;
    const held = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    const waiting = pool.query('select 1');
    await waitFor('a query waiting for a connection', async () => pool.waitingCount === 1, 2_000);
    held.pop()?.release();
    await waiting;
    for (const client of held) client.release();
    const now = await scrape();
    expect(
      now('genodesk_db_pool_waits_total', { pool: 'app' }) -
        was('genodesk_db_pool_waits_total', { pool: 'app' }),
    ).toBe(1);
    expect(now('genodesk_db_pool_connections', { pool: 'app', state: 'max' })).toBe(pool.options.max);
  });

  it('show a job queue backing up, its oldest job, and job runs by outcome', async () => {
    // No worker takes retention purges in this process: one waits.
    await transaction(t.db, (tx) => t.jobs.send(tx, 'retention-purge', {}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const backlog = await scrape();
    expect(backlog('genodesk_job_queue_jobs', { queue: 'retention-purge', state: 'queued' })).toBe(1);
    expect(backlog('genodesk_job_queue_oldest_queued_seconds', { queue: 'retention-purge' })).toBeGreaterThan(
      0,
    );
    expect(backlog('genodesk_job_queue_oldest_queued_seconds', { queue: 'reanalyse' })).toBe(0);

    // A run that fails for good (no retry left) and one that completes.
    await t.jobs.boss.send('reanalyse', { runId: -1 }, { retryLimit: 0 });
    await t.jobs.work('reanalyse', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job?.data.runId === -1) throw new Error('no such run');
    });
    await waitFor(
      'the failed run',
      async () =>
        (await scrape())('genodesk_job_run_duration_seconds_count', {
          queue: 'reanalyse',
          outcome: 'failed',
        }) === 1,
      10_000,
    );
    await t.jobs.boss.send('reanalyse', { runId: 1 });
    await waitFor(
      'the completed run',
      async () =>
        (await scrape())('genodesk_job_run_duration_seconds_count', {
          queue: 'reanalyse',
          outcome: 'completed',
        }) === 1,
      10_000,
    );
    // pg-boss counts active and failed jobs every 10 s where it supervises; here it is asked to now.
    await t.jobs.boss.getQueueStats('reanalyse', { force: true });
    expect((await scrape())('genodesk_job_queue_jobs', { queue: 'reanalyse', state: 'failed' })).toBe(1);
  });

  it('show the outbox backlog and its oldest message, the access-log writer held back, a render and a lab file read', async () => {
    const was = await scrape();
    await transaction(t.db, (tx) =>
      queueEmail(tx, t.jobs, { kind: 'test', to: 'nobody@example.cz', subject: 'S', text: 'T' }),
    );
    await t.db.execute(
      sql`update outbox_messages set created_at = now() - interval '10 minutes' where kind = 'test'`,
    );

    // The access log's writer waits while its table is locked: a read of a customer waits with it.
    const holder = await t.db.$client.connect();
    await holder.query('begin; lock table access_log in exclusive mode');
    const headers = await t.authAs(demo.admin);
    const read = t.app.inject({ url: '/api/admin/customers/customer?CustomerId=1', headers });
    await waitFor(
      'the read waiting for its access-log row',
      async () => (await scrape())('genodesk_access_log_pending_rows') >= 1,
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const held = await scrape();
    await holder.query('commit');
    holder.release();
    expect((await read).statusCode).toBe(200);
    expect(held('genodesk_access_log_pending_rows')).toBeGreaterThanOrEqual(1);
    expect(held('genodesk_access_log_lag_seconds')).toBeGreaterThan(0.2);
    expect(held('genodesk_outbox_pending_messages', { channel: 'email' })).toBe(
      was('genodesk_outbox_pending_messages', { channel: 'email' }) + 1,
    );
    expect(held('genodesk_outbox_oldest_pending_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(600);

    const document = await reportDocumentFrom(
      syntheticReportSource({ seed: 3, status: 3, phenotypes: 4, categories: 1 }),
      {
        locale: 'cs',
        preview: false,
        verification: { code: '7KQ2M-XR4TD', url: 'https://lab.example.cz/verify/7KQ2M-XR4TD' },
        company: loadConfig({}).reportCompany,
        texts: defaultReportTexts.cs,
      },
    );
    const rendering = renderReportPdf(document);
    expect((await scrape())('genodesk_report_render_queue')).toBe(1);
    await rendering;

    await resultsWorkers({ jobs: t.jobs, db: t.db, config: t.config });
    const codes = await samplesAwaitingResults(t.db.$client, 2);
    const file = resultsFile(codes, 3);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results/upload?FileName=deska.csv',
      headers: { ...(await t.authAs(demo.lab)), 'content-type': 'text/csv' },
      payload: file,
    });
    expect(upload.statusCode).toBe(202);
    // The counters are the process's: an upload of an earlier test may have been counted already.
    const processed = { queue: 'process-results-upload', outcome: 'completed' };
    await waitFor(
      'the upload processed',
      async () =>
        (await scrape())('genodesk_job_run_duration_seconds_count', processed) >
        was('genodesk_job_run_duration_seconds_count', processed),
      20_000,
    );
    const now = await scrape();
    expect(now('genodesk_lab_file_read_bytes_total') - was('genodesk_lab_file_read_bytes_total')).toBe(
      Buffer.byteLength(file),
    );
    const rendered = { outcome: 'rendered' };
    expect(
      now('genodesk_report_render_duration_seconds_count', rendered) -
        was('genodesk_report_render_duration_seconds_count', rendered),
    ).toBe(1);
    expect(now('genodesk_report_render_queue')).toBe(0);
  });
});
