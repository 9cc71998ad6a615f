import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/db/client.js';
import { freePort } from '../src/db/embedded.js';
import { configureAccessLog, recordAccess } from '../src/modules/audit/access-log.js';
import { demoPassword } from '../src/seed/demo.js';
import { killGroup, startProcess, waitFor, waitForHealth } from '../test/processes.js';
import { cpuSeconds, startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (mixed staff load): the API in a process of its own, as a node runs it (production
 * logging, no workers), on the demo data; 200 keep-alive clients in another process sending the nine
 * calls staff make most, round-robin, for 20 s — three of them reads the access log records (a
 * customer's detail, their genotypes, a report); then soaks of 2 minutes. Prints requests/s, per-call
 * latency percentiles, errors, CPU and database statements per request, and the API's resident memory
 * before, after the run and after each soak (then again after a full collection, with the live heap).
 * Before the timed run, the access log's cost (`accessLogCost`): the same load against a second API
 * process started with ACCESS_LOG=off, in short pairs alternating with the first (on), and the loss in %;
 * then the writer's own inserts timed at this load's pace. Goals (issue 38): 0 errors, ≥ 1,500 requests/s on two cores,
 * p99 < 300 ms on every call, ≤ 2 statements per request, no growth of memory from soak
 * to soak, under 10 % lost to the access log.
 */
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 120);
const soaks = Number(process.env.BENCH_SOAKS ?? 2);
const concurrency = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
/** Rounds of the access-log comparison (each one run with the log on and one with it off); 0 skips it. */
const accessLogRounds = Number(process.env.BENCH_ACCESS_LOG_ROUNDS ?? 8);
const accessLogSeconds = Number(process.env.BENCH_ACCESS_LOG_SECONDS ?? 5);

type LoadResult = {
  seconds: number;
  requests: number;
  errors: number;
  firstError?: string;
  cpuMicros: number;
  calls: Record<string, { count: number; p50: number; p95: number; p99: number }>;
};

function load(base: string, calls: Record<string, string>, token: string, duration: number) {
  return new Promise<LoadResult>((resolve, reject) => {
    const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'mixed-load-client.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        LOAD_BASE: base,
        LOAD_CALLS: JSON.stringify(calls),
        LOAD_TOKEN: token,
        LOAD_SECONDS: String(duration),
        LOAD_CONCURRENCY: String(concurrency),
      },
    });
    child.on('message', (result) => resolve(result as LoadResult));
    child.on('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`load client exited with ${code}`)),
    );
  });
}

/**
 * The API's live JavaScript heap after a full garbage collection, read through its inspector: resident
 * memory alone cannot tell a leak from the allocator keeping freed pages, this can.
 */
