import type { Database } from '../../db/client.js';
import type { Jobs } from '../../jobs/queue.js';

/** Subscribes to the products jobs: 'move-product'. */
export async function productsWorkers(_jobs: Jobs, _db: Database): Promise<void> {}
