import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { load, startBenchServer } from './bench-server.js';
import { frameName, type ProfileNode } from './flame-graph.js';

/**
 * `npm run bench` (issue 38): what one `GET auth/user` costs the API's process against a bare Fastify +
 * pg endpoint running the same kind of single-row query — CPU per request, measured side by side in
 * one run (a figure a busy machine disturbs far less than requests/s) — and where the time goes: the
 * functions with the most self time under load, from a CPU profile taken through the inspector
 * (`BENCH_PROFILE_TOP` lines; `BENCH_PROFILE_OUT=file.cpuprofile` keeps it for DevTools).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const top = Number(process.env.BENCH_PROFILE_TOP ?? 15);

/** This process's CPU (µs) per request over one load run. */
async function cpuPerRequest(url: string, headers: Record<string, string>) {
  const before = process.cpuUsage();
  const { rps } = await load(url, headers);
  const used = process.cpuUsage(before);
  return { rps, micros: (used.user + used.system) / (rps * seconds) };
}

/** The functions with the most self time in a profile, with their share of all samples. */
function selfTime(profile: { nodes: ProfileNode[] }) {
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    total += hits;
    const key = frameName(node.callFrame);
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

async function main() {
  const { app, db, stop } = await startBenchServer('auth-profile', 20);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/auth/user`;
  const bare = Fastify();
  bare.get(
    '/user',
    async () => (await db.$client.query('select id, email, user_name from users where id = $1', [1])).rows[0],
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/user`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'admin@genodesk.test', password: 'genodesk' },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

  // Warm both, then alternate so outside load weighs on each alike.
  await load(bareUrl, {});
  await load(appUrl, headers);
  const bareRuns = [await cpuPerRequest(bareUrl, {})];
  const appRuns = [await cpuPerRequest(appUrl, headers)];
  appRuns.push(await cpuPerRequest(appUrl, headers));
  bareRuns.push(await cpuPerRequest(bareUrl, {}));
  const least = (runs: { micros: number }[]) => Math.min(...runs.map((run) => run.micros));
  const ratio = least(bareRuns) / least(appRuns);
  console.info(
    `GET auth/user: ${least(appRuns).toFixed(0)} µs of the API process's CPU per request, bare Fastify + pg ${least(bareRuns).toFixed(0)} µs: ` +
      `auth/user costs ${(100 / ratio).toFixed(0)} % of the bare endpoint, i.e. runs at ${(ratio * 100).toFixed(0)} % of its speed per core (goal: ≥ 90 %${ratio >= 0.9 ? ': met' : ': MISSED'})`,
  );

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  await load(appUrl, headers);
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  if (process.env.BENCH_PROFILE_OUT) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
  }
  console.info(`GET auth/user under load, top self time (the API process, ${seconds} s):`);
  for (const line of selfTime(profile as unknown as { nodes: ProfileNode[] })) console.info(`  ${line}`);

  await bare.close();
  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
