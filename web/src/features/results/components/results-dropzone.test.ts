import { describe, expect, it } from 'vitest';
import { csvFileError } from './results-dropzone';

describe('results file check', () => {
  it('accepts a .csv by its extension whatever its type, and nothing else', () => {
    expect(csvFileError(new File(['a'], 'plate.csv', { type: 'application/vnd.ms-excel' }))).toBeNull();
    expect(csvFileError(new File(['a'], 'PLATE.CSV', { type: '' }))).toBeNull();
    expect(csvFileError(new File(['a'], 'notes.txt', { type: 'text/plain' }))?.code).toBe(
      'file-invalid-type',
    );
    expect(csvFileError(new File(['a'], 'plate.xlsx', { type: 'text/csv' }))?.code).toBe('file-invalid-type');
  });

  it('lets a dragged item without a name through until it is dropped', () => {
    expect(csvFileError({ name: undefined })).toBeNull();
  });
});
