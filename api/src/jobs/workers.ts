import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { deliverMessage, type Mailer, smtpMailer } from '../modules/messaging/outbox.js';
import { productsWorkers } from '../modules/products/workers.js';
import { resultsWorkers } from '../modules/results/workers.js';
import type { Jobs } from './queue.js';

/** Subscribes this process to every job kind. */
export async function startWorkers(jobs: Jobs, db: Database, config: Config, mailer?: Mailer): Promise<void> {
  const transport = mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined);
  await jobs.boss.work<{ messageId: number }>('deliver-message', async ([job]) => {
    if (job) await deliverMessage(db, transport, job.data.messageId);
  });
  await resultsWorkers(jobs, db);
  await productsWorkers(jobs, db);
}
