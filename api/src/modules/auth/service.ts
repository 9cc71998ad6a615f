import { normalizeIP } from '@fastify/rate-limit';
import {
  type AuthUser,
  type CurrentUser,
  type Locale,
  type MessageKey,
  type Permission,
  Permissions,
  type StaffSession,
} from '@genodesk/contract';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { signInStepOf } from '../../auth/access.js';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '../../auth/passwords.js';
import { liveSessionSql, type Principal, roleDisplayName, sessionLimitsOf } from '../../auth/principal.js';
import { hashRefreshToken, newRefreshToken, refreshTokenDays, type TokenSigner } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import {
  loginFailures,
  passkeys,
  recoveryCodes,
  refreshTokens,
  rolePermissions,
  sessions,
  users,
  userTotp,
} from '../../db/schema/index.js';
import { AppError, notFound, unprocessable } from '../../http/errors.js';
import { signInFailures, signInLockouts } from '../../observability/metrics.js';
import { type Client, recordSecurityEvent } from '../audit/security-log.js';

/**
 * Failed sign-ins in the window (issue 36: a lock-out an attacker cannot aim). Only an account and an
 * address together are locked (`perAccountAndAddress` failures); beyond `accountFree` failures on an
 * account from anywhere, or `addressFree` from an address on any account, each further attempt waits
 * a delay that doubles up to `maxDelaySeconds` — slower, never shut. Wrong passwords from elsewhere do
 * not slow down an account with a second factor at all (the password alone opens nothing). An address
 * failing on `sprayAccounts` accounts is flagged in the security log as password spraying.
 */
export const loginThrottle = {
  windowMinutes: 15,
  perAccountAndAddress: 5,
  accountFree: 5,
  addressFree: 30,
  maxDelaySeconds: 60,
  sprayAccounts: 10,
};

/** Why an attempt is not even checked: the account locked from this address, or a delay still running. */
export type SignInThrottle = { kind: 'locked' | 'delayed'; retryAfterSeconds: number };

const delaySeconds = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(2 ** (failures - free), loginThrottle.maxDelaySeconds);

/** The refusal of a throttled attempt: 429, a lock (`TOO_MANY_ATTEMPTS`) or a delay (`SIGN_IN_DELAYED`). */
export function throttleRefusal(throttle: SignInThrottle): AppError {
  return throttle.kind === 'locked'
    ? new AppError(429, 'TOO_MANY_ATTEMPTS', 'tooManyAttempts')
    : new AppError(429, 'SIGN_IN_DELAYED', 'signInDelayed', undefined, {
        seconds: throttle.retryAfterSeconds,
      });
}

export type AuthDeps = {
  db: Database;
  signer: TokenSigner;
  config: Pick<Config, 'idleTimeoutMs' | 'idleCountdownMs' | 'sessionMaxHours'>;
};

/** A principal's permissions in order, sorted once per principal (each node keeps it between requests). */
const sortedPermissions = new WeakMap<Principal, Permission[]>();
const permissionsInOrder = (principal: Principal) => {
  let sorted = sortedPermissions.get(principal);
  if (!sorted) {
    sorted = [...principal.permissions].sort();
    sortedPermissions.set(principal, sorted);
  }
  return sorted;
};

export function currentUser(principal: Principal, locale: Locale): CurrentUser {
  return {
    id: principal.id,
    email: principal.email,
    userName: principal.userName,
    role: { id: principal.role.id, name: roleDisplayName(principal.role, locale) },
    permissions: permissionsInOrder(principal),
    color: principal.color,
    isMainDoctor: principal.isMainDoctor,
    qualification: principal.qualification,
    phoneNumber: principal.phoneNumber,
    mustChangePassword: principal.mustChangePassword,
    secondFactor: signInStepOf(principal) === 'enrolment' ? 'enrol' : null,
  };
}

/**
 * `GET auth/user` and the sign-in's answer. While the second factor is owed, only what its screen
 * needs: who is signing in and which factors they hold — the password alone shows no role,
 * permissions or phone.
 */
