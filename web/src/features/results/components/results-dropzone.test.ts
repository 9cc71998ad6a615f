import { describe, expect, it } from 'vitest';
import { resultsFileError } from './results-dropzone';

describe('results file check', () => {
  it('accepts the lab formats by their extension whatever their type, and nothing else', () => {
    expect(resultsFileError(new File(['a'], 'plate.csv', { type: 'application/vnd.ms-excel' }))).toBeNull();
    expect(resultsFileError(new File(['a'], 'PLATE.CSV', { type: '' }))).toBeNull();
    expect(resultsFileError(new File(['a'], 'plate.vcf.gz', { type: 'application/gzip' }))).toBeNull();
    expect(resultsFileError(new File(['a'], 'genome.vcf', { type: '' }))).toBeNull();
    expect(resultsFileError(new File(['a'], 'FinalReport.txt', { type: 'text/plain' }))).toBeNull();
    expect(resultsFileError(new File(['a'], 'plate.xlsx', { type: 'text/csv' }))?.code).toBe(
      'file-invalid-type',
    );
    expect(resultsFileError(new File(['a'], 'raw.zip', { type: 'application/zip' }))?.code).toBe(
      'file-invalid-type',
    );
  });

  it('lets a dragged item without a name through until it is dropped', () => {
    expect(resultsFileError({ name: undefined })).toBeNull();
  });
});
