import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { auditLog, roles } from '../../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;
let doctorRole: number;
let adminRole: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  const all = await t.db.select().from(roles);
  doctorRole = all.find((r) => r.name === 'Doctor')!.id;
  adminRole = all.find((r) => r.name === 'Admin')!.id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

describe('roles', () => {
  it('lists the four roles with localized names and counts', async () => {
    const cs = (await get('/api/admin/roles')).json();
    expect(cs.map((r: { name: string }) => r.name)).toEqual([
      'Administrátor',
      'Lékař',
      'Laboratoř',
      'Recepce',
    ]);
    const en = (await get('/api/admin/roles?locale=en')).json();
    expect(en.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Doctor', 'Laboratory', 'Reception']);
    expect(en[0]).toMatchObject({ permissionCount: 37, userCount: 1 });
  });

  it('shows a role with its permissions and every permission with its label in both languages', async () => {
    const role = (await get(`/api/admin/roles/role?Id=${doctorRole}&locale=en`)).json();
    expect(role.name).toBe('Doctor');
    expect(role.permissions).toContainEqual({ name: 'Products.Edit', label: 'Customer reports – edit' });
    const catalogue = (await get('/api/admin/roles/getpermissions?locale=cs')).json();
    expect(catalogue).toHaveLength(37);
    expect(catalogue).toContainEqual({ name: 'Users.Create', label: 'Uživatelé – vytvořit' });
    expect((await get('/api/admin/roles/role?Id=9999')).statusCode).toBe(404);
  });

  it('adds and removes one permission at a time, audited, and the holder sees it at the next call', async () => {
    const doctor = await t.authAs(demo.doctor);
    const before = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: doctor })).json();
    expect(before.permissions).not.toContain('Barcodes.View');

    const added = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/roles/addpermission',
      payload: { RoleId: doctorRole, Permission: 'Barcodes.View' },
      headers: admin,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().permissions.map((p: { name: string }) => p.name)).toContain('Barcodes.View');
    const after = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: doctor })).json();
    expect(after.permissions).toContain('Barcodes.View');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/roles/removepermission?roleId=${doctorRole}&permission=Barcodes.View`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().permissions.map((p: { name: string }) => p.name)).not.toContain('Barcodes.View');

    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, doctorRole));
    expect(trail.filter((a) => a.entity === 'role').map((a) => [a.oldValue, a.newValue])).toEqual([
      [null, 'Barcodes.View'],
      ['Barcodes.View', null],
    ]);
  });

  it('refuses an unknown permission and an unknown role, changing nothing', async () => {
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/roles/addpermission',
      payload: { RoleId: doctorRole, Permission: 'Everything.Forever' },
      headers: admin,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe('Neznámé oprávnění!');
    const missingRole = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/roles/addpermission',
      payload: { RoleId: 9999, Permission: 'Users.View' },
      headers: admin,
    });
    expect(missingRole.statusCode).toBe(404);
  });

  it('does not let an editor take from their own role what lets them edit roles', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/roles/removepermission?RoleId=${adminRole}&Permission=Roles.Edit`,
      headers: admin,
    });
    expect(response.statusCode).toBe(422);
    const role = (await get(`/api/admin/roles/role?Id=${adminRole}`)).json();
    expect(role.permissions.map((p: { name: string }) => p.name)).toContain('Roles.Edit');
  });
});
