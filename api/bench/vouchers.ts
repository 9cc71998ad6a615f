import { demoPassword } from '../src/seed/demo.js';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (vouchers): 10,000 vouchers created in one `PUT create-money-voucher` (a batch with
 * a prefix), timed; then the vouchers list over 1,000,000 vouchers, first page through the API,
 * p50/p95. Asserts nothing but that each call answers.
 */
const count = Number(process.env.BENCH_VOUCHERS ?? 1_000_000);
const batch = Number(process.env.BENCH_VOUCHER_BATCH ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);

type Bench = Awaited<ReturnType<typeof startBenchServer>>;

async function createBatch({ app }: Bench, headers: Record<string, string>) {
  const t0 = performance.now();
  const response = await app.inject({
    method: 'PUT',
    url: '/api/admin/vouchers/create-money-voucher',
    headers,
    payload: {
      Code: 'BENCH-',
      HowMany: batch,
      Amount: 500,
      VoucherType: 2,
      FromWho: 'GenoDesk',
      ValidTo: '2027-12-31',
    },
  });
  const elapsed = performance.now() - t0;
  if (response.statusCode !== 200)
    throw new Error(`create answered ${response.statusCode}: ${response.body}`);
  const reply = response.json() as { count: number };
  console.info(
    `PUT /api/admin/vouchers/create-money-voucher: ${reply.count.toLocaleString('en')} vouchers in one request ` +
      `in ${(elapsed / 1000).toFixed(2)} s (budget < 3 s)`,
  );
}

/**
 * The rest up to `count`: money and product, standard and gift, every 5th expired, every 4th used up.
 * Indexes dropped while loading and built once afterwards.
 */
async function loadVouchers({ db }: Bench) {
  const started = performance.now();
  const client = await db.$client.connect();
  await client.query(`set maintenance_work_mem = '512MB'`);
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where tablename = 'vouchers' and indexname not in ('vouchers_pkey', 'vouchers_code_lower_key')`,
  );
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from vouchers');
  const missing = Math.max(0, count - Number(rows[0]?.n ?? 0));
  await client.query(`
    insert into vouchers (kind, code, amount, product_type_id, voucher_type, valid_to, for_who, from_who,
      max_usage_count, remaining_usage_count, redeemed, created_at)
    select k.kind, 'LOAD-' || i, case when k.kind = 1 then 10000 + (i % 50) * 1000 end,
      case when k.kind = 2 then (select min(id) from product_types) end,
      1 + i % 2, current_date + (case when i % 5 = 0 then -30 else 365 end),
      case when i % 2 = 1 then 'Obdarovaný ' || i end, case when i % 2 = 1 then 'Dárce ' || i end,
      2, case when i % 4 = 0 then 0 else 2 end, i % 4 = 0,
      now() - (i % 1000) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, ${missing}) i
    cross join lateral (select 1 + i % 3 / 2 as kind) k`);
  const loaded = performance.now();
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('vacuum analyze vouchers');
  client.release();
  console.info(
    `vouchers: ${missing.toLocaleString('en')} loaded in ${((loaded - started) / 1000).toFixed(0)} s, ` +
      `${indexes.length} indexes built in ${((performance.now() - loaded) / 1000).toFixed(0)} s`,
  );
}

async function measureList({ app }: Bench, headers: Record<string, string>) {
  const cases: [string, string][] = [
    ['default (newest)', ''],
    ['money vouchers', 'kind=1'],
    ['sort by code', 'sort=code'],
    ['search a code', 'search=load-654321'],
    ['search for whom', 'search=obdarovan%C3%BD%2065432'],
  ];
  console.info(`GET /api/admin/vouchers, first page (25), ${runs} runs each after 3 warm-ups:`);
  for (const [label, query] of cases) {
    const url = `/api/admin/vouchers?${query}`;
    const times: number[] = [];
    let total = 0;
    let exact = true;
    for (let i = 0; i < runs + 3; i++) {
      const t0 = performance.now();
      const response = await app.inject({ method: 'GET', url, headers });
      const elapsed = performance.now() - t0;
      if (response.statusCode !== 200)
        throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      const page = response.json() as { total: number; totalExact?: boolean };
      total = page.total;
      exact = page.totalExact !== false;
      if (i >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
    console.info(
      `  ${label.padEnd(24)} p50 ${p(0.5).toFixed(1).padStart(6)} ms  p95 ${p(0.95).toFixed(1).padStart(6)} ms  (total ${exact ? '' : 'about '}${total.toLocaleString('en')}; budget p95 < 50 ms)`,
    );
  }
}

async function main() {
  const bench = await startBenchServer('vouchers');
  const login = await bench.app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'admin@genodesk.test', password: demoPassword },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  await createBatch(bench, headers);
  await loadVouchers(bench);
  await measureList(bench, headers);
  await bench.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
