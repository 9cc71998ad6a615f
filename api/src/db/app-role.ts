import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './client.js';

/**
 * Least privilege (issue 36): the role that migrates owns the tables; the API and the workers connect
 * as another role that owns nothing and holds only what they need — on the access log only INSERT and
 * SELECT, so no connection of the application can change or delete its rows or bypass its trigger
 * (the retention purge goes through `purge_access_log`, run as its owner).
 */
export const embeddedAppRole = 'genodesk_app';

const roleName = /^[a-z_][a-z0-9_]{0,62}$/;

/** The embedded database's application role: created once, its password kept in DATA_DIR (0600). */
export async function ensureEmbeddedAppRole(owner: Database, dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres.app-password');
  const password = existsSync(file)
    ? (await readFile(file, 'utf8')).trim()
    : randomBytes(24).toString('base64url');
  if (!existsSync(file)) await writeFile(file, password, { mode: 0o600 });
  // A role is cluster-wide and made once; the password is (re)set so the file always opens it.
  await owner.$client.query(`do $$ begin
      if not exists (select from pg_roles where rolname = '${embeddedAppRole}') then
        create role ${embeddedAppRole} login nosuperuser nocreatedb nocreaterole noinherit;
      end if;
    end $$`);
  await owner.$client.query(`alter role ${embeddedAppRole} password '${password}'`);
  return password;
}

/**
 * What the application's role may do, granted by the owner after every migration (new tables are
 * covered at the next start). The pg-boss schema must exist (its queues are prepared by the owner).
 */
export async function grantAppRole(owner: Database, role: string): Promise<void> {
  if (!roleName.test(role)) throw new Error(`not a role name: ${role}`);
  const { rows } = await owner.$client.query<{ database: string; version: number }>(
    `select current_database() as database, current_setting('server_version_num')::int as version`,
  );
  const database = rows[0]!.database.replaceAll('"', '""');
  const statements = [
    `grant connect, temporary on database "${database}" to ${role}`,
    `grant usage on schema public to ${role}`,
    `grant select, insert, update, delete on all tables in schema public to ${role}`,
    `revoke update, delete, truncate, references, trigger on access_log from ${role}`,
    // An image is served as immutable under its id (issue 36): its bytes never change.
    `revoke update, truncate, references, trigger on media from ${role}`,
    `grant usage, select on all sequences in schema public to ${role}`,
    `grant execute on function purge_access_log(interval, integer) to ${role}`,
    // Readiness compares the applied migrations with the code's (GET health/ready).
    `grant usage on schema drizzle to ${role}`,
    `grant select on drizzle.__drizzle_migrations to ${role}`,
    `grant usage on schema pgboss to ${role}`,
    `grant select, insert, update, delete on all tables in schema pgboss to ${role}`,
    `grant usage, select on all sequences in schema pgboss to ${role}`,
    `grant execute on all functions in schema pgboss to ${role}`,
    // A mailing's analyze of the outbox (PostgreSQL 17's MAINTAIN; before it, the planner waits for autovacuum).
    ...((rows[0]?.version ?? 0) >= 170000 ? [`grant maintain on table outbox_messages to ${role}`] : []),
  ];
  for (const statement of statements) await owner.$client.query(statement);
}

/**
 * Why the application must not run on this connection, or undefined: a superuser, or the owner of the
 * tables, can drop or disable the access log's trigger (`session_replication_role`). Allowed in tests.
 */
export async function ownerConnectionRefusal(db: Database): Promise<string | undefined> {
  const { rows } = await db.$client.query<{ role: string; superuser: boolean; owns: boolean }>(
    `select current_user as role,
            (select rolsuper from pg_roles where rolname = current_user) as superuser,
            exists (select from pg_tables where tableowner = current_user and schemaname in ('public', 'pgboss')) as owns`,
  );
  const row = rows[0]!;
  if (!row.superuser && !row.owns) return undefined;
  return [
    `GenoDesk does not run as ${row.superuser ? 'a superuser' : "the tables' owner"} (${row.role}): such a role can change or delete the access log.`,
    'Set DATABASE_OWNER_URL to the role that owns the database (migrations run as it) and DATABASE_URL to a',
    'role that owns nothing; GenoDesk grants it what it needs at every start. See docs/operations.md, "Database roles".',
  ].join('\n');
}
