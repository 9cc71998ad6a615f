import { TokenSigner } from './auth/tokens.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { tokenSecret } from './db/secrets.js';
import { startJobs } from './jobs/queue.js';
import { startWorkers } from './jobs/workers.js';
import { demoBanner, isEmpty, seedDemo } from './seed/demo.js';
import { ensureBaseRoles } from './seed/roles.js';
import { buildServer } from './server.js';

/** config → database (embedded or URL) → migrate → demo seed if empty → jobs → listen. */
async function main() {
  const config = loadConfig();
  const log = (line: string) => console.info(line);
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const databaseUrl =
    config.databaseUrl ?? (await ensureDatabase(embedded!.url('postgres'), embedded!.url('genodesk')));
  const db = createDatabase(databaseUrl);
  await runMigrations(db);
  await ensureBaseRoles(db);
  const seeded = config.seedDemo && (await isEmpty(db));
  if (seeded) await seedDemo(db);

  const jobs = await startJobs(databaseUrl, { supervise: config.workers });
  if (config.workers) await startWorkers(jobs, db, config);
  const signer = new TokenSigner(await tokenSecret(db, config.jwtSecret));
  const app = await buildServer({ db, config, signer, jobs }, { logger: { level: config.logLevel } });
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  if (seeded) log(demoBanner(url));
  log(`GenoDesk is running at ${url} (API at ${url}/api/, docs at ${url}/api/docs)`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await jobs.stop();
    await db.$client.end();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
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
  console.error(error);
  process.exit(1);
});
