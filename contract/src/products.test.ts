import { describe, expect, it } from 'vitest';
import { issuesNewPdfVersion, reportTextMaxLength, reportTextsEditRequestSchema } from './products.js';

describe('issuesNewPdfVersion (the API and the publish dialog share it)', () => {
  const issuedAt = '2026-11-24T10:00:00.000Z';
  const unchanged = { issuedAt, statusChanges: false, editChanges: false, lastChangeAt: issuedAt };

  it('issues version 1 of a report never issued, whatever else', () => {
    expect(issuesNewPdfVersion({ ...unchanged, issuedAt: undefined })).toBe(true);
    expect(issuesNewPdfVersion({ ...unchanged, issuedAt: undefined, lastChangeAt: null })).toBe(true);
  });

  it('issues a new version when the status changes or the edit changes something printed', () => {
    expect(issuesNewPdfVersion({ ...unchanged, statusChanges: true })).toBe(true);
    expect(issuesNewPdfVersion({ ...unchanged, editChanges: true })).toBe(true);
  });

  it('issues a new version when the report changed after the last version (assessment, reanalysis)', () => {
    expect(issuesNewPdfVersion({ ...unchanged, lastChangeAt: '2026-11-24T10:00:00.001Z' })).toBe(true);
    // The server's Date objects and the web's ISO strings are compared alike.
    expect(
      issuesNewPdfVersion({
        ...unchanged,
        issuedAt: new Date(issuedAt),
        lastChangeAt: new Date('2026-11-25T09:00:00.000Z'),
      }),
    ).toBe(true);
  });

  it('issues none for the same publication of an unchanged report', () => {
    expect(issuesNewPdfVersion(unchanged)).toBe(false);
    expect(issuesNewPdfVersion({ ...unchanged, lastChangeAt: null })).toBe(false);
    expect(issuesNewPdfVersion({ ...unchanged, lastChangeAt: '2026-11-23T10:00:00.000Z' })).toBe(false);
    expect(
      issuesNewPdfVersion({ ...unchanged, issuedAt: new Date(issuedAt), lastChangeAt: new Date(issuedAt) }),
    ).toBe(false);
  });
});

describe('reportTextsEditRequestSchema', () => {
  const valid = {
    Limitations: 'Omezení.',
    LimitationsEn: 'Limitations.',
    Disclaimer: 'Upozornění.',
    DisclaimerEn: 'Disclaimer.',
  };

  it('takes four trimmed texts', () => {
    expect(reportTextsEditRequestSchema.parse({ ...valid, Disclaimer: '  Upozornění. \n' })).toEqual(valid);
  });

  it('refuses an empty or blank text and one longer than the limit, with message keys', () => {
    const issues = (input: object) =>
      reportTextsEditRequestSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...valid, LimitationsEn: '  ' })).toEqual([['LimitationsEn', 'required']]);
    expect(issues({ ...valid, Disclaimer: 'x'.repeat(reportTextMaxLength + 1) })).toEqual([
      ['Disclaimer', 'reportTextTooLong'],
    ]);
    expect(issues({ ...valid, Disclaimer: 'x'.repeat(reportTextMaxLength) })).toBeUndefined();
    expect(issues({ Limitations: 'a' })?.map(([path]) => path)).toEqual([
      'LimitationsEn',
      'Disclaimer',
      'DisclaimerEn',
    ]);
  });
});
