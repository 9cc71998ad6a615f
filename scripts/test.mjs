// `npm test`: every check the project has, in order, stopping at the first failure.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from './ensure-chromium.mjs';

const steps = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['contract tests', 'npm', ['run', 'test', '-w', 'contract']],
  ['API tests (real PostgreSQL)', 'npm', ['run', 'test', '-w', 'api']],
  ['web unit tests', 'npm', ['run', 'test', '-w', 'web']],
  ['build', 'npm', ['run', 'build']],
  ['end-to-end tests (Chromium)', 'npm', ['run', 'test', '-w', 'e2e']],
];

let passed = 0;
let failed = 0;

function count(output) {
  const text = stripVTControlCharacters(output);
  const vitest = text.match(/Tests\s+(?:(\d+) failed \| )?(\d+) passed/);
  if (vitest) {
    failed += Number(vitest[1] ?? 0);
    passed += Number(vitest[2]);
    return;
  }
  const playwrightPassed = text.match(/^\s*(\d+) passed/m);
  const playwrightFailed = text.match(/^\s*(\d+) failed/m);
  if (playwrightPassed) passed += Number(playwrightPassed[1]);
  if (playwrightFailed) failed += Number(playwrightFailed[1]);
}

function run(name, command, args, env) {
  return new Promise((resolve) => {
    console.info(`\n=== ${name}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      count(output);
      resolve(code ?? 1);
    });
  });
}

const env = { ...process.env, CHROMIUM_PATH: ensureChromium() };
const started = Date.now();
for (const [name, command, args] of steps) {
  const code = await run(name, command, args, env);
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code}).`);
    console.info(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(code);
  }
}
console.info(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s.`);
console.info(`tests: ${passed} passed, ${failed} failed`);
