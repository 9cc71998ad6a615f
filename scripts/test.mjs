// `npm test`: every check the project has, stopping at the first failure.
//
// The API tests (real PostgreSQL, the longest of the unit suites) run beside the other checks: the
// type check, lint and the build are single-threaded for most of their time and the API tests wait on
// the database and on timers, so on two cores the two lanes take little more than the longer one
// (issue 39). The end-to-end tests come last, alone: they need the build, and the timing tests of both
// (a hung database answered within 5 s, a render's time limit) assume the machine is theirs — run side
// by side, each starved the other's. A step's output is printed whole when it ends, so two lanes do not mix lines.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from './ensure-chromium.mjs';

const apiTests = ['API tests (real PostgreSQL)', 'npm', ['run', 'test', '-w', 'api']];
const checks = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['contract tests', 'npm', ['run', 'test', '-w', 'contract']],
  ['build', 'npm', ['run', 'build']],
  ['web unit tests', 'npm', ['run', 'test', '-w', 'web']],
];
const endToEnd = ['end-to-end tests (Chromium)', 'npm', ['run', 'test', '-w', 'e2e']];

let passed = 0;
let failed = 0;
const timings = [];
const running = new Set();

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

const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** Runs one step; `live` streams its output, otherwise it is printed when the step ends. */
function run([name, command, args], env, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.info(`\n=== ${name}: ${command} ${args.join(' ')}${live ? '' : ' (started)'}`);
    // Its own process group, so a failure elsewhere can stop it with everything it started.
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    let output = '';
    const take = (stream) => (chunk) => {
      output += chunk;
      if (live) stream.write(chunk);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code, signal) => {
      running.delete(child);
      if (!live) console.info(`\n=== ${name} (output)\n${output}`);
      count(output);
      timings.push([name, seconds(started)]);
      const outcome = code === 0 ? 'passed' : signal ? 'stopped' : `failed (exit ${code})`;
      console.info(`=== ${name}: ${outcome} in ${seconds(started)} s`);
      resolve(code ?? 1);
    });
  });
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

function finish(code, name) {
  console.info('\nsteps (seconds):');
  for (const [step, took] of timings) console.info(`  ${String(took).padStart(5)}  ${step}`);
  if (code !== 0) {
    console.error(`\n${name} failed (exit ${code}).`);
    console.info(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(code);
  }
}

let firstFailure = null;

/** Steps one after another, until one fails here or in another lane. */
async function lane(steps, env, live) {
  for (const step of steps) {
    if (firstFailure) return;
    const code = await run(step, env, live);
    if (code !== 0 && !firstFailure) {
      firstFailure = [code, step[0]];
      stopAll();
    }
  }
}

const env = { ...process.env, CHROMIUM_PATH: ensureChromium() };
const started = Date.now();
await Promise.all([lane([apiTests], env, false), lane(checks, env, false)]);
if (!firstFailure) await lane([endToEnd], env, true);
finish(...(firstFailure ?? [0, '']));
console.info(`\nAll checks passed in ${seconds(started)} s.`);
console.info(`tests: ${passed} passed, ${failed} failed`);
