import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppProcess, killGroup, startProcess, waitFor } from './processes.js';
import { closedPort, startSmtpServer } from './smtp.js';
import { demo, type TestApp, testApp } from './test-app.js';

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

const worker = (smtpUrl = smtp.url) => {
  const started = startProcess('worker', { DATABASE_URL: t.url, SEED_DEMO: '0', SMTP_URL: smtpUrl });
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
  // The dead worker's batch is leased to it for a minute; the minute passes here at once.
  const { rowCount: leased } = await t.db.$client.query(
    `update outbox_messages set leased_until = now() - interval '1 second'
     where kind = 'test' and status = 'pending' and leased_until > now()`,
  );
  expect(leased).toBeGreaterThan(0);

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

it('a short SMTP outage stops nothing: seven e-mails sent while the server is down all arrive once, within two minutes of it coming up', async () => {
  await t.db.$client.query(`update outbox_messages set status = 'sent' where status = 'pending'`);
  const port = await closedPort();
  const running = worker(`smtp://127.0.0.1:${port}`);
  const admin = await t.authAs(demo.admin);
  const recipients = Array.from({ length: 7 }, (_, n) => `vypadek-${n}@example.test`);
  const answers = await Promise.all(
    recipients.map((To) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/email/send',
        headers: admin,
        payload: { To, Subject: 'Vysledky jsou pripraveny', Body: '<p>Dobry den</p>' },
      }),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(recipients.map(() => 202));
  // The worker finds the server down: its first attempts are refused.
  await waitFor(
    'the first refused attempt',
    async () => {
      const { rows } = await t.db.$client.query(
        `select 1 from outbox_messages where recipient = any($1) and last_error like '%ECONNREFUSED%'`,
        [recipients],
      );
      return rows.length > 0;
    },
    30_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  const late = await startSmtpServer({ port });
  const upAt = Date.now();
  await waitFor(
    'all seven e-mails to arrive',
    async () => recipients.every((to) => late.received.some((m) => m.to.includes(to))),
    120_000,
  );
  expect(Date.now() - upAt).toBeLessThan(120_000);
  for (const to of recipients) expect(late.received.filter((m) => m.to.includes(to))).toHaveLength(1);
  await waitFor(
    'every one recorded as sent',
    async () => {
      const { rows } = await t.db.$client.query(
        `select count(*)::int as n from outbox_messages where recipient = any($1) and status = 'sent'`,
        [recipients],
      );
      return rows[0].n === recipients.length;
    },
    10_000,
  );
  running.child.kill('SIGTERM');
  expect(await running.exited).toBe(0);
  await late.close();
}, 240_000);
