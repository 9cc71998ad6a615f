import type { createDatabase } from '../src/db/client.js';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (second part): the customers list over 1,000,000 customers and the samples list over
 * as many samples (one a customer), first page, through the API (inject: routing, auth, validation,
 * SQL, serialisation). Prints p50/p95 and the plans of the samples list's default order; then the
 * global search (Ctrl+K) for a rare name, broad and exact terms, and the plans PostgreSQL gives its
 * customers statement (custom, generic, and the one it picks after six runs); asserts nothing.
 */
const count = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
/** Fewer for the global search: before its fix a rare name took seconds a run. */
const searchRuns = Number(process.env.BENCH_SEARCH_RUNS ?? 12);

const firstNames = [
  'Jiří',
  'Jan',
  'Petr',
  'Josef',
  'Pavel',
  'Martin',
  'Tomáš',
  'Jana',
  'Marie',
  'Eva',
  'Hana',
  'Anna',
  'Lenka',
  'Kateřina',
  'Lucie',
  'Věra',
  'Alena',
  'Petra',
  'Ondřej',
  'Klára',
];
const surnames = [
  'Novák',
  'Svoboda',
  'Novotný',
  'Dvořák',
  'Černý',
  'Procházka',
  'Kučera',
  'Veselý',
  'Horák',
  'Němec',
  'Pokorný',
  'Marek',
  'Pospíšil',
  'Hájek',
  'Jelínek',
  'Král',
  'Růžička',
  'Beneš',
  'Fiala',
  'Sedláček',
  'Doležal',
  'Zeman',
  'Kolář',
  'Navrátil',
  'Čermák',
  'Urban',
  'Vaněk',
  'Blažek',
  'Kříž',
  'Kovář',
];
const cities = [
  'Praha',
  'Brno',
  'Ostrava',
  'Plzeň',
  'Olomouc',
  'Liberec',
  'České Budějovice',
  'Hradec Králové',
  'Pardubice',
  'Zlín',
];
const literal = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

type BenchDb = ReturnType<typeof createDatabase>;
type BenchApp = Awaited<ReturnType<typeof startBenchServer>>['app'];

/**
 * One sample a bench customer: statuses 1–11 in turn, a barcode (GD5…, clear of the demo's codes) from
 * status 3 on, `updatedAt` spread over 1,000 days. Indexes dropped, rows generated in SQL, indexes
 * built once afterwards.
 */
