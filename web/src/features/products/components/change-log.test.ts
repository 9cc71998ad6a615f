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
    const named = [
      { id: 14, genotypes: 'rs6025 C/T' },
      { id: 7, genotypes: 'MTHFR C/T; MTHFR T/T' },
    ];
    expect(phenotypeOutcome('risk 2 · template 14', cs, named)).toBe('riziko 2 · šablona pro rs6025 C/T');
    expect(phenotypeOutcome('risk 2 · template 14', en, named)).toBe('risk 2 · template for rs6025 C/T');
    expect(phenotypeOutcome('risk 1 · default text', en)).toBe('risk 1 · default text');
    expect(phenotypeOutcome('risk 3 · template 7 · new text', cs, named)).toBe(
      'riziko 3 · šablona pro MTHFR C/T; MTHFR T/T · nový text',
    );
    // A template deleted since is said to be gone: never a bare id.
    expect(phenotypeOutcome('risk 3 · template 9', cs, named)).toBe('riziko 3 · šablona, mezitím smazaná');
    expect(phenotypeOutcome('risk 3 · template 9', en)).toBe('risk 3 · a template deleted since');
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
