import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { baseURL, port, smtpControlURL, smtpPort } from './support/base-url';

// A fresh database every run: the app seeds its demo data into it.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'genodesk-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // The ten slowest spec files, printed at the end of every run: where the suite's time goes (issue 39).
  reportSlowTests: { max: 10, threshold: 0 },
  use: {
    baseURL,
    locale: 'cs-CZ',
    trace: 'retain-on-failure',
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
      },
    },
  ],
});
