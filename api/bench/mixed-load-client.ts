import http from 'node:http';

/**
 * The load generator of `mixed-load.ts`, in a process of its own: `LOAD_CONCURRENCY` keep-alive clients
 * send the calls of `LOAD_CALLS` round-robin, as a browser would (bearer token, compressed answers
 * accepted), for `LOAD_SECONDS`; reports requests, errors and per-call latency percentiles.
 */
const base = new URL(process.env.LOAD_BASE ?? '');
const calls = Object.entries(JSON.parse(process.env.LOAD_CALLS ?? '{}') as Record<string, string>);
const seconds = Number(process.env.LOAD_SECONDS ?? 20);
const concurrency = Number(process.env.LOAD_CONCURRENCY ?? 200);
const headers = {
  authorization: `Bearer ${process.env.LOAD_TOKEN}`,
  'accept-encoding': 'gzip, deflate, br',
  accept: 'application/json',
};

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = new Map<string, number[]>(calls.map(([name]) => [name, []]));
let errors = 0;
let firstError: string | undefined;
let next = 0;
const until = Date.now() + seconds * 1000;
const cpuAtStart = process.cpuUsage();

const one = (name: string, path: string) =>
  new Promise<void>((resolve) => {
    const started = performance.now();
    const fail = (reason: string) => {
      errors += 1;
      firstError ??= `${name}: ${reason}`;
      resolve();
    };
    http
      .get({ host: base.hostname, port: base.port, path, agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) return fail(`status ${response.statusCode}`);
          latencies.get(name)?.push(performance.now() - started);
          resolve();
        });
        response.on('error', (error) => fail(error.message));
      })
      .on('error', (error) => fail(error.message));
  });

await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      const [name, path] = calls[next++ % calls.length]!;
      await one(name, path);
    }
  }),
);
agent.destroy();

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
const cpu = process.cpuUsage(cpuAtStart);
const result = {
  seconds,
  /** The generator's own CPU time, µs: it shares the machine's cores with the API and PostgreSQL. */
  cpuMicros: cpu.user + cpu.system,
  requests: [...latencies.values()].reduce((sum, list) => sum + list.length, 0) + errors,
  errors,
  firstError,
  calls: Object.fromEntries(
    [...latencies].map(([name, list]) => {
      const sorted = list.sort((a, b) => a - b);
      return [
        name,
        {
          count: sorted.length,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
        },
      ];
    }),
  ),
};
process.send?.(result);
process.disconnect?.();
