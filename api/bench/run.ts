import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench`: prints figures, asserts nothing.
 * - GET auth/user against a bare Fastify + pg endpoint doing one single-row query (budget: ≥ 70 %).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

/** Load from a second process, so the generator does not share the server's event loop. */
function load(url: string, headers: Record<string, string>): Promise<{ rps: number; p95: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'load.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        LOAD_URL: url,
        LOAD_HEADERS: JSON.stringify(headers),
        LOAD_SECONDS: String(seconds),
        LOAD_CONCURRENCY: String(concurrency),
      },
    });
    child.on('message', (result) => resolve(result as { rps: number; p95: number }));
    child.on('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}

async function main() {
  const { app, db, stop } = await startBenchServer('auth', 20);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as { port: number }).port;

  const bare = Fastify();
  bare.get(
    '/user',
    async () => (await db.$client.query('select id, email, user_name from users where id = $1', [1])).rows[0],
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'admin@genodesk.test', password: 'genodesk' },
  });
  const { token } = login.json() as { token: string };

  await load(`http://127.0.0.1:${barePort}/user`, {});
  const baseline = await load(`http://127.0.0.1:${barePort}/user`, {});
  const authUser = await load(`http://127.0.0.1:${appPort}/api/auth/user`, {
    authorization: `Bearer ${token}`,
  });
  console.info(
    `bare Fastify + pg single-row query: ${baseline.rps.toFixed(0)} req/s, p95 ${baseline.p95.toFixed(1)} ms`,
  );
  console.info(
    `GET /api/auth/user (JWT + session, user, role, permissions): ${authUser.rps.toFixed(0)} req/s, p95 ${authUser.p95.toFixed(1)} ms`,
  );
  console.info(
    `auth/user is ${((authUser.rps / baseline.rps) * 100).toFixed(0)} % of the bare endpoint (budget: ≥ 70 %)`,
  );

  await bare.close();
  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
