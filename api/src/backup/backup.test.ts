import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/databases.js';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { closeReportPdfRenderer } from '../modules/products/report-pdf/render.js';
import { reportFor } from '../modules/products/test-fixtures.js';
import { ArchiveReader, type BackupHeader, type BackupTrailer } from './archive.js';
import { backupDatabase } from './backup.js';
import { backupCommand, restoreCommand } from './cli.js';
import { RestoreRefusal } from './restore.js';

// A seeded database with its issued report PDFs and two more, backed up with a data folder's keys, restored by
// `npm run restore` into a new embedded PostgreSQL (its own DATA_DIR), and backed up again from there.

let t: TestApp;
let work: string;
const said: string[] = [];
const say = (line: string) => said.push(line);
const keys = {
  'token.key': randomBytes(48).toString('base64url'),
  'sealing.key': randomBytes(48).toString('base64url'),
};

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'genodesk-backup-'));
  // Run as root, the embedded PostgreSQL runs as `postgres`, which must reach the data folders inside.
  await chmod(work, 0o755);
  t = await testApp();
  const doctor = await t.authAs(demo.doctor);
  for (const surname of ['Zálohová', 'Obnovená']) {
    const report = await reportFor(t, { surname });
    const published = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/',
      payload: { Id: report.productId, Status: 3, DoctorIntro: '<p>Vše v pořádku.</p>' },
      headers: doctor,
    });
    expect(published.statusCode).toBe(200);
  }
  // A running app's pg-boss scheduler keeps a queue of its own with its cron ticks.
  await t.jobs.boss.createQueue('__pgboss__send-it');
  await t.jobs.boss.send('__pgboss__send-it', {});
  // A queue an older release had and this one has not: its job is not restored.
  await t.jobs.boss.createQueue('retired-queue-of-an-older-release');
  await t.jobs.boss.send('retired-queue-of-an-older-release', {});
  // Quiet from here on: nothing writes to the source while it is backed up and compared.
  await t.app.close();
  await t.jobs.stop();
}, 120_000);

