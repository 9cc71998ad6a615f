import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchTokenSecret, cpuSeconds, load, startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (issue 39): what tracing costs `GET auth/user`. Three arms, each an API process of
 * its own on one database, measured in turns (so outside load weighs on each alike): started without
 * the tracing set-up at all (as before issue 39), started as `npm start` does (`--import` of
 * `register.ts`) without the OTEL variables, and with them, exporting to an OTLP sink on the loopback.
 * The figure is the API process's CPU per request (least of the turns); the goal is tracing off
 * within 2 % of no tracing.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const turns = Number(process.env.BENCH_TURNS ?? 3);
const here = path.dirname(fileURLToPath(import.meta.url));

type Arm = { name: string; imports: string[]; otel: Record<string, string> };

function withoutOtel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('OTEL_')));
}

function startApi(arm: Arm, databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'tracing-off-server.ts'), [], {
      cwd: path.join(here, '..'),
      execArgv: ['--import', 'tsx', ...arm.imports.flatMap((module) => ['--import', module])],
      env: {
        ...withoutOtel(process.env),
        ...arm.otel,
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_TOKEN_SECRET: benchTokenSecret,
        LOG_LEVEL: 'warn',
      },
    });
    child.once('message', (message) => resolve({ child, port: (message as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${arm.name}: the API process exited with ${code}`)));
  });
}

async function main() {
  const { app, url, stop } = await startBenchServer('tracing', 2);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'admin@genodesk.test', password: 'genodesk' },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

  // An OTLP/HTTP receiver that takes the spans and drops them.
  let spanExports = 0;
  const sink = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      spanExports += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as { port: number }).port}`;

  const register = './src/observability/register.ts';
  const arms: Arm[] = [
    { name: 'no tracing set-up', imports: [], otel: {} },
    { name: 'tracing off (as npm start, no OTEL variables)', imports: [register], otel: {} },
    {
      name: 'tracing on (OTLP/HTTP to the loopback)',
      imports: [register],
      otel: { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl, OTEL_SERVICE_NAME: 'genodesk-bench' },
    },
  ];
  const results = new Map<string, { micros: number; rps: number }[]>();
  for (let turn = 0; turn < turns; turn += 1) {
    for (const arm of arms) {
      const { child, port } = await startApi(arm, url);
      const target = `http://127.0.0.1:${port}/api/auth/user`;
      await load(target, headers, 2);
      const before = await cpuSeconds(child.pid as number);
      const { rps } = await load(target, headers, seconds);
      const used = (await cpuSeconds(child.pid as number)) - before;
      results.set(arm.name, [
        ...(results.get(arm.name) ?? []),
        { micros: (used * 1e6) / (rps * seconds), rps },
      ]);
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    }
  }
  const best = (name: string) => {
    const runs = results.get(name) ?? [];
    return { micros: Math.min(...runs.map((r) => r.micros)), rps: Math.max(...runs.map((r) => r.rps)) };
  };
  const [none, off, on] = arms.map((arm) => best(arm.name)) as [
    { micros: number; rps: number },
    { micros: number; rps: number },
    { micros: number; rps: number },
  ];
  for (const arm of arms) {
    const { micros, rps } = best(arm.name);
    console.info(
      `GET auth/user, ${arm.name}: ${micros.toFixed(0)} µs of CPU per request, ${rps.toFixed(0)} req/s`,
    );
  }
  const offCost = off.micros / none.micros - 1;
  console.info(
    `tracing off costs ${(offCost * 100).toFixed(1)} % of CPU per request (goal: within 2 %${offCost <= 0.02 ? ': met' : ': MISSED'}); ` +
      `tracing on costs ${((on.micros / none.micros - 1) * 100).toFixed(0)} % (${spanExports} exports received)`,
  );
  sink.close();
  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
