import { ResultUploadStatus } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import { type Database, transaction } from '../../db/client.js';
import { resultUploads } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/queue.js';
import { failUpload, processResultsUpload } from './processing.js';
import { reanalyseJob } from './reanalysis.js';

/** Subscribes to the results jobs: 'process-results-upload' and 'reanalyse'. */
export async function resultsWorkers(jobs: Jobs, db: Database): Promise<void> {
  await jobs.boss.work<{ uploadId: number }, void, { includeMetadata: true; pollingIntervalSeconds: number }>(
    'process-results-upload',
    { includeMetadata: true, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      try {
        await processResultsUpload(db, job.data.uploadId);
      } catch (error) {
        // The last attempt: the upload fails rather than staying "processing" for ever.
        if (job.retryCount >= job.retryLimit) {
          await transaction(db, async (tx) => {
            const [upload] = await tx
              .select({ status: resultUploads.status })
              .from(resultUploads)
              .where(eq(resultUploads.id, job.data.uploadId))
              .for('update');
            if (upload && upload.status <= ResultUploadStatus.GeneratingResults)
              await failUpload(tx, job.data.uploadId, { key: 'internalError', params: {} });
          });
        }
        throw error;
      }
    },
  );
  await jobs.boss.work<{ runId: number }, void, { includeMetadata: true; pollingIntervalSeconds: number }>(
    'reanalyse',
    { includeMetadata: true, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await reanalyseJob(db, job);
    },
  );
}
