import { Permissions, ResultUploadStatus } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { resultUploads } from '../../db/schema/index.js';
import type { WorkCounter } from '../dashboard/counters.js';
import { uploadFilter } from './results.service.js';

// The results screen opens with Results.View or Results.Upload.
const access = { any: [Permissions.ResultsView, Permissions.ResultsUpload] } as const;
const uploads = (status: number[]) => (db: Executor) =>
  db.select({ one: sql`1` }).from(resultUploads).where(uploadFilter({ status }));

/** The lab's uploads still being processed, and those finished with something to inspect. */
export const resultsDashboard: WorkCounter[] = [
  {
    key: 'uploadsInProgress',
    access,
    matches: uploads([ResultUploadStatus.Processing, ResultUploadStatus.GeneratingResults]),
  },
  {
    key: 'uploadsRequiringInspection',
    access,
    matches: uploads([ResultUploadStatus.CompleteInspectionRequired]),
  },
];