afterAll(async () => {
  await closeReportPdfRenderer();
  await t.db.$client.end();
  const admin = new pg.Client({ connectionString: inject('serverUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(t.url).pathname.slice(1)} with (force)`);
  await admin.end();
  await rm(work, { recursive: true, force: true });
});

/** Every table's row count: the app's, the job queue's jobs, the applied migrations. */
async function rowCounts(client: pg.Client | pg.Pool): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and (n.nspname = 'public' or format('%I.%I', n.nspname, c.relname) in
             ('pgboss.job', 'pgboss.job_dependency', 'drizzle.__drizzle_migrations'))
      order by 1`,
  );
  const counts: Record<string, number> = {};
  // pg-boss's own cron ticks are made again by its scheduler, not backed up; a retired queue's job is
  // not restored.
  const leftOut = (name: string) =>
    name === 'pgboss.job'
      ? ` where name not like '\\_\\_pgboss%' and name <> 'retired-queue-of-an-older-release'`
      : '';
  for (const { name } of tables)
    counts[name] = (
      await client.query<{ n: number }>(`select count(*)::int as n from ${name}${leftOut(name)}`)
    ).rows[0]!.n;
  return counts;
}

const pdfsOf = async (client: pg.Client | pg.Pool) =>
  (
    await client.query<{ id: string; content: Buffer }>(
      'select id::text, content from report_documents order by id',
    )
  ).rows.map((row) => ({
    id: row.id,
    sha256: createHash('sha256').update(row.content).digest('hex'),
    bytes: row.content,
  }));

const sequencesOf = async (client: pg.Client | pg.Pool) =>
  (
    await client.query(
      `select schemaname, sequencename, last_value from pg_sequences where schemaname = 'public' order by 2`,
    )
  ).rows;

async function readBackup(file: string): Promise<{ header: BackupHeader; trailer: BackupTrailer }> {
  const reader = new ArchiveReader(createReadStream(file).pipe(createGunzip()));
  await reader.line();
  const header = JSON.parse(await reader.line()) as BackupHeader;
  for (const _table of header.tables) for await (const _frame of reader.frames());
  return { header, trailer: JSON.parse(await reader.line()) as BackupTrailer };
}

it('npm run backup and npm run restore: a fresh embedded database gets the same rows in every table, the same report PDFs and the same keys; a non-empty one is refused', async () => {
  const sourceCounts = await rowCounts(t.db.$client);
  const sourcePdfs = await pdfsOf(t.db.$client);
  // The demo's released reports and the two published here: each issued once.
  const released = await t.db.$client.query<{ n: number }>(
    'select count(*)::int as n from products where status in (3, 4)',
  );
  expect(sourcePdfs).toHaveLength(released.rows[0]!.n);
  expect(sourcePdfs.length).toBeGreaterThan(2);
  expect(sourcePdfs[0]!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(sourceCounts['public.access_log']).toBeGreaterThan(0);
  expect(sourceCounts['pgboss.job']).toBeGreaterThan(0);

  // The source as a server of one's own, with the keys an embedded data folder would add.
  const source = path.join(work, 'source');
  const first = path.join(work, 'first.backup');
  await backupDatabase(t.url, first, { secrets: keys });
  expect((await stat(first)).mode & 0o777).toBe(0o600);

  const fresh = {
    ...loadConfig(),
    databaseUrl: undefined,
    databaseOwnerUrl: undefined,
    dataDir: path.join(work, 'fresh'),
  };
  await restoreCommand(fresh, first, say);
  expect(said.join('\n')).toMatch(/Restored \d+ tables, \d+ rows/);
  expect(said).toContain('Left out: 1 job of queues this release no longer has.');
  for (const [name, value] of Object.entries(keys)) {
    const file = path.join(fresh.dataDir, name);
    expect(await readFile(file, 'utf8')).toBe(value);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  }

  const server = await startEmbeddedPostgres(fresh.dataDir, () => {}, { durable: false, supervise: false });
  try {
    const restored = new pg.Client({ connectionString: server.url('genodesk') });
    await restored.connect();
    try {
      expect(await rowCounts(restored)).toEqual(sourceCounts);
      const pdfs = await pdfsOf(restored);
      expect(pdfs.map((pdf) => pdf.id)).toEqual(sourcePdfs.map((pdf) => pdf.id));
      for (const [index, pdf] of pdfs.entries())
        expect(pdf.bytes.equals(sourcePdfs[index]!.bytes)).toBe(true);
      expect(await sequencesOf(restored)).toEqual(await sequencesOf(t.db.$client));
      // The access log's trigger is back: its rows cannot be changed.
      await expect(restored.query('update access_log set kind = kind')).rejects.toThrow();
    } finally {
      await restored.end();
    }
  } finally {
    await server.stop();
  }

  // Backed up again from the restored embedded folder (the command starts its server): the same data.
  const second = path.join(work, 'second.backup');
  await backupCommand(fresh, second, say);
  const [a, b] = [await readBackup(first), await readBackup(second)];
  expect(b.header.secrets).toEqual(keys);
  expect(b.header.migrations).toEqual(a.header.migrations);
  // Byte for byte the same rows, but for the retired queue's job.
  const jobs = (backup: typeof a) => backup.trailer.tables.find((table) => table.name === 'job')!;
  expect(jobs(b).rows).toBe(jobs(a).rows - 1);
  const others = (backup: typeof a) => backup.trailer.tables.filter((table) => table.name !== 'job');
  expect(others(b)).toEqual(others(a));
  expect(b.trailer.sequences).toEqual(a.trailer.sequences);

  // Into a database that holds anything: refused, saying why and what to do.
  const refusal = restoreCommand(fresh, first, say).catch((error: unknown) => error);
  expect(await refusal).toBeInstanceOf(RestoreRefusal);
  expect(((await refusal) as Error).message).toMatch(/"genodesk" is not empty .*\n.*new DATA_DIR/);
  const ownServer = { ...fresh, databaseUrl: t.url, dataDir: source };
  await expect(restoreCommand(ownServer, first, say)).rejects.toThrow(/is not empty/);
  expect(await rowCounts(t.db.$client)).toEqual(sourceCounts);
}, 180_000);

it('a damaged backup is refused, naming the table, and leaves the database as empty as it was', async () => {
  const file = path.join(work, 'damaged.backup');
  await backupDatabase(t.url, file);
  // One hex digit of a stored PDF changed (the gzip stream itself stays sound).
  const contents = gunzipSync(await readFile(file));
  const at = contents.indexOf('\\\\x255044462d');
  expect(at).toBeGreaterThan(0);
  contents[at + 20] = contents[at + 20] === 0x30 ? 0x31 : 0x30;
  await writeFile(file, gzipSync(contents));

  const name = `genodesk_restore_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('serverUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = withDatabase(inject('serverUrl'), name);
    const target = {
      ...loadConfig(),
      databaseUrl: url,
      databaseOwnerUrl: undefined,
      dataDir: path.join(work, 'damaged'),
    };
    await expect(restoreCommand(target, file, say)).rejects.toThrow(
      /damaged: public\.report_documents restored \d+ rows .* SHA-256 does not match/,
    );
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const left = await check.query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')`,
    );
    await check.end();
    expect(left.rows[0].n).toBe(0);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}, 120_000);
