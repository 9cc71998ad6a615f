// Finds what the tests run outside Node — Chromium for the end-to-end tests, poppler's `pdftotext` and
// `pdfsig` for the report PDF's tests — or installs the Debian packages when running as root.
// Prints the browser's path on the last line; exits non-zero with a message when it cannot.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
];

export function findChromium() {
  return candidates.find((path) => path && existsSync(path));
}

const onPath = (command) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));

/** The Debian packages missing here: a package is named when a command it brings is not found. */
function missingPackages() {
  const missing = [];
  if (!findChromium()) missing.push('chromium', 'fonts-dejavu-core');
  if (!onPath('pdftotext') || !onPath('pdfsig')) missing.push('poppler-utils');
  return missing;
}

export function ensureChromium() {
  const missing = missingPackages();
  if (missing.length === 0) return findChromium();
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      `Not found: Debian's ${missing.join(', ')}. Install them (sudo apt-get install ${missing.join(' ')}), or set CHROMIUM_PATH for the browser.`,
    );
    process.exit(1);
  }
  console.info(`Installing Debian's ${missing.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...missing]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install ${missing.join(', ')} by hand.`);
      process.exit(1);
    }
  }
  const installed = findChromium();
  if (!installed) {
    console.error(
      "Debian's `chromium` package was installed but no browser binary was found; set CHROMIUM_PATH.",
    );
    process.exit(1);
  }
  execFileSync(installed, ['--version'], { stdio: 'inherit' });
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) console.info(ensureChromium());
