import type { Database } from '../db/client.js';
import { runMigrations, withStartupLock } from '../db/migrate.js';
import { isEmpty, seedDemo } from './demo.js';
import type { DemoIssuing } from './results.js';
import { ensureBaseRoles } from './roles.js';

/**
 * Brings a database to the current schema with the base roles and, when `demo` and it has no user yet,
 * the demo data: once, however many nodes start together on it (they wait for the first).
 * Answers whether this call seeded the demo data.
 */
export async function prepareDatabase(
  db: Database,
  options: { demo: false } | { demo: true; issuing: DemoIssuing },
): Promise<boolean> {
  return withStartupLock(db, async () => {
    await runMigrations(db);
    await ensureBaseRoles(db);
    const seed = options.demo && (await isEmpty(db));
    if (seed) await seedDemo(db, { issuing: options.issuing });
    return seed;
  });
}
