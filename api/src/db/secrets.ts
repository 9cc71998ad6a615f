import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from './client.js';
import { appSettings } from './schema/index.js';

/**
 * The token key and the sealing key. Configured (JWT_SECRET, SEALING_KEY: required outside the
 * embedded demo, `startRefusals`), they are used as given. The embedded demo generates each once into
 * its data folder (0600), beside the database's password, not in the database: a copy of the
 * database alone must not sign a token or open an authenticator key (issue 36). A token key an
 * earlier release kept in `app_settings` moves to the folder, so sign-ins and sealed keys stay valid.
 */
export async function serverKeys(
  db: Database,
  config: { jwtSecret?: string | undefined; sealingKey?: string | undefined; dataDir: string },
): Promise<{ tokenSecret: string; sealingSecret: string | undefined }> {
  const tokenSecret = config.jwtSecret ?? (await keptKey(db, config.dataDir, 'token.key', 'jwt_secret'));
  // A configured token key without a sealing key (tests, a demo on its own database) seals with it.
  const sealingSecret =
    config.sealingKey ?? (config.jwtSecret ? undefined : await keptKey(db, config.dataDir, 'sealing.key'));
  return { tokenSecret, sealingSecret };
}

async function keptKey(db: Database, dataDir: string, file: string, legacySetting?: string): Promise<string> {
  const at = path.join(dataDir, file);
  if (existsSync(at)) return (await readFile(at, 'utf8')).trim();
  const [legacy] = legacySetting
    ? await db.select().from(appSettings).where(eq(appSettings.key, legacySetting))
    : [];
  const key = legacy?.value ?? randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(at, key, { mode: 0o600 });
  if (legacySetting) await db.delete(appSettings).where(eq(appSettings.key, legacySetting));
  return key;
}
