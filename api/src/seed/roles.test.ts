import { Permissions } from '@genodesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import { appSettings, rolePermissions, roles } from '../db/schema/index.js';
import { ensureBaseRoles } from './roles.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const adminHolds = async (permission: string) => {
  const rows = await t.db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(roles.name, 'Admin'), eq(rolePermissions.permission, permission)));
  return rows.length === 1;
};

const takeFromAdmin = async (permission: string) => {
  const [admin] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Admin'));
  await t.db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleId, admin!.id), eq(rolePermissions.permission, permission)));
};

it('a new database gives administrators the access log', async () => {
  expect(await adminHolds(Permissions.AccessLogView)).toBe(true);
});

it('an existing database gets a later permission once, and an administrator may take it away for good', async () => {
  // A database from before the access log: Admin without it and the grant never made.
  await takeFromAdmin(Permissions.AccessLogView);
  await t.db.delete(appSettings).where(eq(appSettings.key, `grant:${Permissions.AccessLogView}`));

  await ensureBaseRoles(t.db);
  expect(await adminHolds(Permissions.AccessLogView)).toBe(true);

  await takeFromAdmin(Permissions.AccessLogView);
  await ensureBaseRoles(t.db);
  expect(await adminHolds(Permissions.AccessLogView)).toBe(false);
});
