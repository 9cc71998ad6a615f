import type { Locale, Permission, Qualification } from '@genodesk/contract';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { sharedCacheOf } from '../db/shared-cache.js';

/** How long a sign-in lasts on the server: idle, and at most. */
export type SessionLimits = { idleSeconds: number; maxHours: number };

/**
 * The server's idle limit is the browser's (SPEC §9) plus its countdown and a minute: the browser
 * always signs out first and says why; a tab that is closed or tampered with is ended here.
 */
export const sessionLimitsOf = (
  config: Pick<Config, 'idleTimeoutMs' | 'idleCountdownMs' | 'sessionMaxHours'>,
): SessionLimits => ({
  idleSeconds: Math.ceil((config.idleTimeoutMs + config.idleCountdownMs) / 1000) + 60,
  maxHours: config.sessionMaxHours,
});

/** A live sign-in: not revoked, used within the idle limit, younger than the absolute one. */
export const liveSessionSql = (alias: string, idleParam: string, maxParam: string) =>
  `${alias}.revoked_at is null and ${alias}.last_used_at > now() - make_interval(secs => ${idleParam})
   and ${alias}.created_at > now() - make_interval(hours => ${maxParam})`;

/** How long a sign-in may wait for its second factor after the password. */
export const secondFactorSeconds = 10 * 60;

/** The signed-in staff member, as read from the database (`loadPrincipal`, `cachedPrincipal`). */
export type Principal = {
  id: number;
  email: string;
  userName: string;
  color: number;
  isMainDoctor: boolean;
  /** As the user's row holds it now: a change of the row drops the kept principal (migration 0042). */
  qualification: Qualification;
  phoneNumber: string | null;
  mustChangePassword: boolean;
  sessionId: string;
  /** The password was right, the second factor is still owed: only its own calls are open. */
  secondFactorPending: boolean;
  /** The role requires two factors. */
  requiresTwoFactor: boolean;
  /** A confirmed authenticator app or a passkey is enrolled. */
  hasSecondFactor: boolean;
  role: { id: number; name: string; nameCs: string; nameEn: string };
  permissions: Set<Permission>;
};

type PrincipalRow = {
  id: number;
  email: string;
  user_name: string;
  color: number;
  is_main_doctor: boolean;
  qualification: Qualification;
  phone_number: string | null;
  must_change_password: boolean;
  second_factor_pending: boolean;
  requires_two_factor: boolean;
  has_second_factor: boolean;
  role_id: number;
  role_name: string;
  role_name_cs: string;
  role_name_en: string;
  permissions: string;
  stale: boolean;
  valid_until: number;
};

/** The session's last use is written at most this often (a read on every request stays a read). */
const touchEveryMs = 60_000;

const principalQuery = `
  select u.id, u.email, u.user_name, u.color, u.is_main_doctor, u.qualification, u.phone_number, u.must_change_password,
         s.second_factor_pending, r.requires_two_factor,
         exists (select 1 from user_totp t where t.user_id = u.id and t.confirmed_at is not null)
           or exists (select 1 from passkeys k where k.user_id = u.id) as has_second_factor,
         r.id as role_id, r.name as role_name, r.name_cs as role_name_cs, r.name_en as role_name_en,
         coalesce((select string_agg(rp.permission, ',') from role_permissions rp where rp.role_id = r.id), '') as permissions,
         s.last_used_at < now() - interval '1 minute' as stale,
         -- Until when the answer holds without a write: the next touch, the idle and absolute limits,
         -- the second factor's wait.
         extract(epoch from least(s.last_used_at + interval '1 minute',
                                  s.last_used_at + make_interval(secs => $3),
                                  s.created_at + make_interval(hours => $4),
                                  case when s.second_factor_pending
                                    then s.created_at + make_interval(secs => ${secondFactorSeconds}) end))::float8 * 1000
           as valid_until
  from sessions s
  join users u on u.id = s.user_id
  join roles r on r.id = u.role_id
  where s.id = $1 and s.user_id = $2 and ${liveSessionSql('s', '$3', '$4')} and u.is_user_login_active
    and (not s.second_factor_pending or s.created_at > now() - make_interval(secs => ${secondFactorSeconds}))`;

