import { loadConfig } from '../config.js';
import { createDatabase } from '../db/client.js';
import { demoBanner } from './demo.js';
import { prepareDatabase } from './prepare.js';
import { demoIssuing } from './results.js';

/** `npm run seed`: migrates DATABASE_URL and seeds the demo data into it when it is empty. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new Error('npm run seed needs DATABASE_URL; `npm start` seeds its embedded database itself');
  const db = createDatabase(config.databaseUrl, 2);
  try {
    if (await prepareDatabase(db, { demo: true, issuing: demoIssuing(config) }))
      console.info(demoBanner(`the server of ${new URL(config.databaseUrl).host}`));
    else console.info('The database already has users; nothing was seeded.');
  } finally {
    await db.$client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
