import { randomBytes } from 'node:crypto';
import { expect, inject, it } from 'vitest';
import { createDatabase } from '../src/db/client.js';
import { templateDatabase, withDatabase } from './databases.js';
import { startProcess } from './processes.js';

const strong = () => randomBytes(32).toString('base64url');

/** A real deployment without its keys stops before it touches anything, saying what to set (issue 36). */
it.concurrent.each<{ kind: string; env: Record<string, string>; missing: string[] }>([
  {
    kind: 'its own database and nothing else',
    env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    missing: ['JWT_SECRET', 'SEALING_KEY', 'PUBLIC_URL'],
  },
  {
    kind: 'production on the embedded database, the sealing key the token key',
    env: ((key) => ({
      NODE_ENV: 'production',
      JWT_SECRET: key,
      SEALING_KEY: key,
      PUBLIC_URL: 'https://lab.example.test',
    }))(strong()),
    missing: ['SEALING_KEY'],
  },
  {
    kind: 'a public address with a short token key',
    env: {
      HOST: '0.0.0.0',
      JWT_SECRET: 'secret',
      SEALING_KEY: strong(),
      PUBLIC_URL: 'https://lab.example.test',
    },
    missing: ['JWT_SECRET'],
  },
])('refuses to start with $kind', async ({ env, missing }) => {
  const app = startProcess('main', { DATABASE_URL: '', PORT: '1', ...env });
  expect(await app.exited).toBe(1);
  const output = app.output();
  expect(output).toContain('GenoDesk does not start as a real deployment without its keys');
  for (const name of ['JWT_SECRET', 'SEALING_KEY', 'PUBLIC_URL'])
    expect(output.includes(`Set ${name}`), name).toBe(missing.includes(name));
});

it('refuses to run as a superuser or the tables’ owner, saying how to split the roles', async () => {
  const serverUrl = inject('serverUrl');
  const name = `genodesk_owner_${randomBytes(5).toString('hex')}`;
  const admin = createDatabase(serverUrl, 1);
  await admin.$client.query(`create database ${name} template ${templateDatabase}`);
  try {
    const app = startProcess('main', {
      DATABASE_URL: withDatabase(serverUrl, name),
      // Not a test run: the refusal is for real deployments.
      NODE_ENV: '',
      JWT_SECRET: strong(),
      SEALING_KEY: strong(),
      PUBLIC_URL: 'http://127.0.0.1:1',
      PORT: '1',
      SEED_DEMO: '0',
      WORKERS: 'off',
    });
    expect(await app.exited).toBe(1);
    expect(app.output()).toContain('GenoDesk does not run as a superuser');
    expect(app.output()).toContain('DATABASE_OWNER_URL');
  } finally {
    await admin.$client.query(`drop database if exists ${name} with (force)`);
    await admin.$client.end();
  }
}, 60_000);
