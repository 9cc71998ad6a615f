import type { Locale, Permission } from '@genodesk/contract';
import type { Database } from '../db/client.js';

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
  role_id: number;
  role_name: string;
  role_name_cs: string;
  role_name_en: string;
  permissions: string;
};

const principalQuery = `
  select u.id, u.email, u.user_name, u.color, u.is_main_doctor, u.phone_number, u.must_change_password,
         r.id as role_id, r.name as role_name, r.name_cs as role_name_cs, r.name_en as role_name_en,
         coalesce((select string_agg(rp.permission, ',') from role_permissions rp where rp.role_id = r.id), '') as permissions
  from sessions s
  join users u on u.id = s.user_id
  join roles r on r.id = u.role_id
  where s.id = $1 and s.user_id = $2 and s.revoked_at is null and u.is_user_login_active`;

/**
 * One query, prepared once per connection (it runs on every request): the session must be live and
 * the user active, so logout and deactivation bite at once. The permissions come as one comma-joined
 * string: parsing a text[] of sixty names took a few per cent of the API's time under load.
 */
export async function loadPrincipal(
  db: Database,
  userId: number,
  sessionId: string,
): Promise<Principal | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
  const result = await db.$client.query<PrincipalRow>({
    name: 'load-principal',
    text: principalQuery,
    values: [sessionId, userId],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    userName: row.user_name,
    color: row.color,
    isMainDoctor: row.is_main_doctor,
    phoneNumber: row.phone_number,
    mustChangePassword: row.must_change_password,
    sessionId,
    role: { id: row.role_id, name: row.role_name, nameCs: row.role_name_cs, nameEn: row.role_name_en },
    permissions: new Set(row.permissions ? (row.permissions.split(',') as Permission[]) : []),
  };
}

export const roleDisplayName = (role: { nameCs: string; nameEn: string }, locale: Locale) =>
  locale === 'en' ? role.nameEn : role.nameCs;
