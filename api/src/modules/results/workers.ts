import type { Database } from '../../db/client.js';
import type { Jobs } from '../../jobs/queue.js';

/** Subscribes to the results jobs: 'process-results-upload' and 'reanalyse'. */
export async function resultsWorkers(_jobs: Jobs, _db: Database): Promise<void> {}
