import type { Config } from './config.js';
import {
  embeddedAppRole,
  ensureEmbeddedAppRole,
  grantAppRole,
  ownerConnectionRefusal,
} from './db/app-role.js';
import { createDatabase, type Database } from './db/client.js';
import { prepareJobQueues } from './jobs/queue.js';
import { prepareDatabase } from './seed/prepare.js';
import { demoIssuing } from './seed/results.js';

/**
 * The database made ready by its owner (issue 36): migrations, base roles and the demo seed, pg-boss's
 * schema and queues, and the application role's grants — then the owner's connection is closed and the
 * application connects as its own role. The embedded database's owner is its superuser and the
 * application role `genodesk_app` (created here); a server of one's own names the owner with
 * `DATABASE_OWNER_URL` (else `DATABASE_URL` is both, which a real deployment refuses below).
 */
export async function prepareAsOwner(
  config: Config,
  ownerUrl: string,
  options: { embedded: boolean; demo: boolean },
): Promise<{ appUrl: string; seeded: boolean }> {
  const owner = createDatabase(ownerUrl, 2, { preparedStatements: false });
  try {
    const seeded = await prepareDatabase(
      owner,
      options.demo ? { demo: true, issuing: demoIssuing(config) } : { demo: false },
    );
    await prepareJobQueues(ownerUrl, config.retention.jobsDays);
    if (options.embedded) {
      const password = await ensureEmbeddedAppRole(owner, config.dataDir);
      await grantAppRole(owner, embeddedAppRole);
      const url = new URL(ownerUrl);
      url.username = embeddedAppRole;
      url.password = password;
      return { appUrl: url.toString(), seeded };
    }
    const appUrl = config.databaseUrl ?? ownerUrl;
    const appRole = decodeURIComponent(new URL(appUrl).username);
    if (appUrl !== ownerUrl && appRole !== decodeURIComponent(new URL(ownerUrl).username))
      await grantAppRole(owner, appRole);
    return { appUrl, seeded };
  } finally {
    await owner.$client.end();
  }
}

/**
 * Why the application must not go on with this connection (a superuser, the tables' owner), or
 * undefined. Tests connect as the test server's superuser (`NODE_ENV=test`, set by vitest).
 */
export async function appConnectionRefusal(db: Database): Promise<string | undefined> {
  if (process.env.NODE_ENV === 'test') return undefined;
  return ownerConnectionRefusal(db);
}
