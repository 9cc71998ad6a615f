import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './test-app.js';

const indexHtml = '<!doctype html><title>GenoDesk</title><div id="root"></div>';
const appJs = `console.log(${JSON.stringify('GenoDesk '.repeat(400))});`;
const asset = '/assets/index-Bx7c9a1Q.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A small build of our own, laid out as `vite build` and its pre-compression leave web/dist, so the
  // test does not depend on the web app having been built.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'genodesk-web-'));
  const write = async (file: string, content: string) => {
    await writeFile(path.join(webDist, file), content);
    await writeFile(path.join(webDist, `${file}.br`), zlib.brotliCompressSync(content));
    await writeFile(path.join(webDist, `${file}.gz`), zlib.gzipSync(content));
  };
  await mkdir(path.join(webDist, 'assets'));
  await write('index.html', indexHtml);
  await write(asset.slice(1), appJs);
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await testApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
}

describe('the single-page app', () => {
  it('is served at / and at every unknown non-API path (history mode), never cached unrevalidated', async () => {
    for (const url of ['/', '/index.html', '/administration/users', '/no/such/screen?x=1']) {
      const response = await get(url, 'gzip, deflate, br, zstd');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toContain('accept-encoding');
      expect(decoded(response), url).toBe(indexHtml);
    }
  });

  it('answers HEAD as GET without a body (a load balancer or uptime check asks for / so)', async () => {
    for (const url of ['/', '/administration/users']) {
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toContain('text/html');
      expect(head.rawPayload.length, url).toBe(0);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/api/no-such-call' })).statusCode).toBe(404);
  });

  it('serves a hashed asset brotli- or gzip-compressed as the client accepts, cached for a year', async () => {
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
    ] as const) {
      const response = await get(asset, acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers['content-type'], acceptEncoding).toContain('javascript');
      expect(response.headers.vary, acceptEncoding).toContain('accept-encoding');
      expect(response.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(appJs.length / 10);
      expect(decoded(response), acceptEncoding).toBe(appJs);
    }
  });

  it('serves the file as it is to a client that accepts no compression we keep', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const response = await get(asset, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(appJs);
    }
  });

  it('caches other public files briefly and keeps the compressed twins out of sight', async () => {
    const favicon = await get('/favicon.svg', 'br');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect((await get(`${asset}.br`)).statusCode).toBe(404);
  });

  it('answers a missing asset (a chunk of an older release) with 404, not with the app', async () => {
    const response = await get('/assets/index-0ld0ld00.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('keeps the security headers on the files', async () => {
    for (const url of ['/', asset]) {
      const response = await get(url, 'br');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('still answers unknown API paths with JSON', async () => {
    const response = await get('/api/administration/users');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
