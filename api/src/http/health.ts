import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import type { App, Deps } from './app-types.js';

/** The newest migration this code carries (its journal's `when`, which drizzle records as `created_at`). */
const newestMigration = (() => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
})();

/** `work` within `ms`, or false: a hung database must not hang the probe. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.catch(() => false as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

const reachable = (db: Database) =>
  within(
    2_000,
    db.execute(sql`select 1`).then(() => true),
  );

const migrationsCurrent = (db: Database) =>
  within(
    2_000,
    db
      .execute<{ newest: string | null }>(
        sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
      )
      .then(({ rows }) => Number(rows[0]?.newest ?? 0) >= newestMigration),
  );

/**
 * Probes for a load balancer and Kubernetes (issue 39): `live` says the process answers (restart it
 * when not), `ready` that it can serve (send it traffic only then): the database answers, its schema is
 * this code's, and the job workers run where this process is to run them. The older `health` is the
 * database check alone.
 */
export function healthRoutes(app: App, deps: Deps) {
  const tags = ['meta'];
  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Up, with the database reachable (503 when it does not answer within two seconds)',
    },
    handler: async (_request, reply) =>
      (await reachable(deps.db))
        ? reply.send({ status: 'ok' })
        : reply.status(503).send({ status: 'database unavailable' }),
  });

  app.get('/api/health/live', {
    config: { access: 'public' },
    schema: { tags, summary: 'Liveness: the process answers (never looks at the database)' },
    handler: async () => ({ status: 'ok' }),
  });

  app.get('/api/health/ready', {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'Readiness: the database answers within two seconds, its migrations are current, and the job workers run where WORKERS is on; 503 with the failed checks otherwise',
    },
    handler: async (_request, reply) => {
      const database = await reachable(deps.db);
      const checks = {
        database,
        migrations: database ? await migrationsCurrent(deps.db) : false,
        workers: deps.config.workers ? deps.jobs.running : null,
      };
      const ready = checks.database && checks.migrations && checks.workers !== false;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  });
}
