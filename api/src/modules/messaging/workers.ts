import type { Config } from '../../config.js';
import type { WorkerDeps } from '../../jobs/queue.js';
import { queueMailing } from './mailings.service.js';
import { deliverDue, type Transports } from './outbox.js';
import { httpSmsTransport, smtpTransport } from './transports.js';

/** The transports this process is configured with; a channel without one keeps its messages waiting. */
export function transportsOf(config: Config): Transports {
  return {
    // Images in e-mails load from PUBLIC_URL; without it (the demo on this machine) from localhost.
    email: config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom, {
          mediaOrigin: config.publicUrl ?? `http://localhost:${config.port}`,
        })
      : undefined,
    sms: config.smsUrl ? httpSmsTransport(config.smsUrl, config.smsToken) : undefined,
  };
}

/**
 * A sweep takes no new message after this long; the next one (a minute later at the latest) goes on.
 * With each send's own deadline, a sweep ends within this plus one send.
 */
const sweepMs = 45_000;

/**
 * Subscribes to the messaging jobs: 'deliver-messages' (a sweep of every due message) and
 * 'queue-mailing'. A sweep runs at every start (messages that waited for a transport, or for this
 * worker) and every minute (retries that have come due, a probe of a failing server). Two sweeps may
 * run at once in a worker: one still sending does not keep the next from taking what is due.
 */
export async function messagingWorkers({ jobs, db, config }: WorkerDeps): Promise<void> {
  const transports = transportsOf(config);
  await jobs.work('deliver-messages', { pollingIntervalSeconds: 1, localConcurrency: 2 }, async () => {
    await deliverDue(db, transports, { deadline: Date.now() + sweepMs });
  });
  await jobs.work('queue-mailing', { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    await queueMailing(db, jobs, job.data.mailingId);
    // A mailing adds thousands of due messages at once: until autovacuum's next analyze, PostgreSQL
    // would read and sort all of them for every message a lane takes, instead of the first one.
    await db.$client.query('analyze outbox_messages');
  });
  await jobs.boss.schedule('deliver-messages', '* * * * *');
  await jobs.boss.send('deliver-messages', {});
}
