import { createHash } from 'node:crypto';
import rateLimit, {
  type FastifyRateLimitStore,
  normalizeIP,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { MessageKey } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { AppError } from './errors.js';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
/**
 * What the plugin really hands `child` (its types say a route): the route's merged limit options, the
 * route itself under `routeInfo`.
 */
type RouteLimit = { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

/** What may be logged of a fault: a code from the error or what it wraps (never a query's text or values). */
function faultCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = cause.cause;
  }
  return undefined;
}

/** How often a node deletes counters whose window has passed (they would be reset at their next hit anyway). */
const cleanEveryMs = 10 * 60 * 1000;

/**
 * One hit on `key`: a new window when there is none or it has passed, else one more in the window.
 * One statement, so parallel hits on any number of nodes are each counted once (the row is locked by
 * the upsert), and the window's end comes from the database's clock, not each node's. `now()` is when
 * each transaction began: one that began first may count after a window opened by a later one, so the
 * time left is capped at the window (a Retry-After of 61 s for a 60 s window would be false).
 */
async function countHit(db: Database, key: string, timeWindowMs: number): Promise<Counted> {
  const { rows } = await db.execute<{ hits: number; ttl: number }>(sql`
    insert into rate_limits as r (key, hits, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${timeWindowMs / 1000}))
    on conflict (key) do update set
      hits = case when r.resets_at <= now() then 1 else r.hits + 1 end,
      resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
    returning hits,
      least(${timeWindowMs}, greatest(0, ceil(extract(epoch from resets_at - now()) * 1000)))::int as ttl`);
  const row = rows[0];
  if (!row) throw new Error('rate limit upsert returned nothing');
  return { current: row.hits, ttl: row.ttl };
}

/**
 * @fastify/rate-limit's store on the `rate_limits` table, so every node counts in the same place. A
 * route's counters are prefixed by its method and path, or by its `groupId` (routes that share one
 * limit). When the database fails, the request is let through and the fault logged: the route's own
 * rules still hold, and a limit must not turn a database hiccup into refusals.
 */
export function postgresRateLimitStore(
  db: Database,
  log: FastifyBaseLogger,
  options: { cleanEveryMs?: number } = {},
) {
  const every = options.cleanEveryMs ?? cleanEveryMs;
  let cleanedAt = Date.now();
  const forgetExpired = () => {
    if (Date.now() - cleanedAt < every) return;
    cleanedAt = Date.now();
    db.execute(sql`delete from rate_limits where resets_at < now()`).catch((error: unknown) =>
      log.warn({ code: faultCode(error) }, 'expired rate limit counters not deleted'),
    );
  };

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    prefix = '';

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (counted) => {
          forgetExpired();
          callback(null, counted);
        },
        (error: unknown) => {
          log.warn(
            { code: faultCode(error), prefix: this.prefix },
            'rate limit not counted: the request is let through',
          );
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): PostgresRateLimitStore {
      const route = options as unknown as RouteLimit;
      const store = new PostgresRateLimitStore();
      // Fastify's HEAD twin of a GET route is the same resource: one count for both.
      const method = [route.routeInfo?.method ?? '']
        .flat()
        .map((m) => (m === 'HEAD' ? 'GET' : m))
        .join(',');
      store.prefix = route.groupId ? `${route.groupId}|` : `${method} ${route.routeInfo?.url ?? ''}|`;
      return store;
    }
  };
}

/** The caller's address, an IPv6 one as its /64 (one machine usually has a whole /64). */
const addressOf = (request: FastifyRequest) => normalizeIP(request.ip);

const refusal = (code: string, messageKey: MessageKey) => () => new AppError(429, code, messageKey);
const tooManyAttempts = refusal('TOO_MANY_ATTEMPTS', 'tooManyAttempts');
const tooManyRequests = refusal('TOO_MANY_REQUESTS', 'tooManyRequests');
/** Too fast, not locked out: the caller may try again in a minute (the lock-out is TOO_MANY_ATTEMPTS). */
const tooFast = refusal('RATE_LIMITED', 'tooManyAttempts');

const minute = 60_000;

/**
 * The limits routes put in `config: { rateLimit: … }`. Counted before the handler but after access
 * control and validation (the `preHandler` hook): only requests the route would act on count. They
 * leave the e2e suite room: it signs in a few times a minute, all from 127.0.0.1.
 */
