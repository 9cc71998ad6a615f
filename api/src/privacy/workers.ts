import type { WorkerDeps } from '../jobs/queue.js';
import { log } from '../observability/log.js';
import { purgeExpired } from './retention.js';

/**
 * Subscribes to 'retention-purge' (retention.ts): every night at 03:30 Prague time and at every start
 * of a worker (one waiting is enough: the queue's policy is `short`).
 */
export async function privacyWorkers({ jobs, db, config }: WorkerDeps): Promise<void> {
  await jobs.work('retention-purge', { pollingIntervalSeconds: 60 }, async () => {
    const report = await purgeExpired(db, config.retention);
    if (Object.values(report).some((n) => n > 0)) log.info({ purged: report }, 'retention purge');
  });
  await jobs.boss.schedule('retention-purge', '30 3 * * *', {}, { tz: 'Europe/Prague' });
  await jobs.boss.send('retention-purge', {});
}