async function loadSamples(db: BenchDb) {
  const started = performance.now();
  const client = await db.$client.connect();
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'samples' and indexname <> 'samples_pkey'`,
  );
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  const {
    rows: [batch],
  } = await client.query<{ id: number }>(`insert into barcode_batches (count) values (0) returning id`);
  await client.query(
    `insert into barcodes (code, batch_id, assigned_at)
     select 'GD' || lpad((50000000 + c.id)::text, 8, '0'), $1, c.date_registration + interval '2 days'
     from customers c where c.email like '%@bench.example.cz' and 1 + c.id % 11 >= 3`,
    [batch?.id],
  );
  await client.query(`
    insert into samples (customer_id, status, barcode_id, sent_at, received_at, analysis_started_at,
      created_at, updated_at)
    select c.id, 1 + c.id % 11, b.id,
      case when b.id is not null then c.date_registration + interval '2 days' end,
      case when 1 + c.id % 11 >= 4 then c.date_registration + interval '9 days' end,
      case when 1 + c.id % 11 = 11 then c.date_registration + interval '12 days' end,
      c.date_registration,
      now() - ((c.id * 11) % 1000) * interval '1 day' - ((c.id * 7) % 86400) * interval '1 second'
    from customers c
    left join barcodes b on b.code = 'GD' || lpad((50000000 + c.id)::text, 8, '0')
    where c.email like '%@bench.example.cz'`);
  const loaded = performance.now();
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('vacuum analyze samples');
  await client.query('vacuum analyze barcodes');
  const {
    rows: [counted],
  } = await client.query<{ n: number }>('select count(*)::int as n from samples');
  client.release();
  const indexed = performance.now();
  console.info(
    `samples: ${(counted?.n ?? 0).toLocaleString('en')} rows loaded in ${((loaded - started) / 1000).toFixed(0)} s, ` +
      `${indexes.length} indexes built in ${((indexed - loaded) / 1000).toFixed(0)} s`,
  );
}

/**
 * A report for every bench sample with results (statuses 6, 8, 9): generated [1], published [3] or
 * invited [2] by the sample's status; one in five in the doctor section, one in seven archived, one in
 * thirteen requiring inspection. Indexes dropped and built once afterwards.
 */
async function loadReports(db: BenchDb) {
  const started = performance.now();
  const client = await db.$client.connect();
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'products' and indexname <> 'products_pkey'`,
  );
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  await client.query(`
    insert into products (customer_id, sample_id, status, content, requires_inspection, is_in_doctor_section,
      is_archived, generated_at)
    select s.customer_id, s.id, case s.status when 6 then 1 when 8 then 3 else 2 end, '{"categories":[]}',
      s.id % 13 = 0, s.id % 5 = 0, s.id % 7 = 0, s.updated_at
    from samples s join customers c on c.id = s.customer_id
    where c.email like '%@bench.example.cz' and s.status in (6, 8, 9)`);
  const loaded = performance.now();
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('vacuum analyze products');
  const {
    rows: [counted],
  } = await client.query<{ n: number }>('select count(*)::int as n from products');
  client.release();
  console.info(
    `reports: ${(counted?.n ?? 0).toLocaleString('en')} rows loaded in ${((loaded - started) / 1000).toFixed(0)} s, ` +
      `${indexes.length} indexes built in ${((performance.now() - loaded) / 1000).toFixed(0)} s`,
  );
}

