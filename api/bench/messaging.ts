import { MailingStatus } from '@genodesk/contract';
import { queueMailing } from '../src/modules/messaging/mailings.service.js';
import { deliverDue } from '../src/modules/messaging/outbox.js';
import { smtpTransport } from '../src/modules/messaging/transports.js';
import { demoPassword } from '../src/seed/demo.js';
import { startSmtpServer } from '../test/smtp.js';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (messaging): an e-mail from the e-mail screen to 100,000 customers, from the send
 * request until every message is in the outbox (budget: < 30 s); then delivery to a local SMTP server
 * for `BENCH_DELIVERY_SECONDS`, in messages per second. Prints figures; asserts nothing.
 */
const customerCount = Number(process.env.BENCH_MAILING_CUSTOMERS ?? 100_000);
const deliverySeconds = Number(process.env.BENCH_DELIVERY_SECONDS ?? 20);

async function main() {
  const { app, db, jobs, stop } = await startBenchServer('messaging');
  await db.$client.query(
    `insert into customers (name, surname, email, gender, registration_source, notify_by_email, language)
     select 'Zákazník', 'Hromadný ' || i, 'hromadny-' || i || '@bench.example.cz', 1 + i % 2, 1 + i % 3, true,
       case when i % 10 = 0 then 'en' else 'cs' end
     from generate_series(1, $1) i`,
    [customerCount],
  );
  await db.$client.query('vacuum analyze customers');
  // Only the bench's own messages go out.
  await db.$client.query(`update outbox_messages set status = 'sent' where status = 'pending'`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'admin@genodesk.test', password: demoPassword },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/email/send',
    headers,
    payload: {
      Filter: {},
      Subject: 'Novinky GenoDesku',
      Body: '<p>Dobrý den,</p><p>posíláme <strong>novinky</strong> z laboratoře.</p>',
      SubjectEn: 'GenoDesk news',
      BodyEn: '<p>Hello,</p><p>here is <strong>news</strong> from the lab.</p>',
    },
  });
  if (response.statusCode !== 202) throw new Error(`send answered ${response.statusCode}: ${response.body}`);
  const answered = performance.now();
  const mailing = response.json() as { id: number; recipients: number };
  await queueMailing(db, jobs, mailing.id);
  const queuedAt = performance.now();
  const { rows } = await db.$client.query<{ status: number; queued: number }>(
    'select status, queued from mailings where id = $1',
    [mailing.id],
  );
  console.info(
    `e-mail to ${mailing.recipients.toLocaleString('en')} customers: answered in ${(answered - started).toFixed(0)} ms, ` +
      `${rows[0]?.queued.toLocaleString('en')} messages in the outbox after ${((queuedAt - started) / 1000).toFixed(1)} s` +
      `${rows[0]?.status === MailingStatus.Done ? '' : ' (not done!)'} (budget: < 30 s)`,
  );

  const smtp = await startSmtpServer();
  const email = smtpTransport(smtp.url, 'GenoDesk <no-reply@genodesk.test>');
  const deliveryStart = performance.now();
  const report = await deliverDue(db, { email }, { deadline: Date.now() + deliverySeconds * 1000 });
  const deliveryTime = (performance.now() - deliveryStart) / 1000;
  console.info(
    `delivery to a local SMTP server (4 connections): ${report.sent.toLocaleString('en')} messages in ${deliveryTime.toFixed(1)} s, ` +
      `${(report.sent / deliveryTime).toFixed(0)} messages/s (${report.retry} to retry, ${report.failed} failed; the server received ${smtp.received.length})`,
  );
  email.close();
  await smtp.close();
  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
