import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { log } from '../observability/log.js';
import * as schema from './schema/index.js';

// bigint ids and counts come back as numbers: they stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction or the database itself: services take either. */
export type Executor = Database | NodePgDatabase<typeof schema>;

/** Distinct statements one connection keeps prepared; past it, new ones run unnamed as before. */
const preparedPerConnection = 1000;
const statementNames = new Map<string, string>();
/**
 * A text without parameters is prepared only when it is one query (a list page without filters, its
 * bounds written in): a prepared statement cannot hold several, as a migration's text does.
 */
const singleQuery = /^\s*(select|with)\s[^;]*$/i;

/**
 * Written into a statement whose best plan hinges on its values (a search's pattern: `contains` in
 * `db/listing.ts`): the connection runs it unnamed, so PostgreSQL plans it for the values of each call.
 * Prepared under a name, it was planned so five times and then kept a generic plan, which cannot see
 * how rare a pattern is: for a name three of 1,000,000 customers share, the global search walked the
 * whole registrations' index (the newest first, looking for five) instead of reading the trigram
 * index — seconds instead of milliseconds (docs/performance.md, "Searches planned for their pattern").
 */
export const plannedPerCall = '/* planned per call */';

/**
 * A connection that prepares every single query (one with parameters, or a select without; not one
 * marked `plannedPerCall`) under a name derived from its text, so PostgreSQL parses and plans a list's query once per connection instead
 * of on every request (its planning cost more than running it). Statements differ only in their parameters (and a list's page
 * bounds), so their number stays small; a text with very many parameters (a long `in` list) is not
 * worth keeping.
 */
class PreparingClient extends pg.Client {
  private prepared = 0;

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; this passes every form through.
  override query(config: any, values?: any, callback?: any): any {
    // Drizzle passes the values beside the config.
    const params = Array.isArray(values) ? values : config?.values;
    if (
      config &&
      typeof config === 'object' &&
      typeof config.submit !== 'function' &&
      config.name === undefined &&
      typeof config.text === 'string' &&
      Array.isArray(params) &&
      params.length <= 100 &&
      (params.length > 0 || singleQuery.test(config.text))
    ) {
      let name = statementNames.get(config.text);
      if (name === undefined) {
        name = config.text.includes(plannedPerCall)
          ? ''
          : `s${createHash('sha1').update(config.text).digest('base64url')}`;
        if (statementNames.size < 10_000) statementNames.set(config.text, name);
      }
      // Unnamed: parsed and planned for this call's values (an unnamed statement is never generic).
      if (name === '') return super.query(config, values, callback);
      const known = (this as unknown as { connection: { parsedStatements: Record<string, string> } })
        .connection.parsedStatements[name];
      if (known !== undefined || this.prepared < preparedPerConnection) {
        if (known === undefined) this.prepared += 1;
        return super.query({ ...config, name }, values, callback);
      }
    }
    return super.query(config, values, callback);
  }
}

/** The request whose statements run in this async context: `underWay` once it asked for a connection. */
const requestScope = new AsyncLocalStorage<{ underWay: boolean }>();

/** Runs the rest of a request (`next`) in its own scope, so the pool can tell its statements apart. */
export function inRequestScope(next: () => void) {
  requestScope.run({ underWay: false }, next);
}

/** Queue entries of requests under way (weak: an entry leaves the queue when it gets its connection). */
const priority = new WeakSet<object>();

/**
 * Under load every connection is busy and statements wait in the pool's queue, first come first
 * served: a request of three statements (principal, data, access log) then waited at the back of the
 * queue three times, behind requests that had not started, and its latency was three times that of a
 * one-statement call. A request under way (one that has had a connection before) takes the next free
 * connection before any request not yet begun, so each waits in the queue about once, whatever its
 * number of statements; the order among requests under way, and among those not begun, stays first
 * come first served.
 * Reads pg-pool's `_pendingQueue` (where `connect` queues a waiter synchronously); without it, plain FIFO.
 */
class RequestsUnderWayFirstPool extends pg.Pool {
  /**
   * Set by the watchdog (`watchForHangs`) while the server does not answer its probe: a connection is
   * then refused at once, as the server itself would refuse it, instead of after the pool's 3 s
   * connection timeout; cleared by the first probe it answers.
   */
  unanswered = false;

  // biome-ignore lint/suspicious/noExplicitAny: pg-pool's connect() is overloaded (callback or promise).
  override connect(callback?: any): any {
    if (this.unanswered) {
      const error = new Error('Connection terminated: the database does not answer');
      if (!callback) return Promise.reject(error);
      process.nextTick(() => callback(error));
      return undefined;
    }
    const queue = (this as unknown as { _pendingQueue?: unknown[] })._pendingQueue;
    const waiting = queue?.length ?? 0;
    const result = super.connect(callback);
    const scope = requestScope.getStore();
    if (scope?.underWay && queue && queue.length === waiting + 1) {
      const waiter = queue.pop();
      const firstNotBegun = queue.findIndex((item) => !priority.has(item as object));
      priority.add(waiter as object);
      queue.splice(firstNotBegun === -1 ? queue.length : firstNotBegun, 0, waiter);
    }
    if (scope) scope.underWay = true;
    return result;
  }
}

