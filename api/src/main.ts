import { startWorkers, stopAreas } from './areas.js';
import { TokenSigner } from './auth/tokens.js';
import { loadConfig, startRefusals } from './config.js';
import { appConnectionRefusal, prepareAsOwner } from './database-setup.js';
import { createDatabase } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { loggableError } from './db/loggable-error.js';
import { serverKeys } from './db/secrets.js';
import { startJobs } from './jobs/queue.js';
import { closeServer, endDatabase, type ShutdownStep, stopOnSignals } from './lifecycle.js';
import { registerMetricSources } from './metric-sources.js';
import { configureLog, log } from './observability/log.js';
import { startMetricsServer, stopMetricsServer } from './observability/metrics-server.js';
import { stopTracing } from './observability/tracing.js';
import { demoBanner } from './seed/demo.js';
import { demoPasswordRefusal, isLoopbackHost } from './seed/demo-guard.js';
import { buildServer } from './server.js';

/**
 * config (a real deployment refused without its keys) → database (embedded or URL) → migrate → demo seed if empty → refuse a public address while a
 * demo password is left → jobs → listen.
 */
async function main() {
  const config = loadConfig();
  // One JSON line per event from here on (LOG_FORMAT=pretty for a terminal), Fastify's included.
  const logger = configureLog({ level: config.logLevel, format: config.logFormat });
  const say = (line: string) => log.notice(line);
  const missing = startRefusals(config);
  if (missing.length > 0) {
    log.error(
      { missing },
      `GenoDesk does not start as a real deployment without its keys:\n- ${missing.join('\n- ')}`,
    );
    process.exit(1);
  }
  // Stopped in the reverse order of starting; a signal during start-up stops what has started.
  const steps: ShutdownStep[] = [];
  stopOnSignals(steps, say);
  // The last step: the spans of everything stopped before it are exported.
  steps.push({ name: 'tracing', run: stopTracing });

  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, say);
  if (embedded) steps.unshift({ name: 'the embedded PostgreSQL', run: embedded.stop });
  const ownerUrl =
    config.databaseOwnerUrl ??
    config.databaseUrl ??
    (await ensureDatabase(embedded!.url('postgres'), embedded!.url('genodesk')));
  const { appUrl: databaseUrl, seeded } = await prepareAsOwner(config, ownerUrl, {
    embedded: embedded !== undefined,
    demo: config.seedDemo,
  });
  const db = createDatabase(databaseUrl, 20, { preparedStatements: config.preparedStatements });
  steps.unshift({ name: 'the database pool', run: () => endDatabase(db) });
  // Runs after the HTTP server and the job workers have stopped (steps run in reverse order).
  steps.unshift({ name: "the areas' threads", run: stopAreas });
  const refusal =
    (await appConnectionRefusal(db)) ??
    (await demoPasswordRefusal(
      db,
      config.host,
      // A PUBLIC_URL of this machine (a test, a demo on its own database) publishes nothing.
      config.trustProxy !== false ||
        (config.publicUrl !== undefined && !isLoopbackHost(new URL(config.publicUrl).hostname)),
    ));
  if (refusal) {
    log.error(refusal);
    for (const step of steps) await step.run().catch(() => {});
    process.exit(1);
  }

  const jobs = await startJobs(databaseUrl, {
    supervise: config.workers,
    jobHistoryDays: config.retention.jobsDays,
    manageQueues: false,
  });
  steps.unshift({ name: 'the job workers', run: () => jobs.stop() });
  if (config.workers) await startWorkers({ jobs, db, config });
  registerMetricSources({ db, jobs });
  if (config.metricsPort !== undefined) {
    const metrics = await startMetricsServer(config.metricsPort, config.metricsHost);
    steps.unshift({ name: 'the metrics server', run: () => stopMetricsServer(metrics) });
  }
  const keys = await serverKeys(db, config);
  const signer = new TokenSigner(keys.tokenSecret, keys.sealingSecret);
  const app = await buildServer({ db, config, signer, jobs }, { loggerInstance: logger });
  steps.unshift({ name: 'the HTTP server', run: () => closeServer(app) });
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  if (seeded) say(demoBanner(url));
  say(`GenoDesk is running at ${url} (API at ${url}/api/, docs at ${url}/api/docs)`);
}

/** The embedded server's `genodesk` database, created on first start. */
async function ensureDatabase(adminUrl: string, url: string): Promise<string> {
  const admin = createDatabase(adminUrl, 1);
  try {
    const exists = await admin.$client.query(`select 1 from pg_database where datname = 'genodesk'`);
    if (exists.rowCount === 0) await admin.$client.query('create database genodesk');
  } finally {
    await admin.$client.end();
  }
  return url;
}

main().catch((error) => {
  log.error(loggableError(error), 'GenoDesk did not start');
  process.exit(1);
});
