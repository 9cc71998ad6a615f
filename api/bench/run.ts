import Fastify from 'fastify';
import { sharedCacheOf } from '../src/db/shared-cache.js';
import { load, startBenchServer } from './bench-server.js';

/**
 * `npm run bench`: prints figures, asserts nothing.
 * - GET auth/user against a bare Fastify + pg endpoint doing one single-row query (issue 38's goal: ≥ 90 %),
 *   its principal kept by the node (as served), then read from the database on every request (a node
 *   whose cache is not listening).
 */
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
  const share = authUser.rps / baseline.rps;
  console.info(
    `auth/user is ${(share * 100).toFixed(0)} % of the bare endpoint (goal: ≥ 90 %${share >= 0.9 ? ': met' : ': MISSED'})`,
  );
  sharedCacheOf(db).stop();
  const uncached = await load(`http://127.0.0.1:${appPort}/api/auth/user`, {
    authorization: `Bearer ${token}`,
  });
  console.info(
    `GET /api/auth/user, the principal read on every request (cache not listening): ${uncached.rps.toFixed(0)} req/s, p95 ${uncached.p95.toFixed(1)} ms, ${((uncached.rps / baseline.rps) * 100).toFixed(0)} % of the bare endpoint`,
  );

  await bare.close();
  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
