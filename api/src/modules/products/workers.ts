import type { WorkerDeps } from '../../jobs/queue.js';
import { moveProduct } from './products.service.js';

/**
 * Subscribes to the products jobs: 'move-product'. Moves are small and idempotent (a job finding
 * nothing pending does nothing), so a batch is fetched at once and a failed batch may simply be retried.
 */
export async function productsWorkers({ jobs, db }: WorkerDeps): Promise<void> {
  await jobs.work(
    'move-product',
    { batchSize: 20, burstWhenBatchFull: true, pollingIntervalSeconds: 1 },
    async (batch) => {
      for (const job of batch) await moveProduct(db, job.data.productId);
    },
  );
}
