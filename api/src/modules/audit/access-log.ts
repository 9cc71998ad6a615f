import type { AccessKind as ContractAccessKind } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { loggableError } from '../../db/loggable-error.js';

/** What kind of a customer's data was read (issue 24); the contract's `accessKinds`. */
export type AccessKind = ContractAccessKind;

export type AccessEntry = {
  kind: AccessKind;
  /** Who read it. */
  userId: number | null;
  /** Whose data it was: one customer for a read, every row's customer for an export. */
  customerIds: readonly number[];
  /** What was read: a report's (report, category, PDF) or questionnaire's id. */
  entityId?: number | null;
  /** An export's row count and filter (never personal values). */
  rows?: number | null;
  detail?: string | null;
  address?: string | null;
};

/** The reader and address of a request, for an access-log entry. */
export const readerOf = (request: FastifyRequest) => ({
  userId: request.principal?.id ?? null,
  address: request.ip,
});

/**
 * Reads recorded within this time are written together, in one insert. An insert's fixed cost (about
 * 0.3 ms of the API's CPU and 0.2 ms of PostgreSQL's, whatever its few rows) dominates at a staff load's
 * pace, so fewer, fuller inserts cost less; a crash loses at most this long's reads.
 */
export const accessLogBatchMs = 100;
const batchDelayMs = accessLogBatchMs;
/** A batch this large is written at once (and no insert writes more). */
const maxBatch = 500;
/** After a failed insert the rows wait this long for the next try, doubling up to `maxRetryMs`. */
const firstRetryMs = 1_000;
const maxRetryMs = 30_000;
/**
 * Rows kept while the database refuses them. Past this (an outage of minutes under full load) the
 * oldest are dropped, loudly, rather than the process running out of memory.
 */
const maxQueued = 200_000;

type Row = {
  occurredAt: Date;
  userId: number | null;
  kind: string;
  entityId: number | null;
  /** `{1,2,3}`: a row's customers as an array literal, cast per row in the insert. */
  customerIds: string;
  rows: number | null;
  detail: string | null;
  address: string | null;
};

type Logger = { error: (details: object, message: string) => void };

const consoleLogger: Logger = {
  error: (details, message) => console.error(message, details),
};

/**
 * Access-log rows waiting for their insert, per database: a read never waits for its record. They are
 * written within `batchDelayMs`, or at once when `maxBatch` wait, and on shutdown (`flushAccessLog`,
 * the server's `onClose`). The time is the read's, taken when it is recorded.
 *
 * One insert runs at a time (a promise chain). A failed insert is logged, its rows go back to the front
 * of the queue and are tried again with the next flush (a retry is scheduled with backoff); nothing is
 * thrown into a timer, so a database outage never becomes an unhandled rejection, and the batches
 * after it are written as before once the database answers.
 */
class AccessLogWriter {
  enabled = true;
  log: Logger = consoleLogger;
  private queue: Row[] = [];
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private failures = 0;
  private dropped = 0;
  private draining = false;

  constructor(private readonly db: Database) {}

  record(entry: AccessEntry) {
    if (!this.enabled) return;
    this.queue.push({
      occurredAt: new Date(),
      userId: entry.userId,
      kind: entry.kind,
      entityId: entry.entityId ?? null,
      customerIds: `{${entry.customerIds.filter(Number.isSafeInteger).join(',')}}`,
      rows: entry.rows ?? null,
      detail: entry.detail ?? null,
      address: entry.address ?? null,
    });
    if (this.queue.length > maxQueued) {
      const excess = this.queue.length - maxQueued;
      this.queue.splice(0, excess);
      // Said once, then every 10,000 rows: not a line per read while the outage lasts.
      if (
        this.dropped === 0 ||
        Math.floor(this.dropped / 10_000) < Math.floor((this.dropped + excess) / 10_000)
      )
        this.log.error(
          { dropped: this.dropped + excess },
          'access log: the database has refused its rows for too long; the oldest were dropped',
        );
      this.dropped += excess;
    }
    // While inserts fail, the retry's backoff sets the pace, not every new read: a failed insert always
    // leaves its retry scheduled, and the rows queued meanwhile go with it.
    if (this.failures > 0) return;
    // A full batch is written at once; the rows recorded while it is written go with the same flush
    // (`writeQueued` loops), so a burst starts one flush, not one per read.
    if (this.queue.length >= maxBatch && !this.draining) {
      this.draining = true;
      this.flush()
        .catch(() => {})
        .finally(() => {
          this.draining = false;
        });
    } else this.schedule(batchDelayMs);
  }

  /** Rows recorded and not yet written. */
  get pending() {
    return this.queue.length;
  }