export const rateLimits = {
  /** Sign-ins from one address; the per-account and per-address failure limits come on top. */
  signIn: { max: 60, timeWindow: minute, keyGenerator: addressOf, errorResponseBuilder: tooManyAttempts },
  /** Token refreshes from one address (every open tab refreshes on its own). */
  refresh: {
    max: 120,
    timeWindow: minute,
    keyGenerator: addressOf,
    errorResponseBuilder: tooManyAttempts,
  },
  /**
   * Second-factor attempts of one user (of one address before the user is known), counted together
   * over every second-factor route: a 6-digit code must not be guessed in the time it lives.
   */
  secondFactor: {
    max: 10,
    timeWindow: minute,
    groupId: 'second-factor',
    keyGenerator: (request: FastifyRequest) =>
      request.principal ? `user:${request.principal.id}` : `address:${addressOf(request)}`,
    errorResponseBuilder: tooFast,
  },
  /**
   * Calls that confirm a change with the user's password (a new e-mail or password, adding or
   * removing a second factor, new recovery codes), per user, counted together: a stolen sign-in must
   * not become a way to guess the password (the attempts also count with the account's failed sign-ins).
   */
  passwordConfirmation: {
    max: 10,
    timeWindow: minute,
    groupId: 'password-confirmation',
    keyGenerator: (request: FastifyRequest) =>
      request.principal ? `user:${request.principal.id}` : `address:${addressOf(request)}`,
    errorResponseBuilder: tooManyAttempts,
  },
  /**
   * One calendar feed, from wherever it is asked (a calendar app polls every few minutes or hours): a
   * leaked feed address fetched from many addresses is limited all the same. The token is kept only
   * as a hash, as everywhere else, and `.ics` or not is the same feed.
   */
  calendarFeed: {
    max: 60,
    timeWindow: minute,
    keyGenerator: (request: FastifyRequest) => {
      const token = String((request.params as { token?: unknown }).token ?? '').replace(/\.ics$/, '');
      return createHash('sha256').update(token).digest('base64url').slice(0, 22);
    },
    errorResponseBuilder: tooManyRequests,
  },
  /**
   * Report verifications of one user (a PDF hashed or a code looked up): a person checks a few
   * documents, a script walking the codes does not get far.
   */
  reportVerification: {
    max: 30,
    timeWindow: minute,
    keyGenerator: (request: FastifyRequest) =>
      request.principal ? `user:${request.principal.id}` : `address:${addressOf(request)}`,
    errorResponseBuilder: tooManyRequests,
  },
  /**
   * Public report verifications (issue 35: the QR code on a PDF, no sign-in) from one address: a
   * person checks a document or two, a script walking the 50-bit codes does not get far (nor does
   * one hashing 20 MB bodies).
   */
  publicReportVerification: {
    max: 30,
    timeWindow: minute,
    keyGenerator: addressOf,
    errorResponseBuilder: tooManyRequests,
  },
  /**
   * Image uploads for rich text of one user (issue 36): a person adds a few images to a text; a script
   * filling the database with 2 MB bodies does not get far.
   */
  mediaUpload: {
    max: 60,
    timeWindow: minute,
    keyGenerator: (request: FastifyRequest) =>
      request.principal ? `user:${request.principal.id}` : `address:${addressOf(request)}`,
    errorResponseBuilder: tooManyRequests,
  },
  /**
   * The search of every screen (issue 37), per user: typing sends a query per pause, a person does not
   * reach this; a script walking names or birth dates through it does not get far.
   */
  search: {
    max: 120,
    timeWindow: minute,
    keyGenerator: (request: FastifyRequest) =>
      request.principal ? `user:${request.principal.id}` : `address:${addressOf(request)}`,
    errorResponseBuilder: tooManyRequests,
  },
  /** Signed card notifications from one address (the gateway sends one per payment event). */
  cardWebhook: {
    max: 300,
    timeWindow: minute,
    keyGenerator: addressOf,
    errorResponseBuilder: tooManyRequests,
  },
} satisfies Record<string, RateLimitOptions>;

/**
 * @fastify/rate-limit on the routes that name a limit (`global: false`), counted in PostgreSQL. A
 * refusal is the API's usual error body (429, in the caller's language) with `Retry-After`.
 */
export async function registerRateLimits(app: FastifyInstance, db: Database): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: postgresRateLimitStore(db, app.log),
    errorResponseBuilder: tooManyRequests,
  });
}
