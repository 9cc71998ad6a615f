import { createHash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrationsFolder } from '../db/migrate.js';
import {
  ArchiveReader,
  BackupFileError,
  type BackupHeader,
  type BackupTrailer,
  magicLine,
  qualified,
  quoteIdentifier,
  restorable,
} from './archive.js';

export class RestoreRefusal extends Error {}

export type RestoreSummary = {
  tables: number;
  rows: number;
  /** Jobs of queues this release no longer has (a backup of an older release), not restored. */
  jobsLeftOut: number;
  /** Migrations applied with the rows (the backup's level); the next start applies the newer ones. */
  migrations: number;
  secrets: Record<string, string>;
};

/**
 * Restores a backup (archive.ts) into the empty database at `url`, connected as the role that is to
 * own the tables (the embedded superuser, or `DATABASE_OWNER_URL`): the code's migrations up to the
 * backup's level, the job queue's schema (`prepareJobQueues`), then every table's rows, the sequences,
 * and a check of each table's row count and SHA-256 against the backup's — all of it in one
 * transaction, so a damaged file or a failed check leaves the database as empty as it was. A database
 * that holds any table is refused: a restore never overwrites.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  prepareJobQueues: (url: string) => Promise<void>,
): Promise<RestoreSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let touched = false;
  let source: ReadStream | undefined;
  try {
    await refuseNonEmpty(client);
    source = createReadStream(file);
    const gunzip = source.pipe(createGunzip());
    source.on('error', (error) => gunzip.destroy(error));
    // Read from at once: a stream's error with nobody reading would end the process.
    const reader = new ArchiveReader(gunzip);
    const header = await readHeader(reader);
    const migrations = migrationsFor(header);
    // Nodes started meanwhile wait, then find the migrations done (`withStartupLock`).
    await client.query(`select pg_advisory_lock(hashtext('genodesk.startup'))`);
    // Checked again under the lock: a node may have started on this database meanwhile.
    await refuseNonEmpty(client);
    touched = true;
    await prepareJobQueues(url);
    await client.query('begin');
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    const { rows, jobsLeftOut } = await loadRows(client, reader, header);
    await client.query('commit');
    return {
      tables: header.tables.length,
      rows,
      jobsLeftOut,
      migrations: migrations.length,
      secrets: header.secrets,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    // The queue's schema was made outside the transaction: the database is left as empty as it was found.
    if (touched) await client.query('drop schema if exists pgboss cascade').catch(() => {});
    if (/^Z_/.test((error as NodeJS.ErrnoException).code ?? ''))
      throw new BackupFileError(`The backup file is damaged or cut short (${(error as Error).message}).`);
    throw error;
  } finally {
    source?.destroy();
    await client.end();
  }
}

async function refuseNonEmpty(client: pg.Client) {
  const { rows } = await client.query<{ database: string; tables: number }>(
    `select current_database() as database, count(c.oid)::int as tables
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%'`,
  );
  const { database, tables } = rows[0]!;
  if (tables > 0)
    throw new RestoreRefusal(
      `The database "${database}" is not empty (it has ${tables} ${tables === 1 ? 'table' : 'tables'}): a backup is restored only into an empty database, so that nothing is overwritten or mixed.`,
    );
}

async function readHeader(reader: ArchiveReader): Promise<BackupHeader> {
  let magic: string;
  try {
    magic = await reader.line();
  } catch (error) {
    throw new BackupFileError(`This is not a GenoDesk backup (${(error as Error).message}).`);
  }
  if (magic !== magicLine)
    throw new BackupFileError('This is not a GenoDesk backup (npm run backup writes one).');
  const header = JSON.parse(await reader.line()) as BackupHeader;
  if (header.format !== 1)
    throw new BackupFileError(`This backup's format (${header.format}) is unknown to this release.`);
  return header;
}

/** The code's migrations the backup's rows belong to; refused when the backup is of a newer or another schema. */
function migrationsFor(header: BackupHeader) {
  const known = readMigrationFiles({ migrationsFolder });
  if (header.migrations.length > known.length)
    throw new RestoreRefusal(
      `The backup was made by a newer release (${header.migrations.length} migrations; this one knows ${known.length}): restore it with that release or a later one.`,
    );
  header.migrations.forEach((migration, index) => {
    const ours = known[index]!;
    if (ours.hash !== migration.hash || ours.folderMillis !== migration.createdAt)
      throw new RestoreRefusal(
        `The backup's migration ${index + 1} differs from this release's: it was made by another version of GenoDesk.`,
      );
  });
  return known.slice(0, header.migrations.length);
}

/**
 * Loads every table as pg_dump does: foreign keys dropped and added again once all rows are in (rows
 * referencing rows of the same table or of a later one load in any order; adding a key checks every
 * row), the tables' own triggers off meanwhile — the access log's refuses the TRUNCATE that clears
 * what the migrations inserted, and no trigger may act again on restored rows. Runs in the caller's transaction,
 * so no other connection sees a table without its trigger.
 */
