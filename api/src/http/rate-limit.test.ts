import { createHmac, randomBytes } from 'node:crypto';
import { translateMessage } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import type { Principal } from '../auth/principal.js';
import { TokenSigner } from '../auth/tokens.js';
import { createDatabase, type Database } from '../db/client.js';
import { freePort } from '../db/embedded.js';
import { buildServer } from '../server.js';
import { errorHandler } from './errors.js';
import { postgresRateLimitStore, rateLimits, registerRateLimits } from './rate-limit.js';

let t: TestApp;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  t = await testApp({ paymentWebhookSecret: 'webhook-secret' });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
});

const feed = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/calendar/feed/${token}`, headers });
const newToken = () => randomBytes(24).toString('base64url');
const statusCounts = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** What the plugin hands a store's `child` for a route. */
const route = (method: string, url: string) => ({ routeInfo: { method, url } }) as never;

/** A bare server with the limits and the API's error handler, for presets no area route uses yet. */
async function bareServer(db: Database, log?: FastifyBaseLogger) {
  const app = Fastify(log ? { loggerInstance: log } : {});
  app.setErrorHandler(errorHandler);
  // Stands in for access control: the caller named by a header is the signed-in user.
  app.addHook('onRequest', async (request) => {
    const user = request.headers['x-user'];
    if (typeof user === 'string') request.principal = { id: Number(user) } as Principal;
  });
  await registerRateLimits(app, db);
  app.post('/sign-in', { config: { rateLimit: rateLimits.signIn } }, async () => ({ ok: true }));
  app.post('/totp', { config: { rateLimit: rateLimits.secondFactor } }, async () => ({ ok: true }));
  app.post('/recovery', { config: { rateLimit: rateLimits.secondFactor } }, async () => ({ ok: true }));
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

describe('rate limits counted in PostgreSQL', () => {
  it('a parallel burst over the limit: exactly the limit reaches the route, the rest is refused 429 in the caller’s language', async () => {
    const token = newToken();
    const answers = await Promise.all(Array.from({ length: 80 }, () => feed(token)));
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 404: 60, 429: 20 });
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: translateMessage('tooManyRequests', 'cs') },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    const english = await feed(`${token}.ics`, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.statusCode).toBe(429);
    expect(english.json().error.message).toBe('Too many requests. Please try again in a while.');
    // Another feed from the same address has its own count.
    expect((await feed(newToken())).statusCode).toBe(404);
    // The counter names the feed by a hash of its token only.
    const keys = await t.db.execute<{ key: string }>(sql`select key from rate_limits`);
    expect(keys.rows.some((row) => row.key.includes(token))).toBe(false);
  });

  it('a feed is limited however many addresses ask for it: a leaked feed address fetched from everywhere too', async () => {
    const token = newToken();
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/calendar/feed/${token}`,
          remoteAddress: `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`,
        }),
      ),
    );
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 404: 60, 429: 20 });
    // IPv6 callers, each from a /64 of its own, share it too.
    const fromV6 = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/feed/${token}.ics`,
      remoteAddress: '2001:db8:77::1',
    });
    expect(fromV6.statusCode).toBe(429);
  });

  it('two nodes on one database share the count', async () => {
    const db = createDatabase(t.url, 5);
    const signer = new TokenSigner(randomBytes(32).toString('hex'));
    const other = await buildServer({ db, config: t.config, signer, jobs: t.jobs });
    await other.ready();
    cleanups.push(() => db.$client.end());
    cleanups.push(() => other.close());

    const token = newToken();
    const onOther = (headers: Record<string, string> = {}) =>
      other.inject({ method: 'GET', url: `/api/calendar/feed/${token}`, headers });
    const answers = await Promise.all([
      ...Array.from({ length: 35 }, () => feed(token)),
      ...Array.from({ length: 35 }, () => onOther()),
    ]);
    expect(statusCounts(answers.map((a) => a.statusCode))).toEqual({ 404: 60, 429: 10 });
    expect((await onOther({ 'accept-language': 'en' })).statusCode).toBe(429);
    expect((await feed(token)).statusCode).toBe(429);
  });

  it('a new window starts when the last one has passed', async () => {
    const token = newToken();
    await Promise.all(Array.from({ length: 61 }, () => feed(token)));
    expect((await feed(token)).statusCode).toBe(429);
    await t.db.execute(sql`update rate_limits set resets_at = now() - interval '1 second'`);
    const fresh = await feed(token);
    expect(fresh.statusCode).toBe(404);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('the card gateway’s notifications are limited per address; unsigned ones are refused before counting', async () => {
    const payload = JSON.stringify({ TransactionId: 'no-such-payment', Status: 2 });
    const signature = createHmac('sha256', 'webhook-secret').update(payload).digest('hex');
    const notify = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/card-notification',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const unsigned = await notify({ 'x-signature': '00' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.headers['x-ratelimit-limit']).toBeUndefined();
    const signed = await notify({ 'x-signature': signature });
    expect(signed.statusCode).toBeLessThan(500);
    expect(signed.headers['x-ratelimit-limit']).toBe('300');
    expect(signed.headers['x-ratelimit-remaining']).toBe('299');
  });

  it('sign-in and second-factor limits answer the sign-in message in cs and en; second factors count per user over their routes', async () => {
    const app = await bareServer(t.db);
    const signIns = await Promise.all(
      Array.from({ length: 62 }, () => app.inject({ method: 'POST', url: '/sign-in' })),
    );
    expect(statusCounts(signIns.map((a) => a.statusCode))).toEqual({ 200: 60, 429: 2 });
    const cs = await app.inject({ method: 'POST', url: '/sign-in' });
    expect(cs.json()).toEqual({
      error: {
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Příliš mnoho pokusů o přihlášení. Zkuste to prosím za chvíli.',
      },
    });
    const en = await app.inject({ method: 'POST', url: '/sign-in?locale=en' });
    expect(en.json().error.message).toBe('Too many sign-in attempts. Please try again in a while.');

    const attempt = (url: string, user: string) =>
      app.inject({ method: 'POST', url, headers: { 'x-user': user } });
    const first = await Promise.all([
      ...Array.from({ length: 6 }, () => attempt('/totp', '7')),
      ...Array.from({ length: 6 }, () => attempt('/recovery', '7')),
    ]);
    expect(statusCounts(first.map((a) => a.statusCode))).toEqual({ 200: 10, 429: 2 });
    // Too fast is not the account's lock-out: the waiting sign-in goes on.
    const tooFast = await attempt('/totp', '7');
    expect(tooFast.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Příliš mnoho pokusů o přihlášení. Zkuste to prosím za chvíli.',
    });
    expect((await attempt('/totp', '8')).statusCode).toBe(200);
  });

  it('a database fault lets the request through and is logged', async () => {
    const broken = createDatabase(`postgres://nobody:x@127.0.0.1:${await freePort()}/none`, 1);
    cleanups.push(() => broken.$client.end());
    const warn = vi.fn();
    const log = { warn, child: () => log } as unknown as FastifyBaseLogger;
    const Store = postgresRateLimitStore(broken, log);
    const store = new Store().child(route('POST', '/sign-in'));
    const counted = await new Promise((resolve) => store.incr('127.0.0.1', (_e, r) => resolve(r), 60_000));
    expect(counted).toEqual({ current: 0, ttl: 60_000 });
    expect(warn).toHaveBeenCalledWith(
      { code: 'ECONNREFUSED', prefix: 'POST /sign-in|' },
      'rate limit not counted: the request is let through',
    );
  });

  it('counts in a window of its own length and deletes expired counters now and then', async () => {
    const Store = postgresRateLimitStore(t.db, { warn: vi.fn() } as unknown as FastifyBaseLogger, {
      cleanEveryMs: 0,
    });
    const store = new Store().child(route('GET', '/short'));
    const hit = () =>
      new Promise<{ current: number; ttl: number }>((resolve) =>
        store.incr('10.0.0.1', (_e, r) => resolve(r!), 300),
      );
    await t.db.execute(
      sql`insert into rate_limits (key, hits, resets_at) values ('stale', 5, now() - interval '2 hours')`,
    );
    expect((await hit()).current).toBe(1);
    const second = await hit();
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await hit()).current).toBe(1);
    await vi.waitFor(async () => {
      const stale = await t.db.execute(sql`select 1 from rate_limits where key = 'stale'`);
      expect(stale.rows).toEqual([]);
    });
  });
});
