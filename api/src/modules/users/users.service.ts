import type {
  CreateUserRequest,
  EditUserRequest,
  Locale,
  Page,
  Permission,
  Qualification,
  User,
  UserListQuery,
} from '@genodesk/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { generateTemporaryPassword, hashPassword } from '../../auth/passwords.js';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import {
  alphabetical,
  contains,
  folded,
  likePattern,
  listPage,
  orderBy,
  pageLimit,
  pageStart,
} from '../../db/listing.js';
import { rolePermissions, roles, sessions, users } from '../../db/schema/index.js';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { audit, diff } from '../audit/audit.js';
import { type Client, recordSecurityEvent } from '../audit/security-log.js';
import { confirmPassword } from '../auth/service.js';
import { queueEmail } from '../messaging/outbox.js';
import { temporaryPasswordEmail } from './emails.js';
import { ensureKeyPermissionsHeld, lockKeyPermissionHolders } from './key-permissions.js';

type UsersDeps = { db: Database; jobs: Jobs };

/** The main doctor flag counts only for the role named Doctor (Lékař in Czech). */
export const isDoctorRole = (role: { name: string; nameCs: string; nameEn: string }) =>
  [role.name, role.nameCs, role.nameEn].some((n) => ['doctor', 'lékař'].includes(n.trim().toLowerCase()));

const roleName = (locale: Locale) => (locale === 'en' ? roles.nameEn : roles.nameCs);

function userColumns(locale: Locale) {
  return {
    id: users.id,
    email: users.email,
    userName: users.userName,
    roleId: roles.id,
    roleName: roleName(locale),
    color: users.color,
    isMainDoctor: users.isMainDoctor,
    qualification: users.qualification,
    licenceNumber: users.licenceNumber,
    phoneNumber: users.phoneNumber,
    lastLoginDate: users.lastLoginDate,
    isUserLoginActive: users.isUserLoginActive,
    mustChangePassword: users.mustChangePassword,
    createdAt: users.createdAt,
  };
}

type UserRow = {
  id: number;
  email: string;
  userName: string;
  roleId: number;
  roleName: string;
  color: number;
  isMainDoctor: boolean;
  qualification: Qualification;
  licenceNumber: string;
  phoneNumber: string | null;
  lastLoginDate: Date | null;
  isUserLoginActive: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
};

const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  userName: row.userName,
  role: { id: row.roleId, name: row.roleName },
  color: row.color,
  isMainDoctor: row.isMainDoctor,
  qualification: row.qualification,
  licenceNumber: row.licenceNumber,
  phoneNumber: row.phoneNumber,
  lastLoginDate: row.lastLoginDate?.toISOString() ?? null,
  isUserLoginActive: row.isUserLoginActive,
  mustChangePassword: row.mustChangePassword,
  createdAt: row.createdAt.toISOString(),
});

export async function listUsers(db: Executor, query: UserListQuery, locale: Locale): Promise<Page<User>> {
  const conditions: SQL[] = [];
  if (query.search)
    // Written as users_search_trgm_idx is built, so the index serves it.
    conditions.push(
      contains(folded(sql`${users.email} || ' ' || ${users.userName}`), likePattern(query.search)),
    );
  if (query.roleId) conditions.push(eq(users.roleId, query.roleId));
  if (query.active !== undefined) conditions.push(eq(users.isUserLoginActive, query.active));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = orderBy(
    query.sort,
    {
      email: sql`lower(${users.email})`,
      // Equal names (or a role's many users) come in an order a reader can follow: by name, then e-mail.
      userName: [alphabetical(users.userName), sql`lower(${users.email})`],
      role: [sql`${roleName(locale)}`, alphabetical(users.userName), sql`lower(${users.email})`],
      lastLoginDate: sql`${users.lastLoginDate}`,
      isUserLoginActive: sql`${users.isUserLoginActive}`,
      createdAt: sql`${users.createdAt}`,
    },
    'email',
    sql`${users.id}`,
  );
  const rows = await db
    .select(userColumns(locale))
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  const matches = db.select({ one: sql`1` }).from(users).where(where);
  return listPage(db, query, rows.map(toUser), matches);
}

export async function getUser(db: Executor, id: number, locale: Locale): Promise<User> {
  const [row] = await db
    .select(userColumns(locale))
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id));
  if (!row) throw notFound();
  return toUser(row);
}

async function roleOrFail(db: Executor, roleId: number) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw unprocessable('invalidValue', 'RoleId');
  return role;
}

/** How long an e-mailed temporary password works. */
export const temporaryPasswordHours = 24;
const temporaryPasswordExpiry = () => new Date(Date.now() + temporaryPasswordHours * 3_600_000);

