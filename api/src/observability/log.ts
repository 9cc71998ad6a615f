import { Writable } from 'node:stream';
import { context, trace } from '@opentelemetry/api';
import { type DestinationStream, type Logger, pino } from 'pino';

export type LogFormat = 'json' | 'pretty';
export type LogOptions = { level?: string; format?: LogFormat; stream?: DestinationStream };

/**
 * The trace and span a line was written in, when tracing runs (issue 39): a job's lines then carry
 * the trace of the request that queued it. Without tracing there is no active span and nothing is added.
 */
function traceFields() {
  const span = trace.getSpanContext(context.active());
  return span ? { traceId: span.traceId, spanId: span.spanId } : {};
}

/**
 * A process logger: one JSON line per event (pino), or with `format: 'pretty'` one readable line
 * for a terminal. What a line may carry is the caller's care: ids, codes, counts — never a name, an
 * e-mail or a genotype (`test/log-lines.test.ts` scans a run's lines for the seeded customers').
 */
export function createLogger(options: LogOptions = {}): Logger {
  const out = options.stream ?? process.stdout;
  const stream = options.format === 'pretty' ? prettyStream(out) : out;
  return pino({ level: options.level ?? 'info', mixin: traceFields }, stream);
}

let current = createLogger({
  level: process.env.LOG_LEVEL || 'info',
  format: process.env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json',
});

/** Replaces the process logger (at start, from the configuration); answers it for Fastify to share. */
export function configureLog(options: LogOptions): Logger {
  current = createLogger(options);
  return current;
}

/** The process logger now (Fastify's `loggerInstance`). */
export const processLogger = (): Logger => current;

type Line = (details: object | string, message?: string) => void;
const at =
  (level: 'info' | 'warn' | 'error'): Line =>
  (details, message) =>
    typeof details === 'string' ? current[level](details) : current[level](details, message);

/**
 * The process's log outside a request (workers, failures): `log.info({ id }, 'what happened')`.
 * `notice` is for the few lines an operator always needs whatever `LOG_LEVEL` (started, where,
 * stopping, stopped): written at `info` even when the level is higher.
 */
export const log = {
  info: at('info'),
  warn: at('warn'),
  error: at('error'),
  notice: (message: string) => {
    const logger = current.isLevelEnabled('info') ? current : current.child({}, { level: 'info' });
    logger.info(message);
  },
};

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** `12:03:04 INFO  request method=GET path=/api/auth/user status=200 ms=3`: pino's lines for a person. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, ...rest } = entry;
  const clock = new Date(typeof time === 'number' ? time : Date.now()).toISOString().slice(11, 19);
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  const name = (levelNames[level as number] ?? String(level)).padEnd(5);
  return `${clock} ${name} ${msg ?? ''}${fields ? ` ${fields}` : ''}`;
}

function prettyStream(out: DestinationStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${prettyLine(line)}\n`);
      done();
    },
  });
}
