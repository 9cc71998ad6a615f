/**
 * The backup file (issue 39): one gzip stream holding
 *
 *   `GENODESK-BACKUP 1` line
 *   the header, one JSON line (`BackupHeader`: migrations, tables and their columns, the data folder's keys)
 *   each table's rows in the header's order, as PostgreSQL's COPY text format, in frames
 *     (4-byte big-endian length, then that many bytes), ended by a frame of length 0
 *   the trailer, one JSON line (`BackupTrailer`: each table's row count and SHA-256, the sequences)
 *
 * Framed so the writer streams COPY's output as it comes, never knowing a table's size ahead; the counts
 * and checksums come last for the same reason. The text format, not the binary one, so a backup of one
 * PostgreSQL major version restores into another.
 */

export const magicLine = 'GENODESK-BACKUP 1';

export type BackupTable = {
  schema: string;
  name: string;
  /** The columns COPY writes and reads, in order (generated columns are left to the database). */
  columns: string[];
};

export type BackupHeader = {
  format: 1;
  createdAt: string;
  /** PostgreSQL's `server_version` of the backed-up database. */
  postgres: string;
  /** `drizzle.__drizzle_migrations` in order of application: the schema the rows belong to. */
  migrations: { hash: string; createdAt: number }[];
  tables: BackupTable[];
  /** The data folder's generated keys (`token.key`, `sealing.key`) where the embedded database is used. */
  secrets: Record<string, string>;
};

export type BackupTrailer = {
  tables: { schema: string; name: string; rows: number; sha256: string }[];
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
};

/**
 * What a backup holds besides `public`: the job queue's jobs (queued, running, finished within the
 * history period) and their dependencies. pg-boss's queues, schedules and bookkeeping are made again by
 * every start (`prepareJobQueues`, the workers' schedules), as the restore does.
 */
export const jobTables = ['job', 'job_dependency'];

/** Whether a table or sequence a backup names is one a restore may write: the app's, or the job queue's jobs. */
export const restorable = (table: { schema: string; name: string }, kind: 'table' | 'sequence') =>
  table.schema === 'public' ||
  (table.schema === 'pgboss' && (kind === 'sequence' || jobTables.includes(table.name)));

/** The keys of the data folder a backup carries: without the sealing key, authenticator keys cannot be read. */
export const secretFiles = ['token.key', 'sealing.key'] as const;

/** A frame's length prefix; length 0 ends a table. */
export function frameHeader(length: number): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(length);
  return header;
}

/** PostgreSQL sends no row larger (its message limit): a larger length means a damaged file. */
const largestFrame = 1024 * 1024 * 1024;
const longestLine = 64 * 1024 * 1024;

export class BackupFileError extends Error {}

/** Reads lines and frames from a byte stream (the gunzipped file) without holding more than one frame. */
export class ArchiveReader {
  private readonly chunks: AsyncIterator<Buffer>;
  private buffered: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  /** Buffers at least `bytes` bytes; false when the stream ends first. */
  private async fill(bytes: number): Promise<boolean> {
    const pieces = [this.buffered];
    let have = this.buffered.length;
    while (have < bytes && !this.ended) {
      const next = await this.chunks.next();
      if (next.done) this.ended = true;
      else {
        pieces.push(next.value);
        have += next.value.length;
      }
    }
    if (pieces.length > 1) this.buffered = Buffer.concat(pieces);
    return have >= bytes;
  }

  private async take(bytes: number): Promise<Buffer> {
    if (!(await this.fill(bytes))) throw new BackupFileError('the backup file ends too early (cut short?)');
    const taken = this.buffered.subarray(0, bytes);
    this.buffered = this.buffered.subarray(bytes);
    return taken;
  }

  async line(): Promise<string> {
    for (let searched = 0; ; ) {
      const end = this.buffered.indexOf(0x0a, searched);
      if (end >= 0) {
        const line = this.buffered.subarray(0, end).toString('utf8');
        this.buffered = this.buffered.subarray(end + 1);
        return line;
      }
      searched = this.buffered.length;
      if (searched > longestLine)
        throw new BackupFileError('the backup file is damaged (a line without end)');
      if (!(await this.fill(searched + 1)))
        throw new BackupFileError('the backup file ends too early (cut short?)');
    }
  }

  /** The frames of one table, up to its terminating empty frame. */
  async *frames(): AsyncGenerator<Buffer> {
    for (;;) {
      const length = (await this.take(4)).readUInt32BE(0);
      if (length === 0) return;
      if (length > largestFrame)
        throw new BackupFileError('the backup file is damaged (an impossible frame)');
      // A view, safe to keep: the buffer is replaced by a new one, never written over.
      yield await this.take(length);
    }
  }

  /** Whether anything follows the trailer (a damaged or concatenated file). */
  async atEnd(): Promise<boolean> {
    return !(await this.fill(this.buffered.length + 1));
  }
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export const qualified = (table: { schema: string; name: string }) =>
  `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
