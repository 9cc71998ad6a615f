import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { auditLog, rolePermissions, roles, users } from '../db/schema/index.js';
import { adminRoleName, CreateAdminRefused, createAdmin } from './create-admin.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.resolve(apiDir, '../node_modules/.bin/tsx');

/** The command as an operator runs it, with exactly the given environment. */
async function runCommand(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ['src/seed/create-admin.ts', ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/adminLogin', payload: { email, password } });

/** Everything the command could change. */
const snapshot = async () => ({
  users: await t.db.select().from(users).orderBy(asc(users.id)),
  roles: await t.db.select().from(roles).orderBy(asc(roles.id)),
  audit: await t.db.select({ count: sql<number>`count(*)::int` }).from(auditLog),
});

describe('createAdmin', () => {
  it('creates an administrator who signs in with the temporary password and must change it', async () => {
    const created = await createAdmin(t.db, { email: '  Boss@Example.com ', userName: 'Jana Nováková' });
    expect(created).toMatchObject({ email: 'Boss@Example.com', userName: 'Jana Nováková' });
    expect(created.temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);

    const [row] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({
      email: 'Boss@Example.com',
      mustChangePassword: true,
      isUserLoginActive: true,
    });
    expect(row?.passwordHash).not.toContain(created.temporaryPassword);
    const [adminRole] = await t.db.select().from(roles).where(eq(roles.name, adminRoleName));
    expect(row?.roleId).toBe(adminRole?.id);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(log.filter((l) => l.entity === 'user')).toMatchObject([
      { field: 'created', newValue: 'Boss@Example.com', changedBy: null },
    ]);

    const response = await signIn('boss@example.com', created.temporaryPassword);
    expect(response.statusCode).toBe(200);
    const adminPermissions = await t.db
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, adminRole?.id ?? 0));
    expect(response.json().user).toMatchObject({
      email: 'Boss@Example.com',
      userName: 'Jana Nováková',
      mustChangePassword: true,
      role: { name: 'Administrátor' },
    });
    expect(response.json().user.permissions).toEqual(adminPermissions.map((p) => p.permission).sort());
    expect(response.json().user.permissions).toContain('Users.Create');
  });

  it('names the user after the e-mail when no name is given', async () => {
    const created = await createAdmin(t.db, { email: 'second.admin@example.com' });
    expect(created.userName).toBe('second.admin');
  });

  it('refuses an e-mail a user already has, ignoring case, and changes nothing', async () => {
    const before = await snapshot();
    await expect(createAdmin(t.db, { email: demo.admin.toUpperCase() })).rejects.toThrow(
      new CreateAdminRefused(
        `A user with the e-mail ${demo.admin.toUpperCase()} already exists; nothing was changed.`,
      ),
    );
    expect(await snapshot()).toEqual(before);
    expect((await signIn(demo.admin, 'genodesk')).json().user.mustChangePassword).toBe(false);
  });

  it('refuses an invalid e-mail and a too long name, and changes nothing', async () => {
    const before = await snapshot();
    for (const email of ['not-an-email', '', 'a@b@example.com']) {
      const refusal = createAdmin(t.db, { email });
      await expect(refusal).rejects.toBeInstanceOf(CreateAdminRefused);
      await expect(refusal).rejects.toThrow('is not a valid e-mail address; nothing was changed.');
    }
    await expect(createAdmin(t.db, { email: 'long@example.com', userName: 'x'.repeat(101) })).rejects.toThrow(
      'The user name may have at most 100 characters; nothing was changed.',
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('npm run create-admin', () => {
  it('prints the e-mail and the temporary password once, which sign in', async () => {
    const result = await runCommand(['ops@example.com', 'Provozní', 'admin'], { DATABASE_URL: t.url });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Administrator Provozní admin created.');
    expect(result.stdout).toContain('e-mail:             ops@example.com');
    const password = /temporary password: (\S+)/.exec(result.stdout)?.[1] ?? '';
    expect(password).toHaveLength(12);
    const response = await signIn('ops@example.com', password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ userName: 'Provozní admin', mustChangePassword: true });
  });

  it('exits with 1 and a clear message when refusing', async () => {
    const withoutDatabase = await runCommand(['someone@example.com'], {});
    expect(withoutDatabase.code).toBe(1);
    expect(withoutDatabase.stderr).toContain('npm run create-admin needs DATABASE_URL');
    expect(withoutDatabase.stderr).toContain(
      '`npm start` without it runs an embedded database and seeds demo users',
    );

    const duplicate = await runCommand([demo.doctor], { DATABASE_URL: t.url });
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr.trim()).toBe(
      `A user with the e-mail ${demo.doctor} already exists; nothing was changed.`,
    );

    const missing = await runCommand([], { DATABASE_URL: t.url });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Usage: npm run create-admin -- <email> [user name]');
  });
});
