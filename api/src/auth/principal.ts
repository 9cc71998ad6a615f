import type { Locale, Permission } from '@genodesk/contract';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

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

/** The signed-in staff member, as read fresh from the database on every request. */
export type Principal = {
  id: number;
  email: string;
  userName: string;
  color: number;
  isMainDoctor: boolean;
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
};

const principalQuery = `
  select u.id, u.email, u.user_name, u.color, u.is_main_doctor, u.phone_number, u.must_change_password,
         s.second_factor_pending, r.requires_two_factor,
         exists (select 1 from user_totp t where t.user_id = u.id and t.confirmed_at is not null)
           or exists (select 1 from passkeys k where k.user_id = u.id) as has_second_factor,
         r.id as role_id, r.name as role_name, r.name_cs as role_name_cs, r.name_en as role_name_en,
         coalesce((select string_agg(rp.permission, ',') from role_permissions rp where rp.role_id = r.id), '') as permissions,
         s.last_used_at < now() - interval '1 minute' as stale
  from sessions s
  join users u on u.id = s.user_id
  join roles r on r.id = u.role_id
  where s.id = $1 and s.user_id = $2 and ${liveSessionSql('s', '$3', '$4')} and u.is_user_login_active
    and (not s.second_factor_pending or s.created_at > now() - make_interval(secs => ${secondFactorSeconds}))`;

/**
 * One query, prepared once per connection (it runs on every request): the session must be live and
 * the user active, so logout and deactivation bite at once. The permissions come as one comma-joined
 * string: parsing a text[] of sixty names took a few per cent of the API's time under load.
 */
export async function loadPrincipal(
  db: Database,
  userId: number,
  sessionId: string,
  limits: SessionLimits,
): Promise<Principal | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
  const result = await db.$client.query<PrincipalRow>({
    name: 'load-principal',
    text: principalQuery,
    values: [sessionId, userId, limits.idleSeconds, limits.maxHours],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  // Written at most once a minute: the read on every request stays a read.
  if (row.stale)
    await db.$client.query({
      name: 'touch-session',
      text: 'update sessions set last_used_at = now() where id = $1',
      values: [sessionId],
    });
  return {
    id: row.id,
    email: row.email,
    userName: row.user_name,
    color: row.color,
    isMainDoctor: row.is_main_doctor,
    phoneNumber: row.phone_number,
    mustChangePassword: row.must_change_password,
    sessionId,
    secondFactorPending: row.second_factor_pending,
    requiresTwoFactor: row.requires_two_factor,
    hasSecondFactor: row.has_second_factor,
    role: { id: row.role_id, name: row.role_name, nameCs: row.role_name_cs, nameEn: row.role_name_en },
    permissions: new Set(row.permissions ? (row.permissions.split(',') as Permission[]) : []),
  };
}

export const roleDisplayName = (role: { nameCs: string; nameEn: string }, locale: Locale) =>
  locale === 'en' ? role.nameEn : role.nameCs;