type PrincipalRead = { principal: Principal | undefined; validUntil: number };

/**
 * One query, prepared once per connection: the session must be live and the user active. The
 * permissions come as one comma-joined string: parsing a text[] of sixty names took a few per cent of
 * the API's time under load.
 */
async function readPrincipal(
  db: Database,
  userId: number,
  sessionId: string,
  limits: SessionLimits,
): Promise<PrincipalRead> {
  const result = await db.$client.query<PrincipalRow>({
    name: 'load-principal',
    text: principalQuery,
    values: [sessionId, userId, limits.idleSeconds, limits.maxHours],
  });
  const row = result.rows[0];
  if (!row) return { principal: undefined, validUntil: 0 };
  if (row.stale)
    await db.$client.query({
      name: 'touch-session',
      text: 'update sessions set last_used_at = now() where id = $1',
      values: [sessionId],
    });
  const principal: Principal = {
    id: row.id,
    email: row.email,
    userName: row.user_name,
    color: row.color,
    isMainDoctor: row.is_main_doctor,
    qualification: row.qualification,
    phoneNumber: row.phone_number,
    mustChangePassword: row.must_change_password,
    sessionId,
    secondFactorPending: row.second_factor_pending,
    requiresTwoFactor: row.requires_two_factor,
    hasSecondFactor: row.has_second_factor,
    role: { id: row.role_id, name: row.role_name, nameCs: row.role_name_cs, nameEn: row.role_name_en },
    permissions: new Set(row.permissions ? (row.permissions.split(',') as Permission[]) : []),
  };
  // A touched session's row changed: the next request reads it again.
  return { principal, validUntil: row.stale ? 0 : Math.min(row.valid_until, Date.now() + touchEveryMs) };
}

const sessionIdPattern = /^[0-9a-f-]{36}$/i;

/** The caller's principal read now, past any cache (after a change of the caller's own details). */
export async function loadPrincipal(
  db: Database,
  userId: number,
  sessionId: string,
  limits: SessionLimits,
): Promise<Principal | undefined> {
  if (!sessionIdPattern.test(sessionId)) return undefined;
  return (await readPrincipal(db, userId, sessionId, limits)).principal;
}

/**
 * The caller's principal as every request checks it: kept by the node between requests (the shared
 * cache's `principals`) and dropped the moment anything it is read from is written — a sign-out, a
 * deactivation, a role's permissions, a second factor — on every node (triggers, migration 0042), and
 * at the latest when its session's own limits say (idle, absolute, the second factor's wait, the next
 * touch of its last use). A write made through this node is heard before its answer is sent, so the
 * caller's next request never passes on what it just revoked; another node hears it within a round
 * trip. A node not listening reads it on every request.
 */
export async function cachedPrincipal(
  db: Database,
  userId: number,
  sessionId: string,
  limits: SessionLimits,
): Promise<Principal | undefined> {
  if (!sessionIdPattern.test(sessionId)) return undefined;
  // Kept by session, as a change of the session names it (lower case, as PostgreSQL writes a uuid):
  // its user is the token's, as it was signed.
  const read = await sharedCacheOf(db).read(
    'principals',
    sessionId.toLowerCase(),
    () => readPrincipal(db, userId, sessionId, limits),
    (value) => value.validUntil,
  );
  if (read.principal && read.principal.id !== userId) return loadPrincipal(db, userId, sessionId, limits);
  return read.principal;
}

export const roleDisplayName = (role: { nameCs: string; nameEn: string }, locale: Locale) =>
  locale === 'en' ? role.nameEn : role.nameCs;
