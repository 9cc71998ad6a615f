import { allPermissions } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import { rolePermissions, roles, users } from '../db/schema/index.js';
import { requiredPermissions } from './access.js';
import { hashPassword } from './passwords.js';

let t: TestApp;
let probeRole: number;
let probeHeaders: Record<string, string>;

/** Gives the probe user exactly these permissions; they are read fresh on every request. */
async function grant(permissions: readonly string[]) {
  await t.db.delete(rolePermissions).where(eq(rolePermissions.roleId, probeRole));
  if (permissions.length)
    await t.db
      .insert(rolePermissions)
      .values(permissions.map((permission) => ({ roleId: probeRole, permission })));
  await t.heard();
}

beforeAll(async () => {
  t = await testApp();
  const [role] = await t.db
    .insert(roles)
    .values({ name: 'Probe', nameCs: 'Sonda', nameEn: 'Probe' })
    .returning();
  probeRole = role!.id;
  await grant(allPermissions);
  await t.db.insert(users).values({
    email: 'probe@genodesk.test',
    userName: 'Probe',
    passwordHash: await hashPassword('probe-password'),
    roleId: probeRole,
  });
  probeHeaders = {
    authorization: `Bearer ${(await t.login('probe@genodesk.test', 'probe-password')).token}`,
  };
});
afterAll(() => t.close());

const request = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:(\w+)/g, '1'),
    headers,
    payload: route.method === 'GET' ? undefined : {},
  });

describe('every registered route', () => {
  it('is public only when meant to be', () => {
    const publicRoutes = t.app.registeredRoutes
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([
      // A doctor's calendar feed: the secret token in its URL is the credential; feed.test checks it.
      'GET /api/calendar/feed/:token',
      'GET /api/config',
      'GET /api/health',
      // The probes of a load balancer or Kubernetes (issue 39): nothing personal, server.test checks them.
      'GET /api/health/live',
      'GET /api/health/ready',
      // An uploaded rich-text image by its random id: e-mails and customer pages show it; media.test checks it.
      'GET /api/media/:id',
      // Prometheus's scrape: its own bearer token (METRICS_TOKEN) is the credential, 404 without one; metrics.test checks it.
      'GET /api/metrics',
      'POST /api/auth/adminLogin',
      'POST /api/auth/refresh',
      // The payment gateway signs its notifications (HMAC); payments.test checks the signature.
      'POST /api/payments/card-notification',
      // The QR code on a report PDF: answers nothing personal; public-verification.test checks it.
      'POST /api/public/verify/report',
    ]);
  });

  it('opens only a sign-in’s own calls before its second factor, password change and enrolment', () => {
    const at = (level: string) =>
      t.app.registeredRoutes
        .filter((r) => r.access === level)
        .map((r) => `${r.method} ${r.url}`)
        .sort();
    expect(at('secondFactor')).toEqual([
      'DELETE /api/auth/logout',
      'GET /api/auth/user',
      'POST /api/auth/twofactor/passkey/options',
      'POST /api/auth/twofactor/passkey/verify',
      'POST /api/auth/twofactor/verify',
    ]);
    expect(at('passwordChange')).toEqual(['POST /api/auth/changepassword']);
    expect(at('enrolment')).toEqual([
      'GET /api/auth/twofactor',
      'POST /api/auth/twofactor/passkeys',
      'POST /api/auth/twofactor/passkeys/options',
      'POST /api/auth/twofactor/passkeys/remove',
      'POST /api/auth/twofactor/recoverycodes',
      'POST /api/auth/twofactor/totp/confirm',
      'POST /api/auth/twofactor/totp/remove',
      'POST /api/auth/twofactor/totp/setup',
    ]);
  });

  it('answers 401 without a token', async () => {
    const guarded = t.app.registeredRoutes.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const response = await request(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 when any required permission is missing, and lets the holder through', async () => {
    // The calls of a sign-in's own steps need no permission: the rest need AdminPanel.View and more.
    const checked = t.app.registeredRoutes.filter(
      (r) => typeof r.access !== 'string' || r.access === 'signedIn',
    );
    for (const route of checked) {
      const name = `${route.method} ${route.url}`;
      const { all, any } = requiredPermissions(route.access);
      expect(all, name).toContain('Permissions.AdminPanel.View');
      for (const missing of all) {
        await grant(allPermissions.filter((p) => p !== missing));
        expect((await request(route, probeHeaders)).statusCode, `${name} without ${missing}`).toBe(403);
      }
      if (any.length) {
        await grant(allPermissions.filter((p) => !any.includes(p)));
        expect((await request(route, probeHeaders)).statusCode, `${name} without any of ${any}`).toBe(403);
      }
      await grant(allPermissions);
      expect([401, 403], `${name} with every permission`).not.toContain(
        (await request(route, probeHeaders)).statusCode,
      );
    }
  });
});
