// Finds Chromium for the end-to-end tests, or installs Debian's `chromium` package when running as root.
// Prints the browser's path on the last line; exits non-zero with a message when it cannot.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
];

export function findChromium() {
  return candidates.find((path) => path && existsSync(path));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(
      "Chromium was not found. Install Debian's `chromium` package (sudo apt-get install chromium) or set CHROMIUM_PATH.",
    );
    process.exit(1);
  }
  console.info("Chromium was not found; installing Debian's `chromium` package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update'],
    ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed; install Debian's \`chromium\` package by hand or set CHROMIUM_PATH.`,
      );
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