export async function authUser(db: Executor, principal: Principal, locale: Locale): Promise<AuthUser> {
  if (signInStepOf(principal) !== 'secondFactor') return currentUser(principal, locale);
  const { rows } = await db.execute<{ totp: boolean; passkeys: boolean; recovery: boolean }>(
    sql`select exists (select from ${userTotp} where ${userTotp.userId} = ${principal.id} and ${userTotp.confirmedAt} is not null) as totp,
      exists (select from ${passkeys} where ${passkeys.userId} = ${principal.id}) as passkeys,
      exists (select from ${recoveryCodes} where ${recoveryCodes.userId} = ${principal.id} and ${recoveryCodes.usedAt} is null) as recovery`,
  );
  const factors = rows[0];
  return {
    email: principal.email,
    userName: principal.userName,
    secondFactor: 'verify',
    factors: {
      totp: Boolean(factors?.totp),
      passkeys: Boolean(factors?.passkeys),
      recoveryCodes: Boolean(factors?.recovery),
    },
  };
}

async function issueTokens(tx: Tx, signer: TokenSigner, userId: number, sessionId: string) {
  const refresh = newRefreshToken();
  await tx.insert(refreshTokens).values({
    sessionId,
    tokenHash: refresh.hash,
    expiresAt: new Date(Date.now() + refreshTokenDays * 24 * 3600 * 1000),
  });
  return { token: await signer.sign({ userId, sessionId }), refreshToken: refresh.token };
}

