import { describe, expect, it } from 'vitest';
import {
  formatFileSize,
  generatedPercent,
  sampleStatusText,
  unpairableReasonName,
  uploadStatusColor,
  uploadStatusName,
} from './labels';

describe('results labels and formatting', () => {
  it('names the upload statuses in both languages', () => {
    expect(uploadStatusName(1, 'en')).toBe('Processing');
    expect(uploadStatusName(4, 'en')).toBe('Complete – inspection required');
    expect(uploadStatusName(4, 'cs')).toBe('Dokončeno – nutná kontrola');
    expect(uploadStatusName(5, 'cs')).toBe('Chyba');
  });

  it('colours in-progress blue, complete green, inspection orange, failed red', () => {
    expect([1, 2, 3, 4, 5].map(uploadStatusColor)).toEqual(['blue', 'blue', 'green', 'orange', 'red']);
  });

  it('names unpairable reasons and the sample status, a dash without one', () => {
    expect(unpairableReasonName('unknownBarcode', 'en')).toBe('Unknown barcode');
    expect(unpairableReasonName('sampleNotAwaitingResults', 'cs')).toBe('Vzorek nečeká na výsledky');
    expect(sampleStatusText(8, 'en')).toBe('Results published online');
    expect(sampleStatusText(null, 'en')).toBe('—');
  });

  it('computes the generated share, bounded, and full when nothing is to be generated', () => {
    expect(generatedPercent(0, 40)).toBe(0);
    expect(generatedPercent(10, 40)).toBe(25);
    expect(generatedPercent(1, 3)).toBe(33);
    expect(generatedPercent(50, 40)).toBe(100);
    expect(generatedPercent(0, 0)).toBe(100);
  });

  it('formats file sizes in the reader locale', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
    expect(formatFileSize(1_536_000, 'en')).toBe('1.5 MB');
    expect(formatFileSize(1_536_000, 'cs')).toBe('1,5 MB');
  });
});
