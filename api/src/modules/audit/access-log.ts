import type { AccessExportList, AccessListRead, AccessKind as ContractAccessKind } from '@genodesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { loggableError } from '../../db/loggable-error.js';
import { log } from '../../observability/log.js';

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
  /** The web's screen the read was for, and its opening (see `screenOf`). */
  screen?: string | null;
  screenView?: string | null;
};

/**
 * Reads that a screen makes as it opens or as it is used (the report screen's categories, the customer
 * screen's genotypes); the reads that hand something out (a PDF, an export, a scan, a feed) each keep
 * their own row.
 */
const screenReads: ReadonlySet<AccessKind> = new Set<AccessKind>([
  'customer',
  'genotypes',
  'report',
  'reportCategory',
  'questionnaire',
  'customerCategories',
  'customerAudit',
  'list',
]);

/** How long one opening of a screen (its UUIDv7's time) covers that screen's reads. */
export const screenViewMs = 30 * 60_000;
const screenName = /^[a-z][\w.-]{0,79}$/i;
const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The screen a request reads for (`X-Screen`, the web's route name) and its opening (`X-Screen-View`,
 * a UUIDv7 made per navigation). An opening counts only while its time is recent: an old or made-up
 * one would otherwise hide every later read of a customer behind its first row.
 */
export function screenOf(request: FastifyRequest, now = Date.now()) {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const name = header('x-screen');
  const view = header('x-screen-view');
  const screen = name && screenName.test(name) ? name : null;
  if (!view || !uuidV7.test(view)) return { screen, screenView: null };
  const issued = Number.parseInt(view.slice(0, 8) + view.slice(9, 13), 16);
  const recent = issued > now - screenViewMs && issued < now + 60_000;
  return { screen, screenView: recent ? view.toLowerCase() : null };
}

/** The reader, address and screen of a request, for an access-log entry. */
export const readerOf = (request: FastifyRequest) => ({
  userId: request.principal?.id ?? null,
  address: request.ip,
  ...screenOf(request),
});

/** A batch this large is written in one insert (and no insert writes more). */
const maxBatch = 500;

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
  screen: string | null;
  screenView: string | null;
};

type Waiting = { row: Row; settle: (error?: unknown) => void };

type Logger = { error: (details: object, message: string) => void };

const consoleLogger: Logger = { error: (details, message) => log.error(details, message) };

const insertRows = `
  insert into access_log (occurred_at, user_id, kind, entity_id, customer_ids, rows, detail, address, screen, screen_view)
  select u.occurred_at, u.user_id, u.kind, u.entity_id, u.customer_ids::bigint[], u.rows, u.detail, u.address,
         u.screen, u.screen_view
    from unnest($1::timestamptz[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::int[], $7::text[],
                $8::text[], $9::text[], $10::uuid[])
      with ordinality as u(occurred_at, user_id, kind, entity_id, customer_ids, rows, detail, address, screen,
                           screen_view, n)
   order by u.n
  on conflict do nothing`;

/**
 * The access log's writer, per database. A read is answered only once its row is in the table
 * (`recordAccess` resolves then, or rejects and the read fails with it): nothing is shown unrecorded,
 * nothing waits in memory to be lost, and a database that refuses rows slows or refuses the reads
 * instead of the writer dropping them.
 *
 * One insert runs at a time; the reads recorded while it runs go together in the next one (a group
 * commit), so a burst costs a few inserts, and a lone read one insert of its own.
 */
class AccessLogWriter {
  enabled = true;
  log: Logger = consoleLogger;
  private queue: Waiting[] = [];
  private draining: Promise<void> | undefined;
  /** The batch being inserted now. */
  private writing: Waiting[] = [];

  constructor(private readonly db: Database) {}