/**
 * A role may be given only by someone who holds every permission it grants: Users.Edit alone must
 * not make its holder (or an accomplice) an administrator.
 */
async function ensureMayGrant(db: Executor, by: Principal, roleId: number) {
  const granted = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  if (granted.some((g) => !by.permissions.has(g.permission as Permission)))
    throw new AppError(403, 'ROLE_BEYOND_OWN', 'roleBeyondOwnPermissions', {
      RoleId: 'roleBeyondOwnPermissions',
    });
}

/**
 * Another user's password, factors, sign-ins, activity and role are managed only by someone who holds
 * every permission that user's role grants: a Users.Edit holder must not take over an administrator
 * (reset the password, then the second factor).
 */
export async function ensureMayManage(db: Executor, by: Principal, userId: number) {
  const held = await db
    .select({ permission: rolePermissions.permission })
    .from(users)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, users.roleId))
    .where(eq(users.id, userId));
  if (held.some((h) => !by.permissions.has(h.permission as Permission)))
    throw new AppError(403, 'USER_BEYOND_OWN', 'userBeyondOwnPermissions');
}

async function ensureEmailFree(db: Executor, email: string, exceptUserId?: number) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (existing && existing.id !== exceptUserId) throw conflict('duplicateUserEmail', 'Email');
}

/** A unique violation on the e-mail (two creations racing) answers like the check before it. */
export function asDuplicateEmail(error: unknown): never {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code === '23505' && cause.constraint === 'users_email_lower_key')
    throw conflict('duplicateUserEmail', 'Email');
  throw error;
}

export async function createUser(deps: UsersDeps, by: Principal, input: CreateUserRequest, locale: Locale) {
  const email = input.Email.trim();
  const role = await roleOrFail(deps.db, Number(input.RoleId));
  await ensureMayGrant(deps.db, by, role.id);
  const isMainDoctor = input.IsMainDoctor ?? false;
  if (isMainDoctor && !isDoctorRole(role)) throw unprocessable('mainDoctorOnlyForDoctor', 'IsMainDoctor');
  await ensureEmailFree(deps.db, email);
  const temporaryPassword = generateTemporaryPassword();
  const expiresAt = temporaryPasswordExpiry();
  const passwordHash = await hashPassword(temporaryPassword);
  const id = await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        userName: input.UserName?.trim() || email.split('@')[0] || email,
        phoneNumber: input.PhoneNumber?.trim() || null,
        passwordHash,
        roleId: role.id,
        color: Number(input.Color ?? 1),
        isMainDoctor,
        qualification: input.Qualification ?? 'none',
        licenceNumber: input.Qualification === 'physician' ? (input.LicenceNumber ?? '').trim() : '',
        mustChangePassword: true,
        temporaryPasswordExpiresAt: expiresAt,
      })
      .returning({ id: users.id })
      .catch(asDuplicateEmail);
    if (!row) throw new Error('user insert returned nothing');
    await audit(tx, {
      entity: 'user',
      entityId: row.id,
      changedBy: by.id,
      changes: [{ field: 'created', oldValue: null, newValue: email }],
    });
    await queueEmail(tx, deps.jobs, temporaryPasswordEmail(email, temporaryPassword, 'created', expiresAt));
    return row.id;
  });
  return { user: await getUser(deps.db, id, locale), temporaryPassword };
}

export async function editUser(deps: UsersDeps, by: Principal, input: EditUserRequest, locale: Locale) {
  const userId = Number(input.UserId);
  const role = await roleOrFail(deps.db, Number(input.RoleId));
  if (input.IsMainDoctor && !isDoctorRole(role))
    throw unprocessable('mainDoctorOnlyForDoctor', 'IsMainDoctor');
  await transaction(deps.db, async (tx) => {
    await lockKeyPermissionHolders(tx);
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw notFound();
    await ensureMayManage(tx, by, userId);
    if (role.id !== before.roleId) {
      if (userId === by.id)
        throw new AppError(403, 'OWN_ROLE', 'ownRoleUnchangeable', { RoleId: 'ownRoleUnchangeable' });
      await ensureMayGrant(tx, by, role.id);
    }
    const qualification = input.Qualification ?? before.qualification;
    // A qualification decides who signs reports off: nobody gives one to themselves.
    if (userId === by.id && qualification !== before.qualification)
      throw new AppError(403, 'OWN_QUALIFICATION', 'ownQualificationUnchangeable', {
        Qualification: 'ownQualificationUnchangeable',
      });
    const after = {
      roleId: role.id,
      color: Number(input.Color),
      isMainDoctor: input.IsMainDoctor,
      qualification,
      licenceNumber:
        qualification === 'physician' ? (input.LicenceNumber ?? before.licenceNumber).trim() : '',
      ...(input.UserName !== undefined ? { userName: input.UserName.trim() } : {}),
      ...(input.PhoneNumber !== undefined ? { phoneNumber: input.PhoneNumber?.trim() || null } : {}),
    };
    await tx
      .update(users)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (role.id !== before.roleId) await ensureKeyPermissionsHeld(tx, locale, 'RoleId');
    await audit(tx, {
      entity: 'user',
      entityId: userId,
      changedBy: by.id,
      changes: diff(before, after, [
        'roleId',
        'color',
        'isMainDoctor',
        'qualification',
        'licenceNumber',
        'userName',
        'phoneNumber',
      ]),
    });
  });
  return getUser(deps.db, userId, locale);
}

