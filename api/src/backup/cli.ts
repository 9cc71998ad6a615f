import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { type Config, loadConfig } from '../config.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded.js';
import { loggableError } from '../db/loggable-error.js';
import { prepareJobQueues } from '../jobs/queue.js';
import { BackupFileError, secretFiles } from './archive.js';
import { BackupRefusal, backupDatabase } from './backup.js';
import { RestoreRefusal, restoreDatabase } from './restore.js';

/** The embedded server's database (main.ts). */
const embeddedDatabase = 'genodesk';

type Say = (line: string) => void;

/**
 * `npm run backup -- FILE`: the database of this configuration — `DATABASE_OWNER_URL` or `DATABASE_URL`,
 * else the embedded one in `DATA_DIR` (the running app's server, or started for the backup), then with
 * the data folder's generated keys.
 */
export async function backupCommand(config: Config, file: string, say: Say): Promise<void> {
  if (existsSync(file)) throw new BackupRefusal(`${file} exists already: name a new file.`);
  const ownUrl = config.databaseOwnerUrl ?? config.databaseUrl;
  if (ownUrl) {
    report(say, 'Backed up', await backupDatabase(ownUrl, file), file);
    return;
  }
  if (!existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION')))
    throw new BackupRefusal(
      `${config.dataDir} holds no embedded database: nothing to back up (set DATA_DIR?).`,
    );
  const secrets: Record<string, string> = {};
  for (const name of secretFiles) {
    const at = path.join(config.dataDir, name);
    if (existsSync(at)) secrets[name] = (await readFile(at, 'utf8')).trim();
  }
  const { url, stop } = await embeddedServer(config, say);
  try {
    report(say, 'Backed up', await backupDatabase(url, file, { secrets }), file);
    if (Object.keys(secrets).length > 0)
      say(
        `It holds ${Object.keys(secrets).join(' and ')} of ${config.dataDir}: keep it as safe as those keys.`,
      );
  } finally {
    await stop();
  }
}

/**
 * `npm run restore -- FILE`: into the configured database, which must be empty — a server of one's own
 * as its owner (`DATABASE_OWNER_URL`, else `DATABASE_URL`), or the embedded one in `DATA_DIR` (a new
 * folder, or one whose database holds nothing), whose keys are then the backup's.
 */
export async function restoreCommand(config: Config, file: string, say: Say): Promise<void> {
  if (!existsSync(file)) throw new RestoreRefusal(`${file} does not exist.`);
  const prepareQueues = (url: string) => prepareJobQueues(url, config.retention.jobsDays);
  const ownUrl = config.databaseOwnerUrl ?? config.databaseUrl;
  const target = ownUrl ? { url: ownUrl, stop: async () => {} } : await embeddedServer(config, say, true);
  try {
    const restored = await restoreDatabase(target.url, file, prepareQueues).catch((error: unknown) => {
      if (error instanceof RestoreRefusal && error.message.includes('not empty'))
        throw new RestoreRefusal(
          `${error.message}\nRestore into a new database (createdb, then DATABASE_OWNER_URL or DATABASE_URL naming it) or, for the embedded database, into a new DATA_DIR.`,
        );
      throw error;
    });
    report(say, 'Restored', restored, file);
    if (restored.jobsLeftOut > 0)
      say(
        `Left out: ${restored.jobsLeftOut} ${restored.jobsLeftOut === 1 ? 'job' : 'jobs'} of queues this release no longer has.`,
      );
    say(
      `Schema at migration ${restored.migrations}; GenoDesk applies newer ones and grants its role at its next start.`,
    );
    const secrets = Object.entries(restored.secrets).filter(([name]) =>
      (secretFiles as readonly string[]).includes(name),
    );
    if (secrets.length > 0) await mkdir(config.dataDir, { recursive: true });
    for (const [name, value] of secrets) {
      const at = path.join(config.dataDir, name);
      // Replaced, not rewritten: a new file takes the mode.
      await rm(at, { force: true });
      await writeFile(at, value, { mode: 0o600 });
    }
    if (secrets.length > 0)
      say(
        ownUrl
          ? `The backup's generated keys are in ${config.dataDir} (${secrets.map(([name]) => name).join(', ')}): on a server of your own set JWT_SECRET to token.key and SEALING_KEY to sealing.key, or authenticator keys cannot be read.`
          : `The data folder's keys (${secrets.map(([name]) => name).join(', ')}) are the backup's: sign-ins and authenticator keys carry over.`,
      );
  } finally {
    await target.stop();
  }
}

function report(
  say: Say,
  done: string,
  summary: { tables: number; rows: number; bytes?: number },
  file: string,
) {
  const size = summary.bytes === undefined ? '' : ` (${(summary.bytes / 1024 / 1024).toFixed(1)} MB)`;
  say(`${done} ${summary.tables} tables, ${summary.rows} rows: ${file}${size}.`);
}

/**
 * The embedded server of `DATA_DIR`: the running app's (reached as its superuser, as the app's owner
 * connection is), else started for this command and stopped after it. A restore never shares it with a
 * running app (`startEmbeddedPostgres` refuses a folder whose app runs), and creates the database.
 */
async function embeddedServer(
  config: Config,
  say: Say,
  forRestore = false,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const running = forRestore ? undefined : await runningServerUrl(config.dataDir);
  if (running) return { url: running, stop: async () => {} };
  let server: EmbeddedDatabase;
  try {
    server = await startEmbeddedPostgres(config.dataDir, say, { durable: true, supervise: false });
  } catch (error) {
    if ((error as Error).message.includes('already running'))
      throw new RestoreRefusal(`${(error as Error).message}: stop it before restoring into its folder.`);
    throw error;
  }
  try {
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    try {
      const exists = await admin.query('select from pg_database where datname = $1', [embeddedDatabase]);
      if (exists.rowCount === 0) {
        if (!forRestore)
          throw new BackupRefusal(`${config.dataDir} holds no GenoDesk database: nothing to back up.`);
        await admin.query(`create database ${embeddedDatabase}`);
      }
    } finally {
      await admin.end();
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: server.url(embeddedDatabase), stop: server.stop };
}

/** The URL of the server the app of `dataDir` runs, when it answers. */
async function runningServerUrl(dataDir: string): Promise<string | undefined> {
  const files = ['postgres.port', 'postgres.password'].map((name) => path.join(dataDir, name));
  if (!existsSync(path.join(dataDir, 'genodesk.pid')) || !files.every((file) => existsSync(file)))
    return undefined;
  const [port, password] = await Promise.all(
    files.map(async (file) => (await readFile(file, 'utf8')).trim()),
  );
  const url = `postgres://postgres:${encodeURIComponent(password!)}@127.0.0.1:${port}/${embeddedDatabase}`;
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await probe.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await probe.end().catch(() => {});
  }
}

async function main(argv: string[]) {
  const [command, file, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    console.error('Usage: npm run backup -- FILE | npm run restore -- FILE');
    process.exit(2);
  }
  // npm runs the script in api/: a relative FILE is the caller's.
  const at = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const say = (line: string) => console.info(line);
  await (command === 'backup' ? backupCommand : restoreCommand)(loadConfig(), at, say);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (
        error instanceof BackupRefusal ||
        error instanceof RestoreRefusal ||
        error instanceof BackupFileError
      )
        console.error(error.message);
      else console.error(loggableError(error));
      process.exit(1);
    },
  );
}
