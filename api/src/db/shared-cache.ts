import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { addHookWhere, changesState } from '../http/route-hooks.js';
import type { Database } from './client.js';
import { loggableError } from './loggable-error.js';

/**
 * What a node may keep (issue 38): answers that are the same for every user and change rarely — the
 * catalogue (templates, gene combinations, categories, combination rules, markers) and the report's
 * texts — for at most `cacheTtlMs`. Every write to their tables notifies every node at its commit
 * (migration 0041: statement triggers call `pg_notify('genodesk_cache', topic)`), and each node drops
 * the topic's answers when it hears it, so a change made on one node is seen on the others within a
 * round trip, not a minute. The minute bounds what a node that missed a notification (its listening
 * connection lost) may serve; one that reconnects drops everything. The signed-in callers' principals
 * are kept the same way (migration 0042), each no longer than its own session allows (`keepUntil`);
 * a session's own change drops its principal alone.
 */
export type CacheTopic = 'catalogue' | 'settings' | 'principals';
export const cacheTopics: readonly CacheTopic[] = ['catalogue', 'settings', 'principals'];
export const cacheChannel = 'genodesk_cache';
export const cacheTtlMs = 60_000;
/**
 * Entries per topic; past it the oldest goes (a list's pages, sorts and searches are many keys; a
 * principal is one per live sign-in).
 */
const maxEntries: Record<CacheTopic, number> = { catalogue: 500, settings: 500, principals: 2_000 };
const reconnectMs = 1_000;

/** `until`: how long the value itself allows it to be kept, once it is read (epoch ms). */
type Entry = { at: number; until: number; value: Promise<unknown> };

