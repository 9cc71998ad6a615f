import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';
import { seedDemo } from './demo.js';
import { demoResultsFiles, demoResultsFolder } from './results.js';
import { ensureBaseRoles } from './roles.js';

/**
 * `tsx src/seed/write-demo-results.ts`: seeds a throw-away database without the demo results and
 * writes the demo results files for its samples (the seed is deterministic, so they pair at every
 * seed). Run it after changing how customers or samples are seeded.
 */
async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'genodesk-demo-results-'));
  const embedded = await startEmbeddedPostgres(dataDir, () => {}, { durable: false });
  const db = createDatabase(embedded.url('postgres'), 2);
  try {
    await runMigrations(db);
    await ensureBaseRoles(db);
    const seeded = await seedDemo(db, { results: false });
    for (const [name, content] of Object.entries(demoResultsFiles(seeded))) {
      await writeFile(path.join(demoResultsFolder, name), content);
      console.info(`${name}: ${content.length} bytes`);
    }
  } finally {
    await db.$client.end();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