  record(entry: AccessEntry): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    const row: Row = {
      occurredAt: new Date(),
      userId: entry.userId,
      kind: entry.kind,
      entityId: entry.entityId ?? null,
      customerIds: `{${entry.customerIds.filter(Number.isSafeInteger).join(',')}}`,
      rows: entry.rows ?? null,
      detail: entry.detail ?? null,
      address: entry.address ?? null,
      screen: entry.screen ?? null,
      screenView: screenReads.has(entry.kind) ? (entry.screenView ?? null) : null,
    };
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      this.draining ??= this.drain();
    });
  }

  /** Rows not written yet (being inserted or waiting), and since when the oldest waits (the writer's lag, for metrics). */
  backlog(now = Date.now()): { rows: number; lagSeconds: number } {
    const oldest = (this.writing[0] ?? this.queue[0])?.row.occurredAt.getTime();
    return {
      rows: this.writing.length + this.queue.length,
      lagSeconds: oldest === undefined ? 0 : (now - oldest) / 1000,
    };
  }

  /** Resolves when every row recorded so far has been written or refused (shutdown). */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain() {
    try {
      while (this.queue.length) {
        this.writing = this.queue.splice(0, maxBatch);
        await this.write(this.writing);
        this.writing = [];
      }
    } finally {
      // Set before the loop's last check yields: a read recorded after it starts a new drain.
      this.draining = undefined;
    }
  }

  private async write(batch: Waiting[]) {
    try {
      await this.insert(batch.map((waiting) => waiting.row));
      for (const waiting of batch) waiting.settle();
    } catch (error) {
      if (isDataError(error) && batch.length > 1) {
        // One row refused for its own data must not fail the reads beside it.
        for (const waiting of batch) await this.write([waiting]);
        return;
      }
      this.log.error(
        { ...loggableError(error), rows: batch.length },
        'access log: writing its rows failed; the reads they record were refused',
      );
      for (const waiting of batch) waiting.settle(error);
    }
  }

  /**
   * One statement whatever the batch's size (an array parameter per column), so it is prepared once
   * per connection; a row's customers travel as an array literal, cast per row. A second read of the
   * same customers in one opening of a screen is already recorded by the first (the unique index).
   * Its text is written once (`insertRows`), not built for every batch.
   */
  private async insert(rows: Row[]) {
    const column = <K extends keyof Row>(key: K) => rows.map((row) => row[key]);
    await this.db.$client.query(insertRows, [
      column('occurredAt'),
      column('userId'),
      column('kind'),
      column('entityId'),
      column('customerIds'),
      column('rows'),
      column('detail'),
      column('address'),
      column('screen'),
      column('screenView'),
    ]);
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

/**
 * Records a read of a customer's data in the access log; resolves once the row is written, and a read
 * is answered only after it (see `AccessLogWriter`).
 */
export function recordAccess(db: Database, entry: AccessEntry): Promise<void> {
  return writerOf(db).record(entry);
}

/** The rows of reads waiting for their insert, and how long the oldest has waited (metrics). */
export function accessLogBacklog(db: Database): { rows: number; lagSeconds: number } {
  return writerOf(db).backlog();
}

/** Waits for every access-log row recorded so far (shutdown). */
export function flushAccessLog(db: Database): Promise<void> {
  return writerOf(db).flush();
}

/**
 * An export's access-log detail: the list and its filter and sort, never personal values — a search
 * term (which may be a name or an e-mail) is noted only as `search`.
 */
export function exportDetail(list: AccessExportList, query: Record<string, unknown>): string {
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
export function recordExport(db: Database, request: FastifyRequest, list: AccessExportList, query: object) {
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
  list: AccessListRead,
  customerIds: readonly (number | null)[],
  entityId: number | null = null,
): Promise<void> {
  const customers = [...new Set(customerIds.filter((id): id is number => id !== null))];
  if (customers.length === 0) return Promise.resolve();
  return recordAccess(db, {
    kind: 'list',
    customerIds: customers,
    entityId,
    detail: list,
    ...readerOf(request),
  });
}
