import { pragueDay, pragueMidnight } from '@genodesk/contract';
import { demoPassword } from '../src/seed/demo.js';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (reservations): 100,000 reservations in 20 consulting rooms (5,000 each: eight every
 * working day, Monday to Friday, from 60 weeks back to 65 weeks ahead; a tenth cancelled, a fifth
 * blocked, a fifth free), then
 * the calendar's week of all 20 rooms through the API, `GET admin/reservations ?From&To&ConsultingRoomIds`,
 * p50/p95 (budget p95 < 30 ms), with the plan of its query. Asserts nothing but that each call answers.
 */
const count = Number(process.env.BENCH_RESERVATIONS ?? 100_000);
const roomCount = 20;
const runs = Number(process.env.BENCH_RUNS ?? 30);

type Bench = Awaited<ReturnType<typeof startBenchServer>>;

async function load({ db }: Bench): Promise<number[]> {
  const started = performance.now();
  const client = await db.$client.connect();
  // The demo's rooms and their calendar make way for a regular grid in 20 rooms.
  await client.query('delete from reservations');
  await client.query(`
    insert into consulting_rooms (name, color, doctor_id)
    select 'Bench ' || n, 1 + n % 12, (select min(id) from users where email like 'doctor%')
    from generate_series(1, ${roomCount} - (select count(*)::int from consulting_rooms)) n`);
  const { rows: rooms } = await client.query<{ id: number }>(
    'select id::int from consulting_rooms order by id',
  );
  const perRoom = Math.ceil(count / rooms.length);
  await client.query(
    `insert into reservations (consulting_room_id, reservation_type, customer_id, is_fake,
       consultation_start, consultation_end, cancelled_at)
     select r.id, i % 3,
       case when i % 5 in (0, 1, 2) then (select min(id) from customers) + i % 90 end,
       i % 5 = 3,
       s.start, s.start + interval '45 minutes',
       case when i % 10 = 9 then now() end
     from unnest($1::bigint[]) with ordinality as r(id, n)
     cross join generate_series(0, $2 - 1) i
     cross join lateral (
       -- The i-th slot: working day i / 8 (five a week, from the Monday 60 weeks back), hour 8 + i % 8.
       select ((date_trunc('week', now() at time zone 'Europe/Prague') - interval '60 weeks'
         + ((i / 8) / 5 * 7 + (i / 8) % 5) * interval '1 day'
         + (8 + i % 8) * interval '1 hour') at time zone 'Europe/Prague') as start) s
     where (r.n - 1) * $2 + i < $3`,
    [rooms.map((r) => r.id), perRoom, count],
  );
  await client.query('vacuum analyze reservations');
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from reservations');
  client.release();
  console.info(
    `reservations: ${Number(rows[0]?.n).toLocaleString('en')} in ${rooms.length} rooms loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return rooms.map((r) => r.id);
}

async function measureWeek({ app, db }: Bench, headers: Record<string, string>, rooms: number[]) {
  // This week, Monday to Monday, on Prague's clock.
  const today = pragueDay(new Date());
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = pragueDay(new Date(pragueMidnight(today).getTime() - weekday * 86_400_000 + 43_200_000));
  const nextMonday = pragueDay(new Date(pragueMidnight(monday).getTime() + 7 * 86_400_000 + 43_200_000));
  const url = `/api/admin/reservations?From=${monday}&To=${nextMonday}&ConsultingRoomIds=${rooms.join(',')}`;
  const times: number[] = [];
  let items = 0;
  let bytes = 0;
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    const elapsed = performance.now() - t0;
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    items = (response.json() as { items: unknown[] }).items.length;
    bytes = response.rawPayload.length;
    if (i >= 3) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  console.info(
    `GET /api/admin/reservations, the week ${monday} – ${nextMonday} of ${rooms.length} rooms (${items} occurrences, ${(bytes / 1024).toFixed(0)} kB), ${runs} runs after 3 warm-ups:\n` +
      `  p50 ${p(0.5).toFixed(1)} ms  p95 ${p(0.95).toFixed(1)} ms  (budget p95 < 30 ms)`,
  );
  const from = pragueMidnight(monday).toISOString();
  const to = pragueMidnight(nextMonday).toISOString();
  const { rows } = await db.$client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off, timing off, summary on)
     select r.id from reservations r
     where r.cancelled_at is null
       and tstzrange(r.consultation_start, r.consultation_end) && tstzrange($1::timestamptz, $2::timestamptz)
       and r.consulting_room_id = any($3::bigint[])`,
    [from, to, rooms],
  );
  console.info(`  plan:\n${rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
}

async function main() {
  const bench = await startBenchServer('reservations');
  const login = await bench.app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'reception@genodesk.test', password: demoPassword },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const rooms = await load(bench);
  await measureWeek(bench, headers, rooms);
  await bench.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
