import { allPermissions } from '@genodesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import type { Principal } from '../../auth/principal.js';
import { rolePermissions, roles, users } from '../../db/schema/index.js';
import { removePermission } from './roles.service.js';

let t: TestApp;
let roleOf: Record<string, number>;

beforeAll(async () => {
  t = await testApp();
  roleOf = Object.fromEntries((await t.db.select().from(roles)).map((r) => [r.name, r.id]));
});
afterAll(() => t.close());

const permissionsOf = async (roleId: number) =>
  (await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map(
    (r) => r.permission,
  );

describe('role management within what one holds (issue 36)', () => {
  it('a Laboratory role given Roles.Edit cannot weaken the Admin role: not its second factor, not its permissions', async () => {
    await t.db.insert(rolePermissions).values({ roleId: roleOf.Laboratory!, permission: 'Roles.Edit' });
    const lab = await t.authAs(demo.lab);
    const before = await permissionsOf(roleOf.Admin!);
    for (const [method, url, payload] of [
      ['PUT', '/api/admin/roles/twofactor', { RoleId: roleOf.Admin, Required: false }],
      ['DELETE', `/api/admin/roles/removepermission?RoleId=${roleOf.Admin}&Permission=Users.Edit`, undefined],
      ['DELETE', `/api/admin/roles/removepermission?RoleId=${roleOf.Admin}&Permission=Roles.Edit`, undefined],
      ['PUT', '/api/admin/roles/addpermission', { RoleId: roleOf.Admin, Permission: 'Barcodes.View' }],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { ...lab, 'accept-language': 'en' },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.message).toBe(
        'You cannot change this role: it has permissions you do not hold yourself.',
      );
    }
    expect(await permissionsOf(roleOf.Admin!)).toEqual(before);
    // Its own scope still works: a role whose permissions it holds all of.
    const reception = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/roles/twofactor',
      payload: { RoleId: roleOf.Doctor, Required: false },
      headers: lab,
    });
    expect(reception.statusCode).toBe(403);
  });

  it("switching a role's second factor on ends its users' sign-ins, which were made without one", async () => {
    const reception = await t.authAs(demo.reception);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: reception })).statusCode,
    ).toBe(200);
    const admin = await t.authAs(demo.admin);
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/roles/twofactor',
      payload: { RoleId: roleOf.Reception, Required: true },
      headers: admin,
    });
    expect(switched.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: reception })).statusCode,
    ).toBe(401);
    // The administrator's own sign-in (another role) goes on.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: admin })).statusCode).toBe(
      200,
    );
  });

  it('two holders taking Users.Edit from each other at once leave one of them holding it', async () => {
    // Only the doctor's and the lab's roles hold everything; the administrator is inactive.
    for (const role of [roleOf.Doctor!, roleOf.Laboratory!])
      await t.db
        .insert(rolePermissions)
        .values(allPermissions.map((permission) => ({ roleId: role, permission })))
        .onConflictDoNothing();
    await t.db.update(roles).set({ requiresTwoFactor: false });
    await t.db.update(users).set({ isUserLoginActive: false }).where(eq(users.email, demo.admin));
    await t.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.permission, 'Users.Edit'),
          inArray(rolePermissions.roleId, [roleOf.Admin!, roleOf.Reception!]),
        ),
      );
    // Both callers were authorised with Users.Edit in hand (their requests began before either change).
    const principalOf = async (email: string, role: string) => {
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return {
        id: user!.id,
        role: { id: roleOf[role]! },
        permissions: new Set(allPermissions),
      } as unknown as Principal;
    };
    const doctor = await principalOf(demo.doctor, 'Doctor');
    const lab = await principalOf(demo.lab, 'Laboratory');

    const outcomes = await Promise.allSettled([
      removePermission(t.db, doctor, roleOf.Laboratory!, 'Users.Edit', 'en'),
      removePermission(t.db, lab, roleOf.Doctor!, 'Users.Edit', 'en'),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ statusCode: 422, messageKey: 'lastKeyPermissionHolder' });
    const holders = await t.db
      .select({ roleId: rolePermissions.roleId })
      .from(rolePermissions)
      .where(
        and(
          eq(rolePermissions.permission, 'Users.Edit'),
          inArray(rolePermissions.roleId, [roleOf.Doctor!, roleOf.Laboratory!]),
        ),
      );
    expect(holders).toHaveLength(1);
  });
});
