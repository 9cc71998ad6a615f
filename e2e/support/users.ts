import { type APIRequestContext, expect, request } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { baseURL } from './base-url';
import { bearer, staffApi } from './session';

/** The id of a demo role by its (Czech) name. */
export async function roleId(api: APIRequestContext, name: string): Promise<number> {
  const roles = (await (await api.get('/api/admin/roles')).json()) as { id: number; name: string }[];
  const role = roles.find((r) => r.name === name);
  expect(role, `the demo roles include ${name}`).toBeDefined();
  return role?.id ?? 0;
}

export type NewStaffUser = { id: number; email: string; temporaryPassword: string; password: string };

/**
 * A staff member made for a test (`api` is the administrator's): specs run in parallel on one
 * database, so a test that ends a user's sign-ins or enrols their factors does so to a user of its own,
 * never to a demo user the others sign in as. They have the temporary password the administrator
 * got; `password` is the one they will choose.
 */
export async function createStaffUser(
  api: APIRequestContext,
  { label, role = 'Recepce', name = `Testovací ${label}` }: { label: string; role?: string; name?: string },
): Promise<NewStaffUser> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `${label}.${stamp}@genodesk.test`;
  const created = await api.put('/api/admin/users/create', {
    data: { Email: email, UserName: name, RoleId: await roleId(api, role) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const reply = (await created.json()) as { user: { id: number }; temporaryPassword: string };
  return {
    id: reply.user.id,
    email,
    temporaryPassword: reply.temporaryPassword,
    password: `Genodesk-vlastni-${stamp}`,
  };
}

/**
 * A staff member who has chosen their password (through the API), signed in with it in `own`: the
 * headers call as them.
 */
export async function staffUserWithPassword(
  api: APIRequestContext,
  options: { label: string; role?: string; name?: string },
): Promise<NewStaffUser & { own: APIRequestContext; headers: { authorization: string } }> {
  const user = await createStaffUser(api, options);
  const own = await request.newContext({ baseURL });
  const temporary = await bearer(own, user.email, user.temporaryPassword);
  const changed = await own.post('/api/auth/changepassword', {
    headers: temporary,
    data: { OldPassword: user.temporaryPassword, newPassword: user.password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { ...user, own, headers: await bearer(own, user.email, user.password) };
}

/**
 * A staff member who has chosen their password and turned an authenticator app on, through the API:
 * their sign-in waits for the second factor.
 */
export async function staffUserWithApp(
  api: APIRequestContext,
  options: { label: string; role?: string; name?: string },
): Promise<NewStaffUser> {
  const { own, headers, ...user } = await staffUserWithPassword(api, options);
  const setup = await own.post('/api/auth/twofactor/totp/setup', { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  // Not at a sign-in's enrolment step (the receptionist's role requires none): the password confirms it.
  const confirmed = await own.post('/api/auth/twofactor/totp/confirm', {
    headers,
    data: { code, CurrentPassword: user.password },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await own.dispose();
  return user;
}

/** A staff member who has chosen their password, made by the administrator for a test that signs them in. */
export async function newStaffMember(options: {
  label: string;
  role?: string;
  name?: string;
}): Promise<NewStaffUser> {
  const admin = await staffApi();
  const { own, headers: _, ...user } = await staffUserWithPassword(admin, options);
  await own.dispose();
  await admin.dispose();
  return user;
}