/** Gives the user a temporary password they must replace at the next sign-in; their sign-ins end. */
export async function markReset(
  deps: UsersDeps,
  by: Principal,
  userId: number,
  locale: Locale,
  client: Client | null = null,
) {
  const temporaryPassword = generateTemporaryPassword();
  const expiresAt = temporaryPasswordExpiry();
  const passwordHash = await hashPassword(temporaryPassword);
  await transaction(deps.db, async (tx) => {
    await ensureMayManage(tx, by, userId);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: true,
        temporaryPasswordExpiresAt: expiresAt,
        demoPassword: false,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!user) throw notFound();
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password reset' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await audit(tx, {
      entity: 'user',
      entityId: userId,
      changedBy: by.id,
      changes: [{ field: 'passwordReset', oldValue: null, newValue: 'temporary password issued' }],
    });
    await recordSecurityEvent(tx, { event: 'passwordReset', userId, actorId: by.id, client });
    await queueEmail(
      tx,
      deps.jobs,
      temporaryPasswordEmail(user.email, temporaryPassword, 'reset', expiresAt),
    );
  });
  return { user: await getUser(deps.db, userId, locale), temporaryPassword };
}

/** `POST admin/users/signout`: ends every sign-in of the user (a lost laptop, a left job); audited. */
export async function signOutEverywhere(
  deps: UsersDeps,
  by: Principal,
  userId: number,
  client: Client | null = null,
) {
  return transaction(deps.db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    await ensureMayManage(tx, by, userId);
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'signed out by an administrator' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await audit(tx, {
      entity: 'user',
      entityId: userId,
      changedBy: by.id,
      changes: [{ field: 'signedOutEverywhere', oldValue: null, newValue: String(ended.length) }],
    });
    await recordSecurityEvent(tx, { event: 'signedOutEverywhere', userId, actorId: by.id, client });
    return { ended: ended.length };
  });
}

export async function setActive(
  deps: UsersDeps,
  by: Principal,
  userId: number,
  active: boolean,
  locale: Locale,
) {
  if (userId === by.id && !active) throw new AppError(422, 'RULE_BROKEN', 'cannotDeactivateSelf');
  await transaction(deps.db, async (tx) => {
    await lockKeyPermissionHolders(tx);
    await ensureMayManage(tx, by, userId);
    const [before] = await tx
      .select({ active: users.isUserLoginActive })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw notFound();
    await tx
      .update(users)
      .set({ isUserLoginActive: active, updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (!active) {
      await ensureKeyPermissionsHeld(tx, locale);
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'deactivated' })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    }
    await audit(tx, {
      entity: 'user',
      entityId: userId,
      changedBy: by.id,
      changes: [{ field: 'isUserLoginActive', oldValue: before.active, newValue: active }],
    });
  });
  return getUser(deps.db, userId, locale);
}

/**
 * The caller's own e-mail, phone and colour. A new e-mail (not merely another case of it) needs the
 * caller's password, checked before anything else is said about the address.
 */
export async function changeOwnDetails(
  db: Database,
  principal: Principal,
  input: { Email: string; PhoneNumber?: string | null; Color: number; CurrentPassword?: string },
  client: Client,
) {
  const email = input.Email.trim();
  // 422 on `CurrentPassword` when missing or wrong; counted and logged like every password confirmation.
  if (email.toLowerCase() !== principal.email.toLowerCase())
    await confirmPassword(db, principal, input.CurrentPassword, {
      purpose: 'emailChange',
      field: 'CurrentPassword',
      missing: 'currentPasswordRequired',
      client,
    });
  await ensureEmailFree(db, email, principal.id);
  await transaction(db, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, principal.id)).for('update');
    if (!before) throw notFound();
    const after = { email, phoneNumber: input.PhoneNumber?.trim() || null, color: Number(input.Color) };
    await tx
      .update(users)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(users.id, principal.id))
      .catch(asDuplicateEmail);
    await audit(tx, {
      entity: 'user',
      entityId: principal.id,
      changedBy: principal.id,
      changes: diff(before, after, ['email', 'phoneNumber', 'color']),
    });
  });
}
