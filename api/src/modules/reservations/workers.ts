import type { WorkerDeps } from '../../jobs/queue.js';
import { remindConsultation, remindDueConsultations } from './notifications.js';

/**
 * Subscribes to the reservations jobs: 'consultation-reminder' (one occurrence, due 24 hours before
 * its start) and 'consultation-reminders' (the sweep of the next 24 hours, every five minutes and at
 * start). Both are idempotent: a reminder is recorded with its SMS in one transaction.
 */
export async function reservationsWorkers({ jobs, db }: WorkerDeps): Promise<void> {
  await jobs.work('consultation-reminder', { batchSize: 20, pollingIntervalSeconds: 5 }, async (batch) => {
    for (const job of batch) await remindConsultation({ db, jobs }, job.data.reservationId, job.data.start);
  });
  await jobs.work('consultation-reminders', { pollingIntervalSeconds: 5 }, async () => {
    await remindDueConsultations({ db, jobs });
  });
  await jobs.boss.schedule('consultation-reminders', '*/5 * * * *');
  await jobs.boss.send('consultation-reminders', {});
}