export class SharedCache {
  private readonly entries = new Map<CacheTopic, Map<string, Entry>>(cacheTopics.map((t) => [t, new Map()]));
  private listener: { client: pg.PoolClient } | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;
  /** The round trip on the listening connection now (`caughtUp`), and the one to follow it. */
  private roundTrip: Promise<void> | undefined;
  private nextRoundTrip: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = cacheTtlMs,
  ) {}

  /**
   * The answer for `key` of `topic`, read by `load` when none younger than the TTL is kept; `keepUntil`
   * says when a value read must no longer be served (epoch ms), however young.
   */
  read<T>(
    topic: CacheTopic,
    key: string,
    load: () => Promise<T>,
    keepUntil?: (value: T) => number,
  ): Promise<T> {
    const entries = this.entries.get(topic)!;
    const now = Date.now();
    const kept = entries.get(key);
    // Only while listening: without notifications a node could not know of another's writes.
    if (kept && now - kept.at < this.ttlMs && now < kept.until && this.listener)
      return kept.value as Promise<T>;
    if (!this.listener) return load();
    const value = load();
    // Kept from the start, so concurrent requests for the key share the one read; an invalidation
    // while it is read drops it with the rest (it may hold the state from before the write).
    const entry: Entry = { at: now, until: Number.POSITIVE_INFINITY, value };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries[topic]) entries.delete(entries.keys().next().value!);
    value.then(
      (read) => {
        if (keepUntil) entry.until = keepUntil(read);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return value;
  }

  invalidate(topic: CacheTopic): void {
    this.entries.get(topic)?.clear();
  }

  /**
   * Returns once every notification committed before the call has been heard: PostgreSQL hands a
   * listening session its notifications before it answers the next statement, so one round trip on
   * the listening connection is enough. A node's own writes are then seen by its next request.
   * Callers share round trips, one on the connection at a time: one already sent may have left before
   * a caller's commit, so a caller who finds one under way waits for the next, which serves everyone
   * who came meanwhile.
   */
  caughtUp(): Promise<void> {
    if (![...this.entries.values()].some((entries) => entries.size > 0)) return Promise.resolve();
    if (!this.roundTrip) return this.startRoundTrip();
    this.nextRoundTrip ??= this.roundTrip.then(() => {
      this.nextRoundTrip = undefined;
      // Someone may have started one since the last ended: it left after all of these callers came.
      return this.roundTrip ?? this.startRoundTrip();
    });
    return this.nextRoundTrip;
  }

  private startRoundTrip(): Promise<void> {
    const roundTrip: Promise<void> = (this.listener?.client.query('select 1') ?? Promise.resolve())
      .then(
        () => undefined,
        () => this.invalidateAll(),
      )
      .finally(() => {
        if (this.roundTrip === roundTrip) this.roundTrip = undefined;
      });
    this.roundTrip = roundTrip;
    return roundTrip;
  }

  private invalidateAll(): void {
    for (const topic of cacheTopics) this.invalidate(topic);
  }

  /** Starts listening (again, after a `stop`). */
  start(log: { warn(object: object, message: string): void }): Promise<void> {
    this.stopped = false;
    return this.listen(log);
  }

  /** Listens on one of the pool's connections, kept for it; reconnects after a loss (dropping everything). */
  private async listen(log: { warn(object: object, message: string): void }): Promise<void> {
    if (this.stopped || this.listener) return;
    let client: pg.PoolClient;
    try {
      client = await this.db.$client.connect();
    } catch (error) {
      log.warn(loggableError(error), 'shared cache: not listening, retrying');
      this.retry(log);
      return;
    }
    const lost = (error?: unknown) => {
      if (this.listener?.client !== client) return;
      this.listener = undefined;
      this.invalidateAll();
      client.release(error instanceof Error ? error : true);
      if (!this.stopped) {
        log.warn(loggableError(error), 'shared cache: listening connection lost, reconnecting');
        this.retry(log);
      }
    };
    client.on('notification', (message) => {
      if (message.channel !== cacheChannel || !message.payload) return;
      // `topic` drops the topic; `topic:key` the one answer (a session's principal).
      const colon = message.payload.indexOf(':');
      const topic = (colon === -1 ? message.payload : message.payload.slice(0, colon)) as CacheTopic;
      if (!cacheTopics.includes(topic)) return;
      if (colon === -1) this.invalidate(topic);
      else this.entries.get(topic)?.delete(message.payload.slice(colon + 1));
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.query(`listen ${cacheChannel}`);
    } catch (error) {
      client.release(true);
      log.warn(loggableError(error), 'shared cache: not listening, retrying');
      this.retry(log);
      return;
    }
    if (this.stopped) {
      client.release(true);
      return;
    }
    // Whatever was written while nobody listened is not known: start empty.
    this.invalidateAll();
    this.listener = { client };
  }

  private retry(log: { warn(object: object, message: string): void }) {
    if (this.stopped || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      void this.listen(log);
    }, reconnectMs);
    this.reconnect.unref();
  }

  /** Stops listening and gives the connection back (closed: it holds a LISTEN). */
  stop(): void {
    this.stopped = true;
    if (this.reconnect) clearTimeout(this.reconnect);
    const listener = this.listener;
    this.listener = undefined;
    this.invalidateAll();
    listener?.client.release(true);
  }
}

const caches = new WeakMap<Database, SharedCache>();

/** The node's cache of `db` (one per database object, like the access log's writer). */
export function sharedCacheOf(db: Database): SharedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SharedCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Listens once the server is ready and stops when it closes. A state-changing request answers only
 * once the node has heard what it wrote (`caughtUp`), so the caller's next read never gets the
 * answer from before its own write; other nodes hear it within a round trip.
 */
export function registerSharedCache(app: FastifyInstance, db: Database): SharedCache {
  const cache = sharedCacheOf(db);
  app.addHook('onReady', () => cache.start(app.log));
  app.addHook('onClose', async () => cache.stop());
  addHookWhere(app, 'onSend', changesState, async (_request: unknown, _reply: unknown, payload: unknown) => {
    await cache.caughtUp();
    return payload;
  });
  return cache;
}