  /**
   * Writes everything queued so far, after any insert already running; resolves once it is in the
   * table and rejects when an insert fails (its rows are kept for the next flush).
   */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const done = this.chain.then(() => this.writeQueued());
    this.chain = done.catch(() => {});
    return done;
  }

  private schedule(ms: number) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // Logged where it failed; the rows wait for the next flush.
      this.flush().catch(() => {});
    }, ms);
    // Pending rows never keep a process alive: shutdown flushes them (see server.ts, lifecycle.ts).
    this.timer.unref();
  }

  private async writeQueued() {
    while (this.queue.length) {
      const rows = this.queue.splice(0, maxBatch);
      try {
        await this.insert(rows).catch((error: unknown) => {
          if (!isDataError(error)) throw error;
          return this.insertSeparately(rows);
        });
        this.failures = 0;
      } catch (error) {
        this.queue.unshift(...rows);
        this.failures += 1;
        const retryMs = Math.min(maxRetryMs, firstRetryMs * 2 ** (this.failures - 1));
        this.log.error(
          { ...loggableError(error), pending: this.queue.length, retryMs },
          'access log: writing its rows failed; they are kept and tried again',
        );
        // The retry replaces a batch's timer set while this insert ran.
        clearTimeout(this.timer);
        this.timer = undefined;
        this.schedule(retryMs);
        throw error;
      }
    }
  }

  /**
   * A batch the database refuses for a row's data is written row by row: a row refused for its own
   * data is logged and dropped (retrying it would hold up every row after it for ever). Another failure
   * stops it, and `rows` is left holding what was not written, for the caller to queue again.
   */
  private async insertSeparately(rows: Row[]) {
    while (rows.length) {
      const row = rows[0]!;
      try {
        await this.insert([row]);
      } catch (error) {
        if (!isDataError(error)) throw error;
        this.log.error(
          { ...loggableError(error), kind: row.kind, occurredAt: row.occurredAt },
          'access log: the database refused a row for its data; it was dropped',
        );
      }
      rows.shift();
    }
  }

  /**
   * One statement whatever the batch's size (an array parameter per column), so it is prepared once
   * per connection; a row's customers travel as an array literal, cast per row.
   */
  private async insert(rows: Row[]) {
    const column = <K extends keyof Row>(key: K) => sql.param(rows.map((row) => row[key]));
    await this.db.execute(sql`
      insert into access_log (occurred_at, user_id, kind, entity_id, customer_ids, rows, detail, address)
      select u.occurred_at, u.user_id, u.kind, u.entity_id, u.customer_ids::bigint[], u.rows, u.detail, u.address
        from unnest(${column('occurredAt')}::timestamptz[], ${column('userId')}::bigint[],
                    ${column('kind')}::text[], ${column('entityId')}::bigint[], ${column('customerIds')}::text[],
                    ${column('rows')}::int[], ${column('detail')}::text[], ${column('address')}::text[])
          with ordinality as u(occurred_at, user_id, kind, entity_id, customer_ids, rows, detail, address, n)
       order by u.n`);
  }
}

/** A refusal of the data itself (SQLSTATE class 22, 23), which trying again would not change. */
function isDataError(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  const sqlState = cause?.code ?? code;
  return typeof sqlState === 'string' && /^2[23]/.test(sqlState);
}

const writers = new WeakMap<Database, AccessLogWriter>();
const writerOf = (db: Database) => {
  let writer = writers.get(db);
  if (!writer) {
    writer = new AccessLogWriter(db);
    writers.set(db, writer);
  }
  return writer;
};

/**
 * How a process writes its access log: `enabled` false records nothing (`ACCESS_LOG=off`, only for
 * measuring its cost); `log` receives failed inserts (the server's logger).
 */
export function configureAccessLog(db: Database, options: { enabled?: boolean; log?: Logger }): void {
  const writer = writerOf(db);
  if (options.enabled !== undefined) writer.enabled = options.enabled;
  if (options.log) writer.log = options.log;
}

/** Records a read of a customer's data in the access log (batched; see `AccessLogWriter`). */
export function recordAccess(db: Database, entry: AccessEntry): void {
  writerOf(db).record(entry);
}

/**
 * Writes every queued access-log row now (shutdown, the log's own screens before they read, tests before
 * they look). Rejects when the insert fails; the rows stay queued for the next flush.
 */
export function flushAccessLog(db: Database): Promise<void> {
  return writerOf(db).flush();
}

/** Rows recorded and not yet written (tests). */
export const pendingAccessLog = (db: Database) => writerOf(db).pending;

/**
 * An export's access-log detail: the list and its filter and sort, never personal values — a search
 * term (which may be a name or an e-mail) is noted only as `search`.
 */
export function exportDetail(list: string, query: Record<string, unknown>): string {
  const format = typeof query.format === 'string' ? ` ${query.format}` : '';
  const parts = Object.entries(query)
    .filter(([key, value]) => key !== 'format' && key !== 'locale' && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => (key === 'search' ? 'search' : `${key}=${String(value)}`));
  return `${list}${format}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

/**
 * The `done` of an export's tally (`db/table-export.ts`): records the export in the access log when its
 * last row has been read — how many rows, whose, by whom, which list and filter (`exportDetail`).
 */
export function recordExport(db: Database, request: FastifyRequest, list: string, query: object) {
  const reader = readerOf(request);
  const detail = exportDetail(list, query as Record<string, unknown>);
  return (read: { rows: number; customerIds: number[] }) =>
    recordAccess(db, { kind: 'export', ...reader, rows: read.rows, customerIds: read.customerIds, detail });
}

/**
 * A page of a list that shows whose report, consultation, message or results it is (issue 36): one
 * row for the page, naming its customers and the list (`detail`), like an export names its rows.
 */
export function recordListRead(
  db: Database,
  request: FastifyRequest,
  list: 'reports' | 'reservations' | 'outbox' | 'upload',
  customerIds: readonly (number | null)[],
  entityId: number | null = null,
): void {
  const customers = [...new Set(customerIds.filter((id): id is number => id !== null))];
  if (customers.length === 0) return;
  recordAccess(db, { kind: 'list', customerIds: customers, entityId, detail: list, ...readerOf(request) });
}
