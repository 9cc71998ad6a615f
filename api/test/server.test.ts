import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/auth/tokens.js';
import { databaseErrorOf } from '../src/db/loggable-error.js';
import { buildServer } from '../src/server.js';
import { demo, type TestApp, testApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('what the server lets out', () => {
  it('marks every API answer no-store, so no browser or proxy cache keeps personal data', async () => {
    const headers = await t.authAs(demo.admin);
    for (const url of ['/api/health', '/api/admin/customers?pageSize=1', '/api/no/such/thing']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('logs a calendar feed request without its secret token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildServer(
      { db: t.db, config: t.config, jobs: t.jobs, signer: new TokenSigner(randomBytes(32).toString('hex')) },
      { logger: { level: 'info', stream } },
    );
    try {
      const token = randomBytes(24).toString('base64url');
      const response = await app.inject({ method: 'GET', url: `/api/calendar/feed/${token}` });
      expect(response.statusCode).toBe(404);
      const logged = lines.join('\n');
      expect(logged).toContain('/api/calendar/feed/[token]');
      expect(logged).not.toContain(token);
    } finally {
      await app.close();
    }
  });

  it('logs of a failed query only its codes, never its text with the parameters', () => {
    const failed = Object.assign(new Error('Failed query: insert into customers ... params: Jana,Nováková'), {
      name: 'DrizzleQueryError',
      cause: Object.assign(new Error('value too long: Nováková'), {
        code: '22001',
        table: 'customers',
        column: 'surname',
      }),
    });
    expect(databaseErrorOf(failed)).toEqual({ code: '22001', table: 'customers', column: 'surname' });
    expect(JSON.stringify(databaseErrorOf(failed))).not.toContain('Nováková');
    expect(databaseErrorOf(new Error('a bug'))).toBeUndefined();
  });
});

describe('the server', () => {
  it('answers health with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404 in the caller language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/no/such/thing',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'This API address does not exist.' },
    });
  });

  it('publishes an OpenAPI 3 document of its routes, and a browsable UI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/adminLogin',
        '/api/admin/users/create',
        '/api/admin/roles/removepermission',
      ]),
    );
    expect(
      doc.paths['/api/admin/users/create'].put.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('Email');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Neplatný požadavek.');
  });

  it('binds query and body names case-insensitively', async () => {
    const headers = await t.authAs(demo.admin);
    for (const query of ['Id=1', 'id=1', 'ID=1']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users/getuser?${query}`,
        headers,
      });
      expect(response.statusCode, query).toBe(200);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { EMAIL: demo.admin, Password: 'genodesk' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('sends strict security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    // Images only from the app (its media store), not from anywhere (issue 36).
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob:;");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('tells the web app its idle and polling times, and the laboratory the public verification page names', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toEqual({
      idleTimeoutMs: 1_200_000,
      idleCountdownMs: 30_000,
      userPollIntervalMs: 30_000,
      laboratory: 'GenoDesk s.r.o.',
    });
  });
});

describe('probes and request ids (issue 39)', () => {
  it('answers liveness, and readiness with its checks', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: true, migrations: true, workers: t.config.workers ? true : null },
    });
  });

  it('is not ready while this process is to run jobs and its workers have stopped', async () => {
    const app = await buildServer({
      db: t.db,
      config: { ...t.config, workers: true },
      jobs: { ...t.jobs, running: false },
      signer: new TokenSigner(randomBytes(32).toString('hex')),
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { workers: false } });
    } finally {
      await app.close();
    }
  });

  it('names every answer with a request id, the caller’s W3C trace id when it sends one', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    const other = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(other.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
    const traceId = randomBytes(16).toString('hex');
    const traced = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(traced.headers['x-request-id']).toBe(traceId);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { traceparent: `00-${'0'.repeat(32)}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(forged.headers['x-request-id']).not.toBe('0'.repeat(32));
  });
});
