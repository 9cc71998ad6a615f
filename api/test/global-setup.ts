import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/client.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { startJobs } from '../src/jobs/queue.js';
import { seedDemo } from '../src/seed/demo.js';
import { demoIssuing } from '../src/seed/results.js';
import { ensureBaseRoles } from '../src/seed/roles.js';
import { templateDatabase, withDatabase } from './databases.js';

let embedded: EmbeddedDatabase | undefined;
let dataDir: string | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}

/**
 * One PostgreSQL for the run (TEST_DATABASE_URL's server, or an embedded one), with a template
 * database migrated and seeded once; every test file clones it.
 */
export async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'genodesk-test-'));
    embedded = await startEmbeddedPostgres(dataDir, (line) => console.info(line), { durable: false });
    serverUrl = embedded.url('postgres');
  }
  const admin = createDatabase(serverUrl, 1);
  await admin.$client.query(`drop database if exists ${templateDatabase} with (force)`);
  await admin.$client.query(`create database ${templateDatabase}`);
  await admin.$client.end();

  const templateUrl = withDatabase(serverUrl, templateDatabase);
  const db = createDatabase(templateUrl, 2);
  await runMigrations(db);
  await ensureBaseRoles(db);
  await seedDemo(db, { issuing: demoIssuing(loadConfig()) });
  await db.$client.end();
  // pg-boss creates its own schema on first start; the clones inherit it.
  const jobs = await startJobs(templateUrl, { supervise: false });
  await jobs.stop();

  project.provide('serverUrl', serverUrl);
}

export async function teardown() {
  await embedded?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