/** A user's confirmed authenticator app and passkeys, counted together. */
export async function secondFactorCount(db: Executor, userId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select (select count(*) from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)
      + (select count(*) from ${passkeys} where ${passkeys.userId} = ${userId}) as n`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Counts a sign-in attempt (a password, or a second factor's code) before it is checked, unless it is
 * throttled (`loginThrottle`), which it then says. Attempts on one account or address take turns on a
 * lock, so a burst sent at once is limited exactly like one sent in turn; a finished sign-in clears
 * the account's count.
 */
export async function countSignInAttempt(
  db: Database,
  email: string,
  from: string,
  account: { secondFactor: boolean; userId?: number | null; client?: Client },
): Promise<SignInThrottle | null> {
  // An IPv6 address counts as its /64, like the rate limits: one machine usually holds a whole /64.
  const address = normalizeIP(from);
  return transaction(db, async (tx) => {
    // Always the account's lock first, then the address's: two attempts never wait on each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in account ${email}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in address ${address}`}))`);
    const since = sql`now() - make_interval(mins => ${loginThrottle.windowMinutes})`;
    const { rows } = await tx.execute<{
      pair: number;
      account: number;
      account_wait: number;
      address: number;
      address_wait: number;
      accounts: number;
    }>(sql`
      with recent as (
        select ${loginFailures.email} as email, ${loginFailures.address} as address, ${loginFailures.failedAt} as at
          from ${loginFailures}
         where (${loginFailures.email} = ${email} or ${loginFailures.address} = ${address}) and ${loginFailures.failedAt} > ${since})
      select count(*) filter (where email = ${email} and address = ${address})::int as pair,
             count(*) filter (where email = ${email} and (${!account.secondFactor} or address = ${address}))::int as account,
             coalesce(extract(epoch from now() - max(at) filter (where email = ${email} and (${!account.secondFactor} or address = ${address}))), 0)::float8 as account_wait,
             count(*) filter (where address = ${address})::int as address,
             coalesce(extract(epoch from now() - max(at) filter (where address = ${address})), 0)::float8 as address_wait,
             count(distinct email) filter (where address = ${address})::int as accounts
        from recent`);
    const seen = rows[0]!;
    if (seen.pair >= loginThrottle.perAccountAndAddress)
      return { kind: 'locked' as const, retryAfterSeconds: loginThrottle.windowMinutes * 60 };
    const wait = Math.max(
      delaySeconds(seen.account, loginThrottle.accountFree) - seen.account_wait,
      delaySeconds(seen.address, loginThrottle.addressFree) - seen.address_wait,
    );
    if (wait > 0) return { kind: 'delayed' as const, retryAfterSeconds: Math.ceil(wait) };
    await tx.insert(loginFailures).values({ email, address });
    // Said once per window and address: when its failures first reach that many accounts.
    if (seen.pair === 0 && seen.accounts + 1 === loginThrottle.sprayAccounts && account.client)
      await recordSecurityEvent(tx, {
        event: 'passwordSpraying',
        userId: null,
        client: account.client,
        detail: `${loginThrottle.sprayAccounts} accounts`,
      });
    return null;
  });
}

/**
 * A finished sign-in clears the account's failures from its own address: those from elsewhere (an
 * attacker's) keep their lock there, and their delay runs out by itself.
 */
export async function clearSignInFailures(db: Executor, email: string, from: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), eq(loginFailures.address, normalizeIP(from))));
}

/** What a signed-in user confirmed with the password, as the security log names it. */
export type PasswordConfirmation =
  | 'emailChange'
  | 'passwordChange'
  | 'totpEnrolment'
  | 'passkeyEnrolment'
  | 'totpRemoval'
  | 'passkeyRemoval'
  | 'recoveryCodes'
  | 'customerErasure';

/**
 * A signed-in user proves it is them with their password (a new e-mail or password, adding or
 * removing a second factor, new recovery codes). The attempt is counted with the account's failed
 * sign-ins before it is checked, so a stolen sign-in cannot guess the password faster than the
 * sign-in screen could, and guessing locks the account's sign-ins too; a wrong one goes to the
 * security log. A right one clears the account's count, as a finished sign-in does. Refusals: 422 on
 * `field` (missing or wrong), 429 TOO_MANY_ATTEMPTS past the limit.
 */
export async function confirmPassword(
  db: Database,
  principal: Principal,
  password: string | undefined,
  check: {
    purpose: PasswordConfirmation;
    field: string;
    client: Client;
    missing?: MessageKey;
    wrong?: MessageKey;
  },
): Promise<void> {
  const { purpose, field, client } = check;
  if (!password) throw unprocessable(check.missing ?? 'required', field);
  const email = principal.email.toLowerCase();
  const throttle = await countSignInAttempt(db, email, client.address, {
    secondFactor: principal.hasSecondFactor,
    userId: principal.id,
    client,
  });
  if (throttle) {
    if (throttle.kind === 'locked')
      await recordSecurityEvent(db, { event: 'lockedOut', userId: principal.id, client, detail: purpose });
    throw throttleRefusal(throttle);
  }
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, principal.id));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await recordSecurityEvent(db, {
      event: 'passwordConfirmationRefused',
      userId: principal.id,
      client,
      detail: purpose,
    });
    throw unprocessable(check.wrong ?? 'wrongPassword', field);
  }
  await clearSignInFailures(db, email, client.address);
}

export async function login(deps: AuthDeps, input: { email: string; password: string }, client: Client) {
  const { address } = client;
  const email = input.email.trim().toLowerCase();
  const [user] = await deps.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  const refuse = async (error: AppError, event: 'signInRefused' | 'lockedOut' = 'signInRefused') => {
    signInFailures.inc({ reason: error.code });
    if (event === 'lockedOut') signInLockouts.inc();
    await recordSecurityEvent(deps.db, { event, userId: user?.id ?? null, client, detail: error.code });
    return error;
  };
  const throttle = await countSignInAttempt(deps.db, email, address, {
    secondFactor: user ? (await secondFactorCount(deps.db, user.id)) > 0 : false,
    userId: user?.id ?? null,
    client,
  });
  if (throttle)
    throw await refuse(throttleRefusal(throttle), throttle.kind === 'locked' ? 'lockedOut' : 'signInRefused');
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw await refuse(new AppError(401, 'INVALID_CREDENTIALS', 'invalidCredentials'));
  if (
    user.mustChangePassword &&
    user.temporaryPasswordExpiresAt !== null &&
    user.temporaryPasswordExpiresAt.getTime() <= Date.now()
  )
    throw await refuse(new AppError(401, 'TEMPORARY_PASSWORD_EXPIRED', 'temporaryPasswordExpired'));
  if (!user.isUserLoginActive) throw await refuse(new AppError(403, 'ACCOUNT_INACTIVE', 'accountInactive'));
  const [access] = await deps.db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(
      and(
        eq(rolePermissions.roleId, user.roleId),
        eq(rolePermissions.permission, Permissions.AdminPanelView),
      ),
    );
  if (!access) throw await refuse(new AppError(403, 'NO_ADMIN_ACCESS', 'noAdminAccess'));
  // Whoever has a factor gives it, whatever the role: an enrolled factor is never skipped.
  const secondFactorPending = (await secondFactorCount(deps.db, user.id)) > 0;

  return transaction(deps.db, async (tx) => {
    // The attempt stays counted until the second factor is given too.
    if (!secondFactorPending) await clearSignInFailures(tx, email, address);
    await tx.update(users).set({ lastLoginDate: new Date() }).where(eq(users.id, user.id));
    const [session] = await tx
      .insert(sessions)
      .values({ userId: user.id, address, userAgent: client.userAgent, secondFactorPending })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    await recordSecurityEvent(tx, {
      event: 'signIn',
      userId: user.id,
      client,
      detail: secondFactorPending ? 'awaitingSecondFactor' : null,
    });
    return {
      userId: user.id,
      sessionId: session.id,
      ...(await issueTokens(tx, deps.signer, user.id, session.id)),
    };
  });
}

const refreshRejected = () => new AppError(403, 'REFRESH_REJECTED', 'refreshRejected');

/**
 * Rotates a refresh token. A token presented a second time means it leaked: the whole family
 * (the session) is revoked, which also ends its access tokens.
 */
export async function refresh(deps: AuthDeps, refreshToken: string) {
  const limits = sessionLimitsOf(deps.config);
  const outcome = await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: sessions.revokedAt,
        secondFactorPending: sessions.secondFactorPending,
        userId: sessions.userId,
        idle: sql<boolean>`${sessions.lastUsedAt} <= now() - make_interval(secs => ${limits.idleSeconds})`,
        tooOld: sql<boolean>`${sessions.createdAt} <= now() - make_interval(hours => ${limits.maxHours})`,
        active: users.isUserLoginActive,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
      .for('update', { of: sessions });
    if (!row || row.revokedAt) return undefined;
    if (row.usedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'refresh token reused' })
        .where(eq(sessions.id, row.sessionId));
      return undefined;
    }
    if (row.idle || row.tooOld) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: row.tooOld ? 'expired' : 'idle' })
        .where(eq(sessions.id, row.sessionId));
      return undefined;
    }
    // A sign-in waiting for its second factor lives minutes, on its first access token alone.
    if (row.expiresAt.getTime() <= Date.now() || !row.active || row.secondFactorPending) return undefined;
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
    return issueTokens(tx, deps.signer, row.userId, row.sessionId);
  });
  if (!outcome) throw refreshRejected();
  return outcome;
}

/** `GET auth/sessions`: the caller's live sign-ins, the latest used first. */
export async function listOwnSessions(deps: AuthDeps, principal: Principal): Promise<StaffSession[]> {
  const limits = sessionLimitsOf(deps.config);
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, principal.id),
        sql.raw(liveSessionSql('sessions', String(limits.idleSeconds), String(limits.maxHours))),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    userAgent: s.userAgent,
    address: s.address,
    current: s.id === principal.sessionId,
  }));
}

/** `DELETE auth/sessions/{id}`: ends one of the caller's own sign-ins (another's is not found). */
export async function endOwnSession(deps: AuthDeps, principal: Principal, sessionId: string, client: Client) {
  const ended = await deps.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'signed out from the profile' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, principal.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound();
  await recordSecurityEvent(deps.db, { event: 'sessionEnded', userId: principal.id, client });
}

export async function logout(deps: AuthDeps, principal: Principal, client: Client) {
  const ended = await deps.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(and(eq(sessions.id, principal.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length > 0)
    await recordSecurityEvent(deps.db, { event: 'signOut', userId: principal.id, client });
}

/** Changes the caller's password; their other sign-ins end, this one goes on. */
export async function changePassword(
  deps: AuthDeps,
  principal: Principal,
  input: { OldPassword: string; newPassword: string },
  client: Client,
) {
  await confirmPassword(deps.db, principal, input.OldPassword, {
    purpose: 'passwordChange',
    field: 'OldPassword',
    wrong: 'wrongOldPassword',
    client,
  });
  if (input.OldPassword === input.newPassword) throw unprocessable('passwordSameAsOld', 'newPassword');
  if (isCommonPassword(input.newPassword)) throw unprocessable('passwordTooCommon', 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await transaction(deps.db, async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        temporaryPasswordExpiresAt: null,
        demoPassword: false,
        updatedAt: new Date(),
      })
      .where(eq(users.id, principal.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password changed' })
      .where(
        and(
          eq(sessions.userId, principal.id),
          ne(sessions.id, principal.sessionId),
          isNull(sessions.revokedAt),
        ),
      );
    await recordSecurityEvent(tx, { event: 'passwordChanged', userId: principal.id, client });
  });
}
