import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

// bigint ids and counts come back as numbers: they stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction or the database itself: services take either. */
export type Executor = Database | NodePgDatabase<typeof schema>;

export function createDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // A connection dropped while idle (a database restart) must not take the process down.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  return drizzle(pool, { schema }) as Database;
}

export type Tx = NodePgDatabase<typeof schema> & { $client: pg.PoolClient };

/**
 * Runs `work` in one transaction on one connection. The connection is exposed (`tx.$client`) so the
 * job queue can enqueue in the same transaction.
 */
export async function transaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    const tx = drizzle(client, { schema }) as Tx;
    const result = await work(tx);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