/** The plans of the samples list's first page in its default order (`-updatedAt`): index walks or not. */
async function explainSamples(db: BenchDb) {
  const from = `from samples join customers on customers.id = samples.customer_id
    left join barcodes on barcodes.id = samples.barcode_id`;
  // As `customerMatches` writes it: the pattern folded as the search column is (`search_fold`).
  const broad = `(customers.search like search_fold('%novák%') or lower(barcodes.code) like '%novák%')`;
  const order = 'order by samples.updated_at desc nulls last, samples.id desc limit 25';
  const statements: [string, string][] = [
    ['default', `select samples.id ${from} ${order}`],
    ['work list', `select samples.id ${from} where samples.status in (4, 5, 10) ${order}`],
    // A broad search (over 2,000 customers) filters the order walk; its total is a capped count.
    ['broad search, page', `select samples.id ${from} where ${broad} ${order}`],
    [
      'broad search, capped count',
      `select count(*) from (select 1 ${from} where ${broad} limit 1001) capped`,
    ],
    ['search candidates', `select id from customers where search like search_fold('%novák%') limit 2001`],
  ];
  for (const [label, statement] of statements) {
    const { rows } = await db.$client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, buffers off) ${statement}`,
    );
    console.info(`EXPLAIN samples list, ${label}:\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

/**
 * `GET admin/search` (Ctrl+K) as an administrator, every group: a name three customers share (with
 * and without its diacritics), a broad one, an e-mail. Each query is asked `searchRuns` times after
 * three warm-ups: PostgreSQL plans a prepared statement for its values five times, then may keep a
 * generic plan, which cannot see how rare a pattern is.
 */
async function measureSearch(app: BenchApp, headers: Record<string, string>) {
  console.info(`GET /api/admin/search (admin, every group), ${searchRuns} runs each after 3 warm-ups:`);
  for (const [label, q] of [
    ['a rare name "vyskočil" (3 customers)', 'vyskočil'],
    ['a rare name "vyskocilova" (2, no diacritics)', 'vyskocilova'],
    ['"novák" (1 in 30)', 'novák'],
    ['an e-mail', 'customer654321@bench'],
  ] as const) {
    const times: number[] = [];
    let hits = '';
    for (let i = 0; i < searchRuns + 3; i++) {
      const t0 = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/search?q=${encodeURIComponent(q)}`,
        headers,
      });
      const elapsed = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`search ${q} answered ${response.statusCode}`);
      hits = (response.json() as { groups: { group: string; hits: unknown[] }[] }).groups
        .map((g) => `${g.group} ${g.hits.length}`)
        .join(', ');
      if (i >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const p = (f: number) => times[Math.min(times.length - 1, Math.floor(times.length * f))] ?? 0;
    console.info(
      `  ${label.padEnd(48)} p50 ${p(0.5).toFixed(1).padStart(7)} ms  p95 ${p(0.95).toFixed(1).padStart(7)} ms  (${hits})`,
    );
  }
}

/**
 * The global search's customers statement (as `customerHits` writes it) for the rare name, prepared by
 * name: its custom plan, its generic plan, and the plan PostgreSQL runs after six executions.
 */
async function explainSearch(db: BenchDb) {
  const client = await db.$client.connect();
  try {
    await client.query(`prepare rare_name(text) as
      select id, name, surname from customers where erased_at is null and search like search_fold($1)
      order by date_registration desc nulls last, id desc limit 5`);
    const show = async (label: string, statement: string) => {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(statement);
      console.info(
        `EXPLAIN global search, customers, ${label}:\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`,
      );
    };
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      await show(mode, `explain (analyze, buffers off) execute rare_name('%vyskočil%')`);
    }
    await client.query('reset plan_cache_mode');
    for (let i = 0; i < 6; i++) await client.query(`execute rare_name('%vyskočil%')`);
    await show('auto, after six runs', `explain execute rare_name('%vyskočil%')`);
    const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
      `select generic_plans, custom_plans from pg_prepared_statements where name = 'rare_name'`,
    );
    console.info(`  (generic plans ${rows[0]?.generic_plans}, custom plans ${rows[0]?.custom_plans})`);
    await client.query('deallocate rare_name');
  } finally {
    client.release();
  }
}

/** `GET admin/dashboard` as an administrator: every counter, each stopping at 1,000. */
async function measureDashboard(app: BenchApp, headers: Record<string, string>) {
  const times: number[] = [];
  let counters = '';
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
    const elapsed = performance.now() - t0;
    if (response.statusCode !== 200) throw new Error(`dashboard answered ${response.statusCode}`);
    counters = (response.json() as { counters: { key: string; count: number; capped: boolean }[] }).counters
      .map((c) => `${c.key} ${c.count}${c.capped ? '+' : ''}`)
      .join(', ');
    if (i >= 3) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  console.info(
    `GET /api/admin/dashboard (admin, every counter): p50 ${p(0.5).toFixed(1)} ms  p95 ${p(0.95).toFixed(1)} ms (budget: p95 ≤ 50 ms)\n  ${counters}`,
  );
}

async function main() {
  const started = performance.now();
  const { app, db, stop } = await startBenchServer('customers');

  // Bulk load: indexes dropped, rows generated in SQL, indexes built once afterwards.
  const client = await db.$client.connect();
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'customers' and indexname <> 'customers_pkey'`,
  );
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query('set max_parallel_maintenance_workers = 2');
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  await client.query(`
    insert into customers (name, surname, email, gender, date_of_birth, phone_prefix, phone, street, street_number,
      city, zip_code, ext_id, open_lims_id, registration_source, date_registration)
    select
      (${literal(firstNames)})[1 + (i * 7) % ${firstNames.length}],
      (${literal(surnames)})[1 + (i * 13) % ${surnames.length}],
      'customer' || i || '@bench.example.cz',
      1 + i % 2,
      date '1940-01-01' + (i * 37) % 27000,
      '+420',
      (600000000 + (i::bigint * 7919) % 199999999)::text,
      'Ulice ' || (i % 500),
      (1 + i % 150)::text,
      (${literal(cities)})[1 + (i * 3) % ${cities.length}],
      lpad(((i * 11) % 80000 + 10000)::text, 5, '0'),
      case when i % 3 = 0 then 'GX' || lpad(i::text, 8, '0') end,
      case when i % 2 = 0 then 'OL-' || lpad(i::text, 7, '0') end,
      1 + i % 3,
      now() - ((i * 7) % 1000) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, ${count}) i`);
  const loaded = performance.now();
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('vacuum analyze customers');
  // A name few customers share, registered before every other bench customer: a walk of the
  // registrations' index from the newest meets them last.
  await client.query(`
    insert into customers (name, surname, email, gender, phone_prefix, phone, registration_source, date_registration)
    values ('Zdislava', 'Vyskočilová', 'zdislava@rare.example.cz', 2, '+420', '', 1, now() - interval '1100 days'),
      ('Zdislava', 'Vyskočilová', 'zdislava2@rare.example.cz', 2, '+420', '', 1, now() - interval '1101 days'),
      ('Bořek', 'Vyskočil', 'borek@rare.example.cz', 1, '+420', '', 1, now() - interval '1102 days')`);
  client.release();
  const indexed = performance.now();
  console.info(
    `customers: ${count.toLocaleString('en')} rows loaded in ${((loaded - started) / 1000).toFixed(0)} s, ` +
      `${indexes.length} indexes built in ${((indexed - loaded) / 1000).toFixed(0)} s`,
  );

  await loadSamples(db);
  await loadReports(db);

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'admin@genodesk.test', password: 'genodesk' },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

  const cases: [string, string][] = [
    ['default (newest registrations)', ''],
    ['search "novák" (1 in 30)', 'search=nov%C3%A1k'],
    ['search "novak" (typed without diacritics)', 'search=novak'],
    ['search an e-mail', 'search=customer654321%40bench'],
    ['search a phone fragment', 'search=731%20234'],
    ['search a barcode (extID)', 'search=GX00300000'],
    ['search an OpenLIMS id', 'search=OL-0777778'],
    ['search a rare name "vyskočil" (3 customers)', 'search=vysko%C4%8Dil'],
    ['sort surname', 'sort=surname'],
    ['sort -email', 'sort=-email'],
    ['sort extID', 'sort=extID'],
    ['sort -dateOfBirth', 'sort=-dateOfBirth'],
    ['search "kateřina" sorted by -dateRegistration', 'search=kate%C5%99ina&sort=-dateRegistration'],
    [
      'source 2, registered in 2025, sort city',
      'registrationSource=2&registeredFrom=2025-01-01&registeredTo=2025-12-31&sort=city',
    ],
  ];
  const measure = async (list: string, cases: [string, string][]) => {
    console.info(`GET /api/admin/${list}, first page (25), ${runs} runs each after 3 warm-ups:`);
    for (const [label, query] of cases) {
      const url = `/api/admin/${list}?${query}`;
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
        `  ${label.padEnd(48)} p50 ${p(0.5).toFixed(1).padStart(6)} ms  p95 ${p(0.95).toFixed(1).padStart(6)} ms  (total ${exact ? '' : 'about '}${total.toLocaleString('en')})`,
      );
    }
  };
  await measure('customers', cases);
  await measure('samples', [
    ['default (-updatedAt)', ''],
    ['status 4 (received)', 'status=4'],
    ['work list waitingForAnalysis [4, 5, 10]', 'list=waitingForAnalysis'],
    ['search a barcode', 'search=GD50300000'],
    ['search "novák" (customer name)', 'search=nov%C3%A1k'],
    ['search a customer e-mail', 'search=customer654321%40bench'],
  ]);
  await explainSamples(db);
  await measure('products', [
    ['default (-generatedAt)', 'section=results'],
    ['status 1 (to evaluate)', 'section=results&status=1'],
    ['requiring inspection', 'section=results&requiresInspection=true'],
    ['doctor section', 'section=doctorSection'],
  ]);
  await measureDashboard(app, headers);
  await measureSearch(app, headers);
  await explainSearch(db);

  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
