import http from 'node:http';

/** A keep-alive HTTP load loop; reports requests per second and p95 latency to its parent. */
const url = process.env.LOAD_URL ?? '';
const headers = JSON.parse(process.env.LOAD_HEADERS ?? '{}') as Record<string, string>;
const seconds = Number(process.env.LOAD_SECONDS ?? 5);
const concurrency = Number(process.env.LOAD_CONCURRENCY ?? 32);

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies: number[] = [];
const until = Date.now() + seconds * 1000;

const one = () =>
  new Promise<void>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
      })
      .on('error', reject);
  });

await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) await one();
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
process.send?.({ rps: latencies.length / seconds, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 });
process.disconnect?.();
