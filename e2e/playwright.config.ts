import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { baseURL, port, smtpControlURL, smtpPort } from './support/base-url';
import { gatewaySecret } from './support/gateway';

// A fresh database every run: the app seeds its demo data into it. The config is read again in every
// worker, which inherits the runner's environment: one folder for the run (support/release.ts keeps
// its claims beside it).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'genodesk-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

/**
 * Tests that change what every other test sees (a role's permissions or its two-factor requirement,
 * the mail server down, every sign-in of a demo user ended, the newest customer erased or edited) or read what every other test writes (the
 * dashboard's counters, the newest security events, the VCF upload lab-formats.spec makes) are tagged
 * `@alone`: they run one at a time once the rest is done.
 */
const alone = /@alone/;
const screenSpecs = ['accessibility.spec.ts', 'table-fit.spec.ts'];

/**
 * A run of some specs (`playwright test tests/x.spec.ts`, `-g …`, as one works on them) runs what it
 * names, one test at a time as it always did: project dependencies would bring the whole
 * accessibility spec (and every other spec before an `@alone` test) along.
 */
const selection = process.argv
  .slice(2)
  .some((arg) => /^(-g|--grep)(=|$)/.test(arg) || /\.spec\.ts|^tests\//.test(arg));
const after = (project: string) => (selection ? {} : { dependencies: [project] });
const timeoutScale = Number(process.env.E2E_TIMEOUT_SCALE ?? 1);

export default defineConfig({
  testDir: './tests',
  // Specs share the run's database and demo users; each file runs in order in one worker, files in
  // parallel (issue 39). E2E_WORKERS=1 runs everything in turn, as before.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? (selection ? 1 : 3)),
  retries: 0,
  // E2E_TIMEOUT_SCALE stretches the test and expect timeouts on a machine shared with other work,
  // where a page takes several times longer than on a machine of its own.
  timeout: 60_000 * timeoutScale,
  expect: { timeout: 10_000 * timeoutScale },
  reporter: [['list']],
  // The ten slowest spec files, printed at the end of every run: where the suite's time goes (issue 39).
  reportSlowTests: { max: 10, threshold: 0 },
  projects: [
    // Every screen in both languages, and every list's fit, only read: their tests spread over every
    // worker, before any spec changes or deletes the rows whose screens they open, or adds rows whose
    // values (a long made-up address on a phone) the fit test would judge instead of the demo's.
    { name: 'screens', testMatch: screenSpecs, fullyParallel: true },
    { name: 'specs', testIgnore: screenSpecs, grepInvert: alone, ...after('screens') },
    {
      name: 'alone',
      testIgnore: screenSpecs,
      grep: alone,
      workers: 1,
      ...after('specs'),
    },
  ],
  use: {
    baseURL,
    locale: 'cs-CZ',
    // Screens without their transitions (the app honours the setting): on a machine without a GPU
    // every frame of a fade is drawn by the CPU the tests share.
    reducedMotion: 'reduce',
    // A failed test keeps its trace: the page's DOM at every step, the network, the console. Not its
    // screencast: the browser encoding a frame after frame for every test was a third of the suite's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: [
    {
      // Mail goes out for real in this run, to a server the specs can read and make refuse.
      command: 'node support/smtp-server.mjs',
      url: `${smtpControlURL}/messages`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: {
        ...process.env,
        E2E_SMTP_PORT: String(smtpPort),
        E2E_SMTP_CONTROL_PORT: new URL(smtpControlURL).port,
      },
    },
    {
      command: 'npm run start -w api',
      cwd: '..',
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Short enough for the idle spec to watch the countdown, long enough for every other spec.
        IDLE_TIMEOUT_MS: process.env.E2E_IDLE_TIMEOUT_MS ?? String(20 * 60 * 1000),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // The specs play the card gateway too: its notifications are signed with this key.
        PAYMENT_WEBHOOK_SECRET: gatewaySecret,
      },
    },
  ],
});
