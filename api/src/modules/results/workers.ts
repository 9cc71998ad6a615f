import { ResultUploadStatus } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import { type Database, transaction } from '../../db/client.js';
import { resultUploads } from '../../db/schema/index.js';
import type { WorkerDeps } from '../../jobs/queue.js';
import { failUpload, processResultsUpload } from './processing.js';
import { reanalyseJob } from './reanalysis.js';

/**
 * The worker's handling of one 'process-results-upload' job: a failure is retried by the queue; on the
 * last attempt an upload still processing or generating fails [5] rather than waiting for ever.
 */
export async function processUploadJob(
  db: Database,
  job: { data: { uploadId: number }; retryCount: number; retryLimit: number },
  process: (db: Database, uploadId: number) => Promise<void> = processResultsUpload,
): Promise<void> {
  try {
    await process(db, job.data.uploadId);
  } catch (error) {
    if (job.retryCount >= job.retryLimit)
      await transaction(db, async (tx) => {
        const [upload] = await tx
          .select({ status: resultUploads.status })
          .from(resultUploads)
          .where(eq(resultUploads.id, job.data.uploadId))
          .for('update');
        if (upload && upload.status <= ResultUploadStatus.GeneratingResults)
          await failUpload(tx, job.data.uploadId, {
            errors: [{ key: 'internalError', params: {} }],
            more: 0,
          });
      });
    throw error;
  }
}

/** Subscribes to the results jobs: 'process-results-upload' and 'reanalyse'. */
export async function resultsWorkers({ jobs, db }: WorkerDeps): Promise<void> {
  await jobs.work(
    'process-results-upload',
    { includeMetadata: true, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await processUploadJob(db, job);
    },
  );
  await jobs.work('reanalyse', { includeMetadata: true, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await reanalyseJob(db, job);
  });
}
