import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  type BackupHeader,
  type BackupTable,
  type BackupTrailer,
  frameHeader,
  jobTables,
  magicLine,
  qualified,
  quoteIdentifier,
} from './archive.js';

/**
 * pg-boss's own jobs (its cron ticks, queue `__pgboss__send-it`) belong to a queue that its scheduler
 * makes when it starts, not `prepareJobQueues`: a restore could not place them, and the next start
 * makes them again.
 */
const leftOut: Record<string, string> = { 'pgboss.job': `name not like '\\_\\_pgboss\\_\\_%'` };

export type BackupSummary = { tables: number; rows: number; bytes: number };

export class BackupRefusal extends Error {}

/**
 * Writes a consistent copy of the database at `url` to `file` (archive.ts): every table of the app's
 * schema and the job queue's jobs, read in one repeatable-read transaction, streamed table by table.
 * The file appears only when complete (written beside it, then renamed), readable by its owner only:
 * it holds personal and genetic data and, with `secrets`, the keys that sign tokens and seal secrets.
 */
export async function backupDatabase(
  url: string,
  file: string,
  options: { secrets?: Record<string, string> } = {},
): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const partial = `${file}.partial`;
  let rows = 0;
  try {
    await client.query('begin isolation level repeatable read read only');
    const header = await headerOf(client, options.secrets ?? {});
    const trailer: BackupTrailer = { tables: [], sequences: [] };
    async function* contents() {
      yield Buffer.from(`${magicLine}\n${JSON.stringify(header)}\n`);
      for (const table of header.tables) {
        const columns = table.columns.map(quoteIdentifier).join(', ');
        const where = leftOut[`${table.schema}.${table.name}`];
        const copy = client.query(
          copyTo(
            `copy (select ${columns} from ${qualified(table)}${where ? ` where ${where}` : ''}) to stdout`,
          ),
        );
        const hash = createHash('sha256');
        for await (const chunk of copy as AsyncIterable<Buffer>) {
          if (chunk.length === 0) continue;
          hash.update(chunk);
          yield frameHeader(chunk.length);
          yield chunk;
        }
        yield frameHeader(0);
        trailer.tables.push({
          schema: table.schema,
          name: table.name,
          rows: copy.rowCount,
          sha256: hash.digest('hex'),
        });
        rows += copy.rowCount;
      }
      // Read last: a sequence is not rolled back, so its value now is at least any the rows above used.
      trailer.sequences = await sequencesOf(client);
      yield Buffer.from(`${JSON.stringify(trailer)}\n`);
    }
    await pipeline(Readable.from(contents()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await client.query('commit');
    await rename(partial, file);
    return { tables: header.tables.length, rows, bytes: (await stat(file)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}

async function headerOf(client: pg.Client, secrets: Record<string, string>): Promise<BackupHeader> {
  const migrated = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!migrated.rows[0]?.present)
    throw new BackupRefusal(
      'This database holds no GenoDesk data (it has never been migrated): nothing to back up.',
    );
  const migrations = await client.query<{ hash: string; createdAt: string }>(
    `select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by id`,
  );
  const version = await client.query<{ version: string }>(
    `select current_setting('server_version') as version`,
  );
  return {
    format: 1,
    createdAt: new Date().toISOString(),
    postgres: version.rows[0]!.version,
    migrations: migrations.rows.map((row) => ({ hash: row.hash, createdAt: Number(row.createdAt) })),
    tables: await tablesOf(client),
    secrets,
  };
}

/** The app's tables and the job queue's, each with its stored (not generated) columns. */
async function tablesOf(client: pg.Client): Promise<BackupTable[]> {
  const { rows } = await client.query<BackupTable>(
    `select n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and not c.relispartition
        and (n.nspname = 'public' or (n.nspname = 'pgboss' and c.relname = any($1)))
      group by n.nspname, c.relname
      order by n.nspname desc, c.relname`,
    [jobTables],
  );
  return rows;
}

async function sequencesOf(client: pg.Client): Promise<BackupTrailer['sequences']> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, sequencename as name from pg_sequences
      where schemaname in ('public', 'pgboss') order by 1, 2`,
  );
  const sequences: BackupTrailer['sequences'] = [];
  for (const sequence of rows) {
    const value = await client.query<{ lastValue: string; isCalled: boolean }>(
      `select last_value::text as "lastValue", is_called as "isCalled" from ${qualified(sequence)}`,
    );
    sequences.push({ ...sequence, ...value.rows[0]! });
  }
  return sequences;
}
