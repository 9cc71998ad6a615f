import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppProcess, killGroup, startProcess, waitFor } from './processes.js';
import { startSmtpServer } from './smtp.js';
import { type TestApp, testApp } from './test-app.js';

/**
 * Message delivery by `npm run worker` processes: a worker killed in the middle of a batch loses no
 * message, and another delivers the rest; a message goes out twice only if the kill fell between the
 * server's acceptance and the update that records it (one per delivery lane at most).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const workers: AppProcess[] = [];
beforeAll(async () => {
  t = await testApp();
  // A busy server: each message takes a while, so a batch is still going when the worker dies.
  smtp = await startSmtpServer({ delayMs: 40 });
});
afterAll(async () => {
  for (const worker of workers) killGroup(worker);
  await smtp.close();
  await t.close();
});

const worker = () => {
  const started = startProcess('worker', { DATABASE_URL: t.url, SEED_DEMO: '0', SMTP_URL: smtp.url });
  workers.push(started);
  return started;
};

it('a worker killed mid-batch loses no message; another delivers the rest, none twice but those in flight', async () => {
  // Nothing else is waiting: the demo's own messages would go out too.
  await t.db.$client.query(`update outbox_messages set status = 'sent' where status = 'pending'`);
  const count = 400;
  const { rows } = await t.db.$client.query<{ key: string }>(
    `insert into outbox_messages (channel, recipient, subject, body_text, kind)
     select 'email', 'zakaznik-' || n || '@example.test', 'Zprava ' || n, 'Text ' || n, 'test'
     from generate_series(1, $1) n returning message_key as key`,
    [count],
  );
  const first = worker();
  await waitFor('part of the batch to be delivered', async () => smtp.received.length >= 80, 60_000);
  killGroup(first);
  await first.exited;
  const deliveredBeforeKill = smtp.received.length;
  expect(deliveredBeforeKill).toBeLessThan(count);

  const second = worker();
  await waitFor(
    'every message to be recorded as sent',
    async () => {
      const { rows: left } = await t.db.$client.query(
        `select count(*)::int as n from outbox_messages where kind = 'test' and status <> 'sent'`,
      );
      return left[0].n === 0;
    },
    150_000,
  );
  const received = new Map<string, number>();
  for (const mail of smtp.received) received.set(mail.messageId, (received.get(mail.messageId) ?? 0) + 1);
  for (const { key } of rows) expect(received.get(`<${key}@genodesk.test>`) ?? 0).toBeGreaterThanOrEqual(1);
  const twice = [...received.values()].filter((n) => n > 1).length;
  // The delivery lanes of one worker: at most that many messages can be in the unclosable window.
  expect(twice).toBeLessThanOrEqual(4);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 240_000);
