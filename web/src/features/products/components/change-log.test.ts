import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadLocale } from '@/lib/i18n';
import { phenotypeOutcome } from './change-log';

describe('phenotypeOutcome', () => {
  const i18n = initI18n();
  beforeAll(async () => {
    await Promise.all([loadLocale('cs'), loadLocale('en')]);
  });

  it("reads a reanalysed phenotype's outcome in the reader's language", () => {
    const cs = i18n.getFixedT('cs');
    const en = i18n.getFixedT('en');
    expect(phenotypeOutcome('risk 2 · template 14', cs)).toBe('riziko 2 · šablona 14');
    expect(phenotypeOutcome('risk 1 · default text', en)).toBe('risk 1 · default text');
    expect(phenotypeOutcome('risk 3 · template 7 · new text', cs)).toBe('riziko 3 · šablona 7 · nový text');
    expect(phenotypeOutcome('risk — · default text', cs)).toBe('riziko — · výchozí text');
    expect(phenotypeOutcome('not assessed · default text', cs)).toBe('neposouzeno · výchozí text');
    expect(phenotypeOutcome('risk 2 · doctor text · assessed', en)).toBe(
      'risk 2 · doctor’s text · assessed by a doctor',
    );
    expect(phenotypeOutcome('risk 3', cs)).toBe('riziko 3');
    expect(phenotypeOutcome('not determined', cs)).toBe('neurčeno');
    expect(phenotypeOutcome('not determined', en)).toBe('not determined');
  });

  it('leaves any other value as it is', () => {
    expect(phenotypeOutcome('—', i18n.getFixedT('cs'))).toBe('—');
    expect(phenotypeOutcome('something else', i18n.getFixedT('cs'))).toBe('something else');
  });
});
