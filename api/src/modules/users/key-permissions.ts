import { type Locale, Permissions, permissionLabels } from '@genodesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rolePermissions, users } from '../../db/schema/index.js';
import { unprocessable } from '../../http/errors.js';

/** The permissions that manage users and roles: without an active holder nobody could give them back. */
const keyPermissions = [Permissions.UsersEdit, Permissions.RolesEdit] as const;

/**
 * Serialises the changes that can take a key permission from its last holder (a role losing it, a
 * user moved to another role or deactivated), so two of them at once cannot both pass the check below.
 */
export async function lockKeyPermissionHolders(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('genodesk:key-permission-holders'))`);
}

/** After such a change (in its transaction): refused when an active user no longer holds one of them. */
export async function ensureKeyPermissionsHeld(tx: Executor, locale: Locale, field?: string): Promise<void> {
  const held = await tx
    .selectDistinct({ permission: rolePermissions.permission })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .where(and(eq(users.isUserLoginActive, true), inArray(rolePermissions.permission, [...keyPermissions])));
  const holders = new Set(held.map((h) => h.permission));
  const lost = keyPermissions.find((p) => !holders.has(p));
  if (lost)
    throw unprocessable('lastKeyPermissionHolder', field, { permission: permissionLabels[lost][locale] });
}
