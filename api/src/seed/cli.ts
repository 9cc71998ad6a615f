import { loadConfig } from '../config.js';
import { createDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { demoBanner, isEmpty, seedDemo } from './demo.js';
import { ensureBaseRoles } from './roles.js';

/** `npm run seed`: migrates DATABASE_URL and seeds the demo data into it when it is empty. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new Error('npm run seed needs DATABASE_URL; `npm start` seeds its embedded database itself');
  const db = createDatabase(config.databaseUrl, 2);
  try {
    await runMigrations(db);
    await ensureBaseRoles(db);
    if (!(await isEmpty(db))) {
      console.info('The database already has users; nothing was seeded.');
      return;
    }
    await seedDemo(db);
    console.info(demoBanner(`the server of ${new URL(config.databaseUrl).host}`));
  } finally {
    await db.$client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
