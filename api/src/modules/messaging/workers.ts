import type { Config } from '../../config.js';
import type { WorkerDeps } from '../../jobs/queue.js';
import { queueMailing } from './mailings.service.js';
import { deliverDue, type Transports } from './outbox.js';
import { httpSmsTransport, smtpTransport } from './transports.js';

/** The transports this process is configured with; a channel without one keeps its messages waiting. */
export function transportsOf(config: Config): Transports {
  return {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined,
    sms: config.smsUrl ? httpSmsTransport(config.smsUrl, config.smsToken) : undefined,
  };
}

/** A sweep runs at most this long; the next one (a minute later at the latest) goes on. */
const sweepMs = 5 * 60_000;

/**
 * Subscribes to the messaging jobs: 'deliver-messages' (a sweep of every due message) and
 * 'queue-mailing'. A sweep runs at every start (messages that waited for a transport, or for this
 * worker) and every minute (retries that have come due).
 */
export async function messagingWorkers({ jobs, db, config }: WorkerDeps): Promise<void> {
  const transports = transportsOf(config);
  await jobs.boss.work('deliver-messages', { pollingIntervalSeconds: 1 }, async () => {
    await deliverDue(db, transports, { deadline: Date.now() + sweepMs });
  });
  await jobs.boss.work<{ mailingId: number }>(
    'queue-mailing',
    { pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await queueMailing(db, jobs, job.data.mailingId);
    },
  );
  await jobs.boss.schedule('deliver-messages', '* * * * *');
  await jobs.boss.send('deliver-messages', {});
}
