import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'genodesk-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>GenoDesk</title><div id="root"></div>',
  );
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await testApp({ webDist });
});
afterAll(() => t.close());

describe('the single-page app', () => {
  it('is served at / and at every unknown non-API path (history mode)', async () => {
    for (const url of ['/', '/administration/users', '/no/such/screen?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('serves its assets as files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
  });

  it('still answers unknown API paths with JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/administration/users' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