export function createDatabase(url: string, max = 20, { preparedStatements = true } = {}): Database {
  const pool = new RequestsUnderWayFirstPool({
    connectionString: url,
    max,
    // While the database is down a request waits at most this long for a connection, then fails
    // (503), instead of queueing until it is back. A server that hangs (stopped, partitioned) accepts
    // the TCP connection and never answers: this bounds that too.
    connectionTimeoutMillis: 3_000,
    keepAlive: true,
    ...(preparedStatements ? { Client: PreparingClient } : {}),
  });
  // A connection dropped while idle (a database restart) must not take the process down. One that
  // closes after the pool was ended (a shutdown stopping the embedded server next) was not lost:
  // `end()` resolves once each connection is asked to close, before its socket has.
  pool.on('error', (error) => {
    if (!pool.ending) log.error({ error: error.message }, 'database connection lost');
  });
  watchForHangs(pool, url);
  return drizzle(pool, { schema }) as Database;
}

/** How long a query may run before the watchdog asks whether the server still answers at all. */
export const hangSuspectMs = 1_000;
const hangProbeMs = 1_000;
const hangTickMs = 100;

/**
 * A database that hangs (its server stopped, a network partition) leaves queries on open connections
 * waiting for ever: TCP keeps them. So whenever a query has run `hangSuspectMs`, a probe on a fresh
 * connection asks `select 1` within `hangProbeMs`; a server that answers is merely busy and nothing
 * happens; one that does not has every connection of the pool cut, which fails their queries at once
 * ("Connection terminated": a 503 'databaseUnavailable' for a request, a retry for a job), and new
 * connections are refused at once while the server keeps not answering the probe (repeated every
 * tick) — so every call answers within about 2 s (under 5 s on a busy machine: issue 36), and the pool
 * connects afresh as soon as a probe is answered.
 * Reads pg's internals (`_clients`, `_activeQuery`): `database-hang.test.ts` holds them to it.
 */
function watchForHangs(pool: RequestsUnderWayFirstPool, url: string) {
  const running = new Map<pg.Client, { query: unknown; since: number }>();
  let probing = false;
  let answeredAt = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    let suspect = false;
    const clients = (pool as unknown as { _clients: pg.Client[] })._clients;
    for (const client of clients) {
      const query = (client as unknown as { _activeQuery: unknown })._activeQuery;
      if (!query) {
        running.delete(client);
        continue;
      }
      const seen = running.get(client);
      if (seen?.query !== query) running.set(client, { query, since: now });
      else if (now - seen.since >= hangSuspectMs) suspect = true;
    }
    for (const client of running.keys()) if (!clients.includes(client)) running.delete(client);
    if (probing || !(pool.unanswered || (suspect && now - answeredAt >= hangSuspectMs))) return;
    probing = true;
    probe(url)
      .then((answers) => {
        pool.unanswered = !answers;
        if (answers) answeredAt = Date.now();
        else
          for (const client of (pool as unknown as { _clients: pg.Client[] })._clients)
            (
              client as unknown as { connection: { stream: { destroy(): void } } }
            ).connection.stream.destroy();
      })
      .finally(() => {
        probing = false;
      });
  }, hangTickMs);
  timer.unref();
  const end = pool.end.bind(pool);
  pool.end = ((callback?: () => void) => {
    clearInterval(timer);
    return end(callback as () => void);
  }) as typeof pool.end;
}

/** Whether the server answers `select 1` on a fresh connection within `hangProbeMs`. */
async function probe(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: hangProbeMs });
  client.on('error', () => {});
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), hangProbeMs).unref());
  try {
    return await Promise.race([
      client
        .connect()
        .then(() => client.query('select 1'))
        .then(() => true),
      timeout,
    ]);
  } catch {
    return false;
  } finally {
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
}

export type Tx = NodePgDatabase<typeof schema> & { $client: pg.PoolClient };

/**
 * Runs `work` in one transaction on one connection. The connection is exposed (`tx.$client`) so the
 * job queue can enqueue in the same transaction.
 */
export async function transaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  // A connection cut while the work awaits something else (the database restarted) reports it as an
  // event, which unheard would end the process; the work's next query fails instead.
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on('error', onLost);
  try {
    await client.query('begin');
    const tx = drizzle(client, { schema }) as Tx;
    const result = await work(tx);
    await client.query('commit');
    return result;
  } catch (error) {
    if (!lost) await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.off('error', onLost);
    // A broken connection is closed, not handed back to the pool.
    client.release(lost);
  }
}
