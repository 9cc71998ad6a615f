import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess } from '../../test/processes.js';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { freePort } from '../db/embedded.js';
import { users } from '../db/schema/index.js';
import { demoPasswordRefusal, isLoopbackHost } from './demo-guard.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const loopbacks = ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1'];
const publics = ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'genodesk.example.cz'];

describe('the demo-password guard at start-up', () => {
  it('tells loopback addresses from public ones', () => {
    for (const host of loopbacks) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of publics) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('the seeded demo users are marked', async () => {
    const marked = await t.db.select({ email: users.email }).from(users).where(eq(users.demoPassword, true));
    expect(marked.map((u) => u.email)).toEqual(expect.arrayContaining(Object.values(demo)));
  });

  it('refuses a public address while a demo user keeps the password, saying why and how to fix it', async () => {
    for (const host of publics) {
      const refusal = await demoPasswordRefusal(t.db, host);
      expect(refusal, host).toContain(`will not listen on ${host}`);
      expect(refusal).toContain('demo password "genodesk"');
      expect(refusal).toContain(demo.admin);
      expect(refusal).toContain('HOST=127.0.0.1');
      expect(refusal).toMatch(/change those passwords/);
      expect(refusal).toMatch(/deactivate or delete those users/);
    }
  });

  it('allows a loopback address, but not behind a proxy, which publishes it', async () => {
    for (const host of loopbacks) expect(await demoPasswordRefusal(t.db, host), host).toBeUndefined();
    const proxied = await demoPasswordRefusal(t.db, '127.0.0.1', true);
    expect(proxied).toContain('behind a proxy (TRUST_PROXY or PUBLIC_URL is set)');
    expect(proxied).not.toContain('reverse proxy on this machine');
  });

  it('npm start on a public address exits 1 with the reason, before it listens', async () => {
    const port = await freePort();
    // With the keys a real deployment must have (else it stops earlier, for them).
    const app = startProcess('main', {
      DATABASE_URL: t.url,
      HOST: '0.0.0.0',
      PORT: String(port),
      WORKERS: 'off',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SEALING_KEY: randomBytes(32).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const code = await app.exited;
    expect(code).toBe(1);
    expect(app.output()).toContain('will not listen on 0.0.0.0');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);

  it('allows a public address once every demo user has changed the password or is deactivated', async () => {
    await t.db
      .update(users)
      .set({ demoPassword: false })
      .where(sql`lower(${users.email}) <> ${demo.reception}`);
    const one = await demoPasswordRefusal(t.db, '0.0.0.0');
    expect(one).toContain(demo.reception);
    expect(one).not.toContain(demo.admin);

    await t.db
      .update(users)
      .set({ isUserLoginActive: false })
      .where(sql`lower(${users.email}) = ${demo.reception}`);
    expect(await demoPasswordRefusal(t.db, '0.0.0.0')).toBeUndefined();

    await t.db
      .update(users)
      .set({ isUserLoginActive: true, demoPassword: false })
      .where(sql`lower(${users.email}) = ${demo.reception}`);
    expect(await demoPasswordRefusal(t.db, '0.0.0.0')).toBeUndefined();
  });
});
