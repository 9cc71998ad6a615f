import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.js';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/**
 * Runs `work` (migrations, base roles, the demo seed) holding a PostgreSQL advisory lock: nodes that
 * start together on one database take turns, so the first does the work and the others find it done.
 * The lock is held by a connection of its own; `work` uses the pool.
 */
export async function withStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const holder = await db.$client.connect();
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  holder.on('error', onLost);
  try {
    await holder.query(`select pg_advisory_lock(hashtext('genodesk.startup'))`);
    return await work();
  } finally {
    await holder.query(`select pg_advisory_unlock(hashtext('genodesk.startup'))`).catch(() => {});
    holder.off('error', onLost);
    holder.release(lost);
  }
}