async function heapAfterGc(inspectorPort: number): Promise<NodeJS.MemoryUsage> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const callId = ++id;
      socket.addEventListener('message', function answer(event) {
        const message = JSON.parse(String(event.data));
        if (message.id !== callId) return;
        socket.removeEventListener('message', answer);
        resolve(message);
      });
      socket.send(JSON.stringify({ id: callId, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    return JSON.parse(usage.result?.result?.value ?? 'null');
  } finally {
    socket.close();
  }
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** How a figure stands against its goal (issue 38): the bench says which it missed. */
const met = (ok: boolean) => (ok ? ': met' : ': MISSED');

function report(label: string, result: LoadResult) {
  console.info(
    `${label}: ${(result.requests / result.seconds).toFixed(0)} requests/s over ${result.seconds} s, ` +
      `${result.errors} errors${result.firstError ? ` (first: ${result.firstError})` : ''} (goal: ≥ 1,500 requests/s, 0 errors${met(result.requests / result.seconds >= 1500 && result.errors === 0)})`,
  );
  for (const [name, call] of Object.entries(result.calls))
    console.info(
      `  ${name.padEnd(26)} ${String(call.count).padStart(7)} calls  p50 ${call.p50.toFixed(1).padStart(6)} ms  p95 ${call.p95.toFixed(1).padStart(6)} ms  p99 ${call.p99.toFixed(1).padStart(6)} ms (goal: p99 < 300 ms${met(call.p99 < 300)})`,
    );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * What the access log costs, measured two ways.
 *
 * The same load against the API with the log on and a second API process with ACCESS_LOG=off, in short
 * alternating pairs (on then off, then off then on, …), each run after 2 s of warming that side: a
 * machine busy with other work weighs on both sides of a pair alike, so the loss is the median of the
 * pairs' ratios, beside each side's median requests/s and CPU per request (the API's and PostgreSQL's).
 *
 * And the writer alone, which other work disturbs less: reads recorded one after another, each waiting
 * for its row as a request does, so each is an insert of its own (the dearest case: under load the group
 * commit writes several per insert); CPU of this process and of PostgreSQL per row, as a share of the
 * load's requests' CPU at its share of logged reads.
 */
async function accessLogCost(
  sides: { on: { base: string; pid: number }; off: { base: string; pid: number } },
  load: (base: string, duration: number) => Promise<LoadResult>,
  database: { db: Database; postmaster: number },
  loggedShare: number,
) {
  type Round = { rate: number; api: number; postgres: number };
  const measured: Record<'on' | 'off', Round[]> = { on: [], off: [] };
  const { postmaster } = database;
  for (let round = 0; round < accessLogRounds; round++) {
    const order: ('on' | 'off')[] = round % 2 ? ['off', 'on'] : ['on', 'off'];
    for (const side of order) {
      // An API left idle has closed its pool's connections and cooled: warmed again first, unmeasured
      // (otherwise whichever side ran first after the switch lost more than the log costs).
      await load(sides[side].base, 2);
      const cpuBefore = {
        api: await cpuSeconds(sides[side].pid),
        postgres: await cpuSeconds(postmaster, { children: true }),
      };
      const result = await load(sides[side].base, accessLogSeconds);
      if (result.errors)
        throw new Error(`access log ${side}: ${result.errors} errors (${result.firstError})`);
      measured[side].push({
        rate: result.requests / result.seconds,
        api: ((await cpuSeconds(sides[side].pid)) - cpuBefore.api) / result.requests,
        postgres: ((await cpuSeconds(postmaster, { children: true })) - cpuBefore.postgres) / result.requests,
      });
    }
  }
  const summary = (side: 'on' | 'off') => ({
    rate: median(measured[side].map((m) => m.rate)),
    api: median(measured[side].map((m) => m.api)) * 1e6,
    postgres: median(measured[side].map((m) => m.postgres)) * 1e6,
  });
  const on = summary('on');
  const off = summary('off');
  const ratios = measured.on.map((m, i) => m.rate / measured.off[i]!.rate);
  const loss = (1 - median(ratios)) * 100;
  const pairs = measured.on
    .map((m, i) => `${m.rate.toFixed(0)}/${measured.off[i]!.rate.toFixed(0)}`)
    .join(', ');
  console.info(
    `access log: the same load, ${accessLogRounds} pairs of ${accessLogSeconds} s with it on and off (ACCESS_LOG=off), alternating:`,
  );
  console.info(`  requests/s on/off per pair: ${pairs}`);
  console.info(
    `  on:  ${on.rate.toFixed(0)} requests/s (median); CPU per request: API ${on.api.toFixed(0)} µs, PostgreSQL ${on.postgres.toFixed(0)} µs`,
  );
  console.info(
    `  off: ${off.rate.toFixed(0)} requests/s (median); CPU per request: API ${off.api.toFixed(0)} µs, PostgreSQL ${off.postgres.toFixed(0)} µs`,
  );
  console.info(
    `  throughput lost to the access log: ${loss.toFixed(1)} % (median of the pairs; budget: < 10 %)`,
  );

  // The writer alone, a row per insert.
  const inserts = 2_000;
  const write = async (count: number) => {
    for (let i = 0; i < count; i++)
      await recordAccess(database.db, {
        kind: 'customer',
        userId: 1,
        customerIds: [i + 1],
        address: '127.0.0.1',
      });
  };
  configureAccessLog(database.db, { enabled: true });
  await write(50);
  const pgBefore = await cpuSeconds(postmaster, { children: true });
  const nodeBefore = process.cpuUsage();
  await write(inserts);
  const node = process.cpuUsage(nodeBefore);
  const perInsert = {
    api: (node.user + node.system) / inserts,
    postgres: (((await cpuSeconds(postmaster, { children: true })) - pgBefore) * 1e6) / inserts,
  };
  const perRequest = loggedShare * (perInsert.api + perInsert.postgres);
  console.info(
    `  the writer alone: a row per insert, API ${perInsert.api.toFixed(0)} µs, PostgreSQL ${perInsert.postgres.toFixed(0)} µs: ` +
      `${perRequest.toFixed(1)} µs per request at ${(loggedShare * 100).toFixed(0)} % logged reads, ${((perRequest / (off.api + off.postgres)) * 100).toFixed(1)} % of a request's CPU`,
  );
}

async function main() {
  // The database: the demo data on a throwaway embedded PostgreSQL; the API runs elsewhere.
  const database = await startBenchServer('load', 2);
  // Reads the access log records: a customer with genotypes and a report.
  const [logged] = (
    await database.db.$client.query<{ customer_id: number; product_id: number }>(
      `select p.customer_id, p.id as product_id from products p
        where exists (select 1 from customer_genotypes g where g.customer_id = p.customer_id)
        order by p.id limit 1`,
    )
  ).rows;
  if (!logged) throw new Error('the demo data has no report with genotypes');
  await database.app.close();
  const port = await freePort();
  const offPort = await freePort();
  // BENCH_PROFILE_DIR=… writes a CPU profile of the API (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR;
  const inspectorPort = await freePort();
  // A node with its own database is a real deployment: it starts only with its keys, and connects as a
  // role that owns nothing (the owner migrates and grants it what it needs).
  const appRolePassword = randomBytes(18).toString('base64url');
  await database.db.$client.query(`do $$ begin
      if not exists (select from pg_roles where rolname = 'genodesk_bench') then create role genodesk_bench login; end if;
    end $$`);
  await database.db.$client.query(`alter role genodesk_bench password '${appRolePassword}'`);
  const appUrl = new URL(database.url);
  appUrl.username = 'genodesk_bench';
  appUrl.password = appRolePassword;
  const keys = {
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SEALING_KEY: randomBytes(32).toString('base64url'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_OWNER_URL: database.url,
  };
  const api = startProcess(
    'main',
    {
      ...keys,
      DATABASE_URL: appUrl.toString(),
      WORKERS: 'off',
      SEED_DEMO: '0',
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
    // The inspector starts on SIGUSR1, after the timed run: an open inspector slows the API down.
    [
      `--inspect-port=127.0.0.1:${inspectorPort}`,
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    ],
  );
  // Resident memory as the API holds it, then after a full collection with what the heap holds live:
  // a leak grows the live heap from soak to soak; a heap V8 has not yet collected does not.
  const memory = async () => {
    const resident = await residentMb(api.child.pid!);
    api.child.kill('SIGUSR1');
    const heap = await waitFor('the API inspector', () => heapAfterGc(inspectorPort), 10_000);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    return (
      `${resident.toFixed(0)} MB resident, ${(await residentMb(api.child.pid!)).toFixed(0)} MB after a full ` +
      `collection (JavaScript heap ${mb(heap.heapTotal)} MB, ${mb(heap.heapUsed)} MB live; buffers ${mb(heap.external)} MB)`
    );
  };
  // The same API with the access log off, for the comparison (idle otherwise).
  const apiOff =
    accessLogRounds > 0
      ? startProcess('main', {
          ...keys,
          PUBLIC_URL: `http://127.0.0.1:${offPort}`,
          DATABASE_URL: appUrl.toString(),
          WORKERS: 'off',
          SEED_DEMO: '0',
          PORT: String(offPort),
          LOG_LEVEL: 'info',
          ACCESS_LOG: 'off',
        })
      : undefined;
  try {
    await waitForHealth(api, port, 60_000);
    if (apiOff) await waitForHealth(apiOff, offPort, 60_000);
    const base = `http://127.0.0.1:${port}`;
    const offBase = `http://127.0.0.1:${offPort}`;
    const login = await fetch(`${base}/api/auth/adminLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@genodesk.test', password: demoPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const allCalls = {
      'auth/user': '/api/auth/user',
      customers: '/api/admin/customers?page=1&pageSize=25&sort=-dateRegistration',
      'customers search': '/api/admin/customers?page=1&pageSize=25&search=nov',
      'pending samples': '/api/admin/samples?page=1&pageSize=25&list=pending',
      reports: '/api/admin/products?page=1&pageSize=25&section=results',
      templates: '/api/admin/templates?page=1&pageSize=25&sort=phenotype',
      // Reads of a customer's data: each one an access-log row.
      'customer detail': `/api/admin/customers/customer?CustomerId=${logged.customer_id}`,
      genotypes: `/api/admin/results/getcustomerresult?CustomerId=${logged.customer_id}`,
      report: `/api/admin/products/getproduct?ProductId=${logged.product_id}`,
    };
    const loggedCalls = ['customer detail', 'genotypes', 'report'];
    // BENCH_LOAD_ONLY=customers,reports loads only those calls (to see what one costs).
    const only = process.env.BENCH_LOAD_ONLY?.split(',');
    const calls = Object.fromEntries(
      Object.entries(allCalls).filter(([name]) => !only || only.includes(name)),
    );
    const pid = api.child.pid!;
    const postmaster = await database.postmasterPid();
    const before = `${(await residentMb(pid)).toFixed(0)} MB resident`;
    await load(base, calls, token, 3);
    if (apiOff) {
      await load(offBase, calls, token, 3);
      await accessLogCost(
        { on: { base, pid }, off: { base: offBase, pid: apiOff.child.pid! } },
        (target, duration) => load(target, calls, token, duration),
        { db: database.db, postmaster },
        loggedCalls.filter((name) => name in calls).length / Object.keys(calls).length,
      );
      apiOff.child.kill('SIGTERM');
      await Promise.race([apiOff.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    const settled = () => new Promise((resolve) => setTimeout(resolve, 11_000));
    await settled();
    const statementsBefore = await database.statementsRun();
    const cpuBefore = {
      api: await cpuSeconds(pid),
      postgres: await cpuSeconds(postmaster, { children: true }),
    };
    const run = await load(base, calls, token, seconds);
    const cpu = {
      api: (await cpuSeconds(pid)) - cpuBefore.api,
      postgres: (await cpuSeconds(postmaster, { children: true })) - cpuBefore.postgres,
      generator: run.cpuMicros / 1e6,
    };
    const after = await memory();
    await settled();
    // Minus the reading itself.
    const statements = (await database.statementsRun()) - statementsBefore - 1;
    console.info(
      `mixed staff load, ${concurrency} keep-alive clients (separate process), ${Object.keys(calls).length} calls round-robin:`,
    );
    report('  run', run);
    // CPU per request says where the time goes even on a machine busy with other work.
    const perRequest = (cpuSecondsUsed: number) => `${((cpuSecondsUsed / run.requests) * 1e6).toFixed(0)} µs`;
    const total = cpu.api + cpu.postgres + cpu.generator;
    console.info(
      `  CPU per request: API ${perRequest(cpu.api)}, PostgreSQL ${perRequest(cpu.postgres)}, load generator ${perRequest(cpu.generator)}; ` +
        `${os.cpus().length} cores would serve ${((os.cpus().length * run.requests) / total).toFixed(0)} requests/s at these costs`,
    );
    console.info(
      `  database statements per request: ${(statements / run.requests).toFixed(2)} (each one round trip from the API; goal: ≤ 2${met(statements / run.requests <= 2)})`,
    );
    console.info(`  API memory: ${before} before; ${after} after the run`);
    for (let soak = 1; soak <= soaks; soak++) {
      const result = await load(base, calls, token, soakSeconds);
      report(`  soak ${soak}`, result);
      console.info(
        `  API memory after soak ${soak} (${soakSeconds} s): ${await memory()} (budget: no growth from soak to soak)`,
      );
    }
  } finally {
    api.child.kill('SIGTERM');
    await Promise.race([api.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    killGroup(api);
    if (apiOff) killGroup(apiOff);
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
