import { writeGpc } from '../src/modules/finances/gpc.js';
import { demoPassword } from '../src/seed/demo.js';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (finances): the orders, payments and unprocessed-orders lists over 1,000,000 orders
 * (one payment each), first page through the API, p50/p95; then a 10,000-line GPC statement imported
 * through `POST admin/payments/bank-statement` (9,000 credits paying waiting transfers, the rest
 * unmatched for each reason), timed. Asserts nothing but that each call answers.
 */
const count = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const statementLines = Number(process.env.BENCH_STATEMENT_LINES ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);

type Bench = Awaited<ReturnType<typeof startBenchServer>>;

/**
 * One customer per ten orders; payments by method in turn (card with every gateway status, bank
 * transfer, cash), two thirds completed; orders complete when paid, every 7th paid one still to
 * finalize. Indexes dropped while loading and built once afterwards.
 */
async function loadOrders({ db }: Bench) {
  const started = performance.now();
  const client = await db.$client.connect();
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`
    insert into customers (name, surname, email, gender, registration_source, date_registration)
    select 'Zákazník', 'Objednávka ' || i, 'order-customer' || i || '@bench.example.cz', 1 + i % 2, 1,
      now() - (i % 1000) * interval '1 day'
    from generate_series(1, ${Math.ceil(count / 10)}) i`);
  const tables = ['orders', 'payments'];
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where tablename = any($1) and indexname not in ('orders_pkey', 'payments_pkey')`,
    [tables],
  );
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  await client.query(`
    insert into orders (customer_id, order_number, product_type_id, amount, complete, paid_by, date_order_paid,
      created_at)
    select c.id, 5000000 + i, (select min(id) from product_types), 249000 + (i % 5) * 10000,
      i % 3 <> 0 and i % 7 <> 0, case when i % 3 = 0 then 6 else 1 + i % 3 end,
      case when i % 3 <> 0 then now() - (i % 900) * interval '1 day' end,
      now() - (i % 1000) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, ${count}) i
    join customers c on c.email = 'order-customer' || (1 + i % ${Math.ceil(count / 10)}) || '@bench.example.cz'`);
  await client.query(`
    insert into payments (order_id, method, amount, card_status, transaction_id, ref_id, variable_symbol,
      completed_at, created_at)
    select o.id, m.method, o.amount,
      case when m.method = 1 then case when o.date_order_paid is not null then 3 else 1 + o.id % 4 end end,
      case when m.method = 1 then 'TX' || o.id end,
      case when m.method = 1 then 'REF' || o.id end,
      case when m.method = 2 then o.order_number::text end,
      o.date_order_paid, o.created_at
    from orders o
    cross join lateral (select case when o.paid_by = 6 then 1 + o.id % 2 else o.paid_by end as method) m
    where o.order_number > 5000000`);
  const loaded = performance.now();
  for (const index of indexes) await client.query(index.indexdef);
  for (const table of ['customers', ...tables]) await client.query(`vacuum analyze ${table}`);
  client.release();
  console.info(
    `orders: ${count.toLocaleString('en')} orders and payments loaded in ${((loaded - started) / 1000).toFixed(0)} s, ` +
      `${indexes.length} indexes built in ${((performance.now() - loaded) / 1000).toFixed(0)} s`,
  );
}

async function measureLists({ app }: Bench, headers: Record<string, string>) {
  const lists: [string, [string, string][]][] = [
    [
      'orders',
      [
        ['default (newest)', ''],
        ['search an order number', 'search=5654321'],
        ['search a customer e-mail', 'search=order-customer54321%40bench'],
        ['not complete', 'complete=false'],
        ['paid by cash, sort -amount', 'paidBy=3&sort=-amount'],
        ['created in a month', 'createdFrom=2026-03-01&createdTo=2026-03-31'],
      ],
    ],
    [
      'payments',
      [
        ['default (newest)', ''],
        ['card, authorized', 'method=1&cardStatus=2'],
        ['not completed', 'completed=false'],
        ['search a variable symbol', 'search=5654321'],
        ['search a transaction id', 'search=TX654321'],
      ],
    ],
    [
      'unpaidcustomers',
      [
        ['default (newest)', ''],
        ['missing payment', 'missing=payment'],
        ['missing finalization', 'missing=finalization'],
      ],
    ],
  ];
  for (const [list, cases] of lists) {
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
        `  ${label.padEnd(36)} p50 ${p(0.5).toFixed(1).padStart(6)} ms  p95 ${p(0.95).toFixed(1).padStart(6)} ms  (total ${exact ? '' : 'about '}${total.toLocaleString('en')}; budget p95 < 50 ms)`,
      );
    }
  }
}

/**
 * `statementLines` waiting bank transfers (new orders, variable symbol = order number), and a
 * statement of as many lines: 90 % pay theirs exactly, the rest differ in amount, name an unknown
 * symbol, repeat a paid one or are debits.
 */
async function importStatement({ app, db }: Bench, headers: Record<string, string>) {
  const client = await db.$client.connect();
  const { rows: waiting } = await client.query<{ order_number: string; amount: number }>(`
    with created as (
      insert into orders (customer_id, order_number, product_type_id, amount)
      select (select min(id) from customers), 8000000 + i, (select min(id) from product_types), 249000
      from generate_series(1, ${statementLines}) i
      returning id, order_number, amount)
    insert into payments (order_id, method, amount, variable_symbol)
    select id, 2, amount, order_number::text from created
    returning variable_symbol as order_number, amount`);
  client.release();
  const line = (variableSymbol: string, amount: number, credit = true) => ({
    counterAccount: '0000001234567899',
    counterBank: '0100',
    counterName: 'Plátce',
    amount,
    credit,
    variableSymbol,
    valueDate: '2026-11-20',
  });
  const transactions = waiting.map((w, i) => {
    if (i % 10 !== 9) return line(w.order_number, w.amount);
    switch (i % 40) {
      case 9:
        return line(w.order_number, w.amount - 100);
      case 19:
        return line(String(9000000 + i), w.amount);
      case 29:
        return line(waiting[0]?.order_number ?? '', w.amount);
      default:
        return line('', w.amount, false);
    }
  });
  const file = writeGpc({
    account: '19-2000145399',
    accountName: 'GenoDesk s.r.o.',
    date: '2026-11-20',
    transactions,
  });
  const t0 = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/payments/bank-statement?FileName=bench.gpc',
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    payload: file,
  });
  const elapsed = performance.now() - t0;
  if (response.statusCode !== 200)
    throw new Error(`import answered ${response.statusCode}: ${response.body}`);
  const result = response.json() as { lines: number; matched: number; unmatched: number };
  console.info(
    `POST /api/admin/payments/bank-statement: ${result.lines.toLocaleString('en')} lines ` +
      `(${(file.length / 1024).toFixed(0)} KiB; ${result.matched.toLocaleString('en')} matched, ` +
      `${result.unmatched.toLocaleString('en')} unmatched) in ${(elapsed / 1000).toFixed(2)} s (budget < 2 s)`,
  );
}

async function main() {
  const bench = await startBenchServer('finances');
  await loadOrders(bench);
  const login = await bench.app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'admin@genodesk.test', password: demoPassword },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  await measureLists(bench, headers);
  await importStatement(bench, headers);
  await bench.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
