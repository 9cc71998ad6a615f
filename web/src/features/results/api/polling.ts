import { ResultUploadStatus } from '@genodesk/contract/enums';

/** How often a list or detail is refetched while an upload is still being worked on. */
export const RESULTS_POLL_MS = 1500;

/** Processing or generating results: the background job has not finished with the upload yet. */
export function isUploadInProgress(status: number): boolean {
  return status === ResultUploadStatus.Processing || status === ResultUploadStatus.GeneratingResults;
}

/** The refetch interval: poll only while some of the given uploads is still in progress. */
export function uploadsPollInterval(uploads: readonly { status: number }[] | undefined): number | false {
  return uploads?.some((u) => isUploadInProgress(u.status)) ? RESULTS_POLL_MS : false;
}
