import { PgBoss } from 'pg-boss';
import type { Tx } from '../db/client.js';

/** Every kind of background job, with the data it carries. */
export type JobPayloads = {
  'deliver-message': { messageId: number };
  /** Parse, pair and store a results upload, then generate its reports (modules/results). */
  'process-results-upload': { uploadId: number };
  /** Carry out a requested move of a report between sections (modules/products). */
  'move-product': { productId: number };
  /** Reanalyse one report or all, in batches (modules/results). */
  reanalyse: { runId: number };
};
export type JobName = keyof JobPayloads;
export const jobNames: JobName[] = ['deliver-message', 'process-results-upload', 'move-product', 'reanalyse'];

export type Jobs = {
  boss: PgBoss;
  /** Enqueues a job inside the caller's transaction: it exists only if the change commits. */
  send<N extends JobName>(tx: Tx, name: N, data: JobPayloads[N]): Promise<void>;
  stop(): Promise<void>;
};

export async function startJobs(connectionString: string, options: { supervise: boolean }): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString,
    max: 5,
    supervise: options.supervise,
    schedule: options.supervise,
  });
  boss.on('error', (error) => console.error('job queue:', error.message));
  await boss.start();
  for (const name of jobNames) {
    await boss.createQueue(name, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
  }
  return {
    boss,
    async send(tx, name, data) {
      await boss.send(name, data, {
        db: { executeSql: (text, values) => tx.$client.query(text, values as unknown[]) },
      });
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
