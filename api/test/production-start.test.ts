import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
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
