import {
  allPermissions,
  isPermission,
  type Locale,
  type Permission,
  type PermissionItem,
  permissionLabels,
  type Role,
  type RoleSummary,
} from '@genodesk/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { rolePermissions, roles, sessions, users } from '../../db/schema/index.js';
import { AppError, notFound, unprocessable } from '../../http/errors.js';
import { audit } from '../audit/audit.js';
import { ensureKeyPermissionsHeld, lockKeyPermissionHolders } from './key-permissions.js';

const permissionItem = (name: Permission, locale: Locale): PermissionItem => ({
  name,
  label: permissionLabels[name][locale],
});

export const permissionCatalogue = (locale: Locale): PermissionItem[] =>
  allPermissions.map((p) => permissionItem(p, locale));

export async function listRoles(db: Database, locale: Locale): Promise<RoleSummary[]> {
  const name = locale === 'en' ? roles.nameEn : roles.nameCs;
  return db
    .select({
      id: roles.id,
      name,
      permissionCount: sql<number>`(select count(*)::int from role_permissions rp where rp.role_id = roles.id)`,
      userCount: sql<number>`(select count(*)::int from users u where u.role_id = roles.id)`,
      requiresTwoFactor: roles.requiresTwoFactor,
    })
    .from(roles)
    .orderBy(asc(roles.id));
}

export async function getRole(db: Database, id: number, locale: Locale): Promise<Role> {
  const [role] = await db.select().from(roles).where(eq(roles.id, id));
  if (!role) throw notFound();
  const granted = new Set(
    (
      await db
        .select({ p: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, id))
    ).map((r) => r.p),
  );
  return {
    id: role.id,
    name: locale === 'en' ? role.nameEn : role.nameCs,
    requiresTwoFactor: role.requiresTwoFactor,
    permissions: allPermissions.filter((p) => granted.has(p)).map((p) => permissionItem(p, locale)),
  };
}

/** Nobody changes what they may do themselves (ASVS 8.2): another administrator does. */
function ensureNotOwnRole(by: Principal, roleId: number) {
  if (roleId === by.role.id) throw unprocessable('ownRolePermissionsUnchangeable');
}

/**
 * Locks the role and refuses a caller who lacks any of its permissions: a role with Roles.Edit alone
 * must not weaken the Admin role (its second factor, its permissions).
 */
async function lockRoleWithin(tx: Executor, by: Principal, roleId: number) {
  const [role] = await tx
    .select({ id: roles.id, requiresTwoFactor: roles.requiresTwoFactor })
    .from(roles)
    .where(eq(roles.id, roleId))
    .for('update');
  if (!role) throw notFound();
  const granted = await tx
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  if (granted.some((g) => !by.permissions.has(g.permission as Permission)))
    throw new AppError(403, 'ROLE_BEYOND_OWN', 'roleChangeBeyondOwnPermissions');
  return role;
}

/** `PUT admin/roles/twofactor`: whether the role's users sign in with a second factor; audited. */
export async function setRoleTwoFactor(
  db: Database,
  by: Principal,
  roleId: number,
  required: boolean,
  locale: Locale,
) {
  ensureNotOwnRole(by, roleId);
  await transaction(db, async (tx) => {
    const role = await lockRoleWithin(tx, by, roleId);
    await tx.update(roles).set({ requiresTwoFactor: required }).where(eq(roles.id, roleId));
    // A sign-in made without a second factor must not outlive the rule that now asks for one.
    const ended =
      required && !role.requiresTwoFactor
        ? await tx
            .update(sessions)
            .set({ revokedAt: new Date(), revokedReason: 'role now requires a second factor' })
            .where(
              and(
                isNull(sessions.revokedAt),
                inArray(
                  sessions.userId,
                  tx.select({ id: users.id }).from(users).where(eq(users.roleId, roleId)),
                ),
              ),
            )
            .returning({ id: sessions.id })
        : [];
    await audit(tx, {
      entity: 'role',
      entityId: roleId,
      changedBy: by.id,
      changes: [
        { field: 'requiresTwoFactor', oldValue: role.requiresTwoFactor, newValue: required },
        ...(ended.length ? [{ field: 'signInsEnded', oldValue: null, newValue: String(ended.length) }] : []),
      ],
    });
  });
  return getRole(db, roleId, locale);
}

function knownPermission(value: string): Permission {
  if (!isPermission(value)) throw unprocessable('unknownPermission', 'Permission');
  return value;
}

export async function addPermission(
  db: Database,
  by: Principal,
  roleId: number,
  value: string,
  locale: Locale,
) {
  const permission = knownPermission(value);
  ensureNotOwnRole(by, roleId);
  if (!by.permissions.has(permission)) throw unprocessable('permissionBeyondOwn', 'Permission');
  await transaction(db, async (tx) => {
    await lockRoleWithin(tx, by, roleId);
    const added = await tx
      .insert(rolePermissions)
      .values({ roleId, permission })
      .onConflictDoNothing()
      .returning();
    if (added.length)
      await audit(tx, {
        entity: 'role',
        entityId: roleId,
        changedBy: by.id,
        changes: [{ field: 'permission', oldValue: null, newValue: permission }],
      });
  });
  return getRole(db, roleId, locale);
}

export async function removePermission(
  db: Database,
  by: Principal,
  roleId: number,
  value: string,
  locale: Locale,
) {
  const permission = knownPermission(value);
  ensureNotOwnRole(by, roleId);
  await transaction(db, async (tx) => {
    await lockKeyPermissionHolders(tx);
    await lockRoleWithin(tx, by, roleId);
    const removed = await tx
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permission, permission)))
      .returning();
    await ensureKeyPermissionsHeld(tx, locale, 'Permission');
    if (removed.length)
      await audit(tx, {
        entity: 'role',
        entityId: roleId,
        changedBy: by.id,
        changes: [{ field: 'permission', oldValue: permission, newValue: null }],
      });
  });
  return getRole(db, roleId, locale);
}
