import { ResultUploadStatus } from '@genodesk/contract/enums';
import { describe, expect, it } from 'vitest';
import { isUploadInProgress, RESULTS_POLL_MS, uploadsPollInterval } from './polling';

describe('results polling', () => {
  it('counts processing and generating results as in progress, the finished states not', () => {
    expect(isUploadInProgress(ResultUploadStatus.Processing)).toBe(true);
    expect(isUploadInProgress(ResultUploadStatus.GeneratingResults)).toBe(true);
    expect(isUploadInProgress(ResultUploadStatus.Complete)).toBe(false);
    expect(isUploadInProgress(ResultUploadStatus.CompleteInspectionRequired)).toBe(false);
    expect(isUploadInProgress(ResultUploadStatus.Failed)).toBe(false);
  });

  it('polls while any visible upload is in progress and stops when all have finished', () => {
    expect(uploadsPollInterval([{ status: 3 }, { status: 2 }, { status: 5 }])).toBe(RESULTS_POLL_MS);
    expect(uploadsPollInterval([{ status: 1 }])).toBe(RESULTS_POLL_MS);
    expect(uploadsPollInterval([{ status: 3 }, { status: 4 }, { status: 5 }])).toBe(false);
    expect(uploadsPollInterval([])).toBe(false);
    expect(uploadsPollInterval(undefined)).toBe(false);
  });
});