async function loadRows(
  client: pg.Client,
  reader: ArchiveReader,
  header: BackupHeader,
): Promise<{ rows: number; jobsLeftOut: number }> {
  // A crafted file must not reach beyond the app's own tables (the restore runs as a superuser).
  for (const table of header.tables)
    if (!restorable(table, 'table'))
      throw new BackupFileError(
        `The backup file is damaged (it names the table ${table.schema}.${table.name}).`,
      );
  const names = header.tables.map(qualified);
  // The migrations made these tables: a backup of the same level has every one of them.
  const { rows: made } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`,
  );
  const missing = made.filter(
    ({ name }) => !header.tables.some((table) => table.schema === 'public' && table.name === name),
  );
  if (missing.length > 0)
    throw new BackupFileError(`The backup file is damaged (it lacks the table public.${missing[0]!.name}).`);
  for (const [index, name] of names.entries()) {
    const { rows } = await client.query<{ present: boolean }>(
      'select to_regclass($1) is not null as present',
      [name],
    );
    if (!rows[0]?.present)
      throw new RestoreRefusal(
        `The backup holds the table ${header.tables[index]!.schema}.${header.tables[index]!.name}, which this release does not have.`,
      );
  }
  const { rows: foreignKeys } = await client.query<{ table: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint
      where contype = 'f' and conparentid = 0
        and (conrelid = any($1::regclass[]) or confrelid = any($1::regclass[]))`,
    [names],
  );
  for (const key of foreignKeys)
    await client.query(`alter table ${key.table} drop constraint ${quoteIdentifier(key.name)}`);
  for (const name of names) await client.query(`alter table ${name} disable trigger user`);
  await client.query(`truncate ${names.join(', ')}`);

  const loaded: { rows: number; sha256: string }[] = [];
  let jobsLeftOut = 0;
  for (const table of header.tables) {
    const columns = table.columns.map(quoteIdentifier).join(', ');
    const jobs = table.schema === 'pgboss' && table.name === 'job';
    // Jobs go through a staging table: a backup of an older release may hold jobs of a queue this
    // release has retired (`retiredQueues`), which the job table no longer takes.
    if (jobs) await client.query('create temp table restored_jobs (like pgboss.job) on commit drop');
    const target = jobs ? 'restored_jobs' : qualified(table);
    const copy = client.query(copyFrom(`copy ${target} (${columns}) from stdin`));
    const hash = createHash('sha256');
    async function* frames() {
      for await (const frame of reader.frames()) {
        hash.update(frame);
        yield frame;
      }
    }
    await pipeline(Readable.from(frames()), copy);
    loaded.push({ rows: copy.rowCount, sha256: hash.digest('hex') });
    if (jobs) {
      const kept = await client.query(
        `insert into pgboss.job (${columns}) select ${columns} from restored_jobs
          where name in (select name from pgboss.queue)
            and (dead_letter is null or dead_letter in (select name from pgboss.queue))`,
      );
      jobsLeftOut = copy.rowCount - (kept.rowCount ?? 0);
    }
  }

  const trailer = JSON.parse(await reader.line()) as BackupTrailer;
  if (!(await reader.atEnd())) throw new BackupFileError('The backup file is damaged (data after its end).');
  header.tables.forEach((table, index) => {
    const expected = trailer.tables[index];
    const got = loaded[index]!;
    const label = `${table.schema}.${table.name}`;
    if (expected?.schema !== table.schema || expected.name !== table.name)
      throw new BackupFileError(`The backup file is damaged (its trailer does not list ${label}).`);
    if (expected.rows !== got.rows || expected.sha256 !== got.sha256)
      throw new BackupFileError(
        `The backup file is damaged: ${label} restored ${got.rows} rows (the backup counted ${expected.rows}) and its data's SHA-256 ${got.sha256 === expected.sha256 ? 'matches' : 'does not match'}.`,
      );
  });
  for (const sequence of trailer.sequences) {
    if (!restorable(sequence, 'sequence'))
      throw new BackupFileError(
        `The backup file is damaged (it names the sequence ${sequence.schema}.${sequence.name}).`,
      );
    await client.query('select setval($1::regclass, $2::bigint, $3)', [
      qualified(sequence),
      sequence.lastValue,
      sequence.isCalled,
    ]);
  }
  for (const name of names) await client.query(`alter table ${name} enable trigger user`);
  for (const key of foreignKeys)
    await client.query(
      `alter table ${key.table} add constraint ${quoteIdentifier(key.name)} ${key.definition}`,
    );
  return { rows: loaded.reduce((sum, table) => sum + table.rows, 0), jobsLeftOut };
}
