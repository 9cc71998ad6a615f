import { loadConfig } from './config.js';
import { createDatabase } from './db/client.js';
import { startJobs } from './jobs/queue.js';
import { startWorkers } from './jobs/workers.js';

/** `npm run worker`: job workers only, for API nodes started with WORKERS=off. Needs DATABASE_URL. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new Error('npm run worker needs DATABASE_URL (the API process runs workers itself otherwise)');
  const db = createDatabase(config.databaseUrl, 5);
  const jobs = await startJobs(config.databaseUrl, { supervise: true });
  await startWorkers(jobs, db, config);
  console.info('GenoDesk workers are running');
  const stop = async () => {
    await jobs.stop();
    await db.$client.end();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
