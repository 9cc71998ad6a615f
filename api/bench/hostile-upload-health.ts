import http from 'node:http';

/**
 * The health poller of `hostile-upload.ts`, in a process of its own (the bench's own work — building
 * the files, sending them — must not delay it): sends `GET /api/health` every `HEALTH_INTERVAL_MS` on
 * a fixed schedule, whether or not the last one has answered (a stalled server then shows as the time
 * each waiting request waited, not as one slow request), until the parent says `stop`; then sends back
 * every request as [started at (ms since the epoch), latency ms, status (0: no answer)] and ends when
 * the parent closes the channel. Says `ready` at its first answer.
 */
const base = new URL(process.env.HEALTH_BASE ?? '');
const interval = Number(process.env.HEALTH_INTERVAL_MS ?? 20);

const agent = new http.Agent({ keepAlive: true });
const samples: [number, number, number][] = [];
/** The requests still waiting for their answer, by their start. */
const pending = new Set<number>();

/** Milliseconds since the epoch, as the parent reads them too (`performance.timeOrigin` + now). */
const now = () => performance.timeOrigin + performance.now();

function one() {
  const started = now();
  pending.add(started);
  const done = (status: number) => {
    if (!pending.delete(started)) return;
    samples.push([started, now() - started, status]);
    if (samples.length === 1) process.send?.('ready');
  };
  http
    .get({ host: base.hostname, port: base.port, path: '/api/health', agent }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0));
      response.on('error', () => done(0));
    })
    .on('error', () => done(0));
}

let next = now();
let timer: NodeJS.Timeout | undefined;
const tick = () => {
  one();
  // The next one on schedule, not `interval` after this one: no drift, no requests left out.
  next += interval;
  timer = setTimeout(tick, Math.max(0, next - now()));
};
tick();

// A parent gone (a bench that failed) leaves no poller behind.
process.on('disconnect', () => process.exit(0));

process.on('message', async (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  // The requests still out are given 30 s to answer; those that do not count as no answer.
  const deadline = now() + 30_000;
  while (pending.size > 0 && now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const started of pending) samples.push([started, now() - started, 0]);
  pending.clear();
  agent.destroy();
  // The parent ends the channel when it has read them; then this process ends.
  process.send?.(samples);
});
