import { TokenSigner } from '../src/auth/tokens.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/client.js';
import { startJobs } from '../src/jobs/queue.js';
import { buildServer } from '../src/server.js';

/**
 * One API process of `bench/tracing-off.ts` on the database it is given (BENCH_DATABASE_URL): started
 * the way the arm under test says (with or without `--import` of the tracing set-up, the OTEL variables
 * set or not), it listens on a free port and tells its parent which.
 */
const url = process.env.BENCH_DATABASE_URL ?? '';
const db = createDatabase(url, 20, { preparedStatements: loadConfig().preparedStatements });
const jobs = await startJobs(url, { supervise: false });
const app = await buildServer({
  db,
  config: { ...loadConfig(), databaseUrl: url },
  signer: new TokenSigner(process.env.BENCH_TOKEN_SECRET ?? ''),
  jobs,
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.on('disconnect', async () => {
  await app.close();
  await jobs.stop();
  await db.$client.end();
  process.exit(0);
});
