import { startWorkers, stopAreas } from './areas.js';
import { loadConfig } from './config.js';
import { appConnectionRefusal, prepareAsOwner } from './database-setup.js';
import { createDatabase } from './db/client.js';
import { loggableError } from './db/loggable-error.js';
import { startJobs } from './jobs/queue.js';
import { endDatabase, type ShutdownStep, stopOnSignals } from './lifecycle.js';
import { registerMetricSources } from './metric-sources.js';
import { configureLog, log } from './observability/log.js';
import { startMetricsServer, stopMetricsServer } from './observability/metrics-server.js';
import { stopTracing } from './observability/tracing.js';

/** `npm run worker`: job workers only, for API nodes started with WORKERS=off. Needs DATABASE_URL. */
async function main() {
  const config = loadConfig();
  configureLog({ level: config.logLevel, format: config.logFormat });
  if (!config.databaseUrl)
    throw new Error('npm run worker needs DATABASE_URL (the API process runs workers itself otherwise)');
  const steps: ShutdownStep[] = [];
  stopOnSignals(steps, (line) => log.notice(line));
  // The last step: the spans of everything stopped before it are exported.
  steps.push({ name: 'tracing', run: stopTracing });
  // A worker may come up before any API node: it brings the database to the schema its jobs expect.
  const { appUrl } = await prepareAsOwner(config, config.databaseOwnerUrl ?? config.databaseUrl, {
    embedded: false,
    demo: config.seedDemo,
  });
  const db = createDatabase(appUrl, 5, { preparedStatements: config.preparedStatements });
  steps.unshift({ name: 'the database pool', run: () => endDatabase(db) });
  steps.unshift({ name: "the areas' threads", run: stopAreas });
  const refusal = await appConnectionRefusal(db);
  if (refusal) throw new Error(refusal);
  const jobs = await startJobs(appUrl, {
    supervise: true,
    jobHistoryDays: config.retention.jobsDays,
    manageQueues: false,
  });
  steps.unshift({ name: 'the job workers', run: () => jobs.stop() });
  await startWorkers({ jobs, db, config });
  // A worker has no HTTP API: its metrics (job runs, renders, lab files) are on METRICS_PORT only.
  registerMetricSources({ db, jobs });
  if (config.metricsPort !== undefined) {
    const metrics = await startMetricsServer(config.metricsPort, config.metricsHost);
    steps.unshift({ name: 'the metrics server', run: () => stopMetricsServer(metrics) });
  }
  log.notice('GenoDesk workers are running');
}

main().catch((error) => {
  log.error(loggableError(error), 'GenoDesk workers did not start');
  process.exit(1);
});
