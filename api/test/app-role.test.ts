import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { grantAppRole, ownerConnectionRefusal } from '../src/db/app-role.js';
import { createDatabase, type Database } from '../src/db/client.js';
import { prepareJobQueues } from '../src/jobs/queue.js';
import { templateDatabase, withDatabase } from './databases.js';

/**
 * The application's own role (issue 36): what it may not do to the access log, connected as it — not
 * update, delete or truncate a row, nor get past the append-only trigger (it is not the owner, not a
 * superuser) — and what it may: read and write the data, purge old access-log rows through the
 * owner's function.
 */
const serverUrl = inject('serverUrl');
const name = `genodesk_role_${randomBytes(5).toString('hex')}`;
const role = `genodesk_app_${randomBytes(4).toString('hex')}`;
const password = randomBytes(18).toString('base64url');
let owner: Database;
let app: Database;

beforeAll(async () => {
  const admin = createDatabase(serverUrl, 1);
  await admin.$client.query(`create database ${name} template ${templateDatabase}`);
  await admin.$client.query(`create role ${role} login password '${password}'`);
  await admin.$client.end();
  const ownerUrl = withDatabase(serverUrl, name);
  owner = createDatabase(ownerUrl, 2);
  await prepareJobQueues(ownerUrl);
  await grantAppRole(owner, role);
  const appUrl = new URL(ownerUrl);
  appUrl.username = role;
  appUrl.password = password;
  app = createDatabase(appUrl.toString(), 2, { preparedStatements: false });
});
afterAll(async () => {
  await app?.$client.end();
  await owner?.$client.end();
  const admin = createDatabase(serverUrl, 1);
  await admin.$client.query(`drop database if exists ${name} with (force)`);
  await admin.$client.query(`drop role if exists ${role}`);
  await admin.$client.end();
});

const refusedCode = async (statement: string) =>
  app.$client.query(statement).then(
    () => 'done',
    (error: { code?: string }) => error.code,
  );

describe("the application's database role", () => {
  it('cannot update, delete, truncate or get past the access log’s trigger', async () => {
    await app.$client.query(
      `insert into access_log (user_id, kind, customer_ids, occurred_at) values (null, 'customer', '{1}', now() - interval '6 years')`,
    );
    expect(await refusedCode(`update access_log set kind = 'export'`)).toBe('42501');
    expect(await refusedCode('delete from access_log')).toBe('42501');
    expect(await refusedCode('truncate access_log')).toBe('42501');
    expect(await refusedCode('alter table access_log disable trigger access_log_append_only')).toBe('42501');
    expect(await refusedCode('drop trigger access_log_append_only on access_log')).toBe('42501');
    expect(await refusedCode(`set session_replication_role = replica`)).toBe('42501');
    expect(await refusedCode(`select pg_read_file('postgresql.conf')`)).toBe('42501');
    // Nor a purge of recent rows by its own word: the owner's function keeps at least a year.
    expect(await refusedCode(`select purge_access_log('1 day', 100)`)).toBe('42501');
  });

  it('reads and writes the data, enqueues jobs, and purges what is past the period through the function', async () => {
    const { rows } = await app.$client.query<{ n: number }>('select count(*)::int as n from customers');
    expect(rows[0]!.n).toBeGreaterThan(0);
    await app.$client.query(
      `update customers set updated_at = now() where id = (select min(id) from customers)`,
    );
    await app.$client.query(`insert into pgboss.job (name, data) values ('retention-purge', '{}')`);
    const purged = await app.$client.query<{ removed: number }>(
      `select purge_access_log('5 years', 100) as removed`,
    );
    expect(purged.rows[0]!.removed).toBeGreaterThanOrEqual(1);
  });

  it('stores and reads images, and cannot change one under its id (issue 36)', async () => {
    const png = '\\x89504e470d0a1a0a0000000d49484452';
    const { rows } = await app.$client.query<{ id: string }>(
      `insert into media (content_type, bytes, size, sha256) values ('image/png', '${png}', 16, 'app-role-test') returning id`,
    );
    const id = rows[0]!.id;
    const read = await app.$client.query<{ size: number }>(`select size from media where id = '${id}'`);
    expect(read.rows[0]!.size).toBe(16);
    expect(await refusedCode(`update media set content_type = 'image/gif' where id = '${id}'`)).toBe('42501');
    expect(await refusedCode('truncate media')).toBe('42501');
    expect(await refusedCode(`delete from media where id = '${id}'`)).toBe('done');
  });

  it('is the connection the app accepts; the owner’s is refused', async () => {
    expect(await ownerConnectionRefusal(app)).toBeUndefined();
    expect(await ownerConnectionRefusal(owner)).toMatch(/does not run as a superuser/);
  });
});
