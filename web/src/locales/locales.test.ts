import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import cs from './cs.json';
import en from './en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** A plural form's suffix (i18next's, from Intl.PluralRules): `_one`, `_few`, `_many`, `_other`. */
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
/** A gender context's suffix (i18next's `context`): Czech names a woman "zákaznice", a man "zákazník". */
const genderSuffix = /_(male|female)$/;
/** The keys of a language with plural forms and gender contexts folded into their base key. */
const baseKeys = (keys: Map<string, string>) =>
  new Set([...keys.keys()].map((key) => key.replace(pluralSuffix, '').replace(genderSuffix, '')));

describe('locales', () => {
  const csKeys = flatten(cs as Tree);
  const enKeys = flatten(en as Tree);

  it('cs and en have the same keys (a plural counts once, whatever forms the language has)', () => {
    const csBase = baseKeys(csKeys);
    const enBase = baseKeys(enKeys);
    const missingInEn = [...csBase].filter((k) => !enBase.has(k));
    const missingInCs = [...enBase].filter((k) => !csBase.has(k));
    expect({ missingInEn, missingInCs }).toEqual({ missingInEn: [], missingInCs: [] });
  });

  it('a plural has every form its language needs: Czech one, few, many and other; English one and other', () => {
    const forms = (keys: Map<string, string>, base: string) =>
      [...keys.keys()]
        .filter((key) => key.replace(pluralSuffix, '') === base && pluralSuffix.test(key))
        .map((key) => pluralSuffix.exec(key)?.[1])
        .sort();
    const plurals = new Set(
      [...csKeys.keys(), ...enKeys.keys()]
        .filter((key) => pluralSuffix.test(key))
        .map((key) => key.replace(pluralSuffix, '')),
    );
    expect(plurals.size).toBeGreaterThan(0);
    for (const base of plurals) {
      expect(forms(csKeys, base), base).toEqual(
        new Intl.PluralRules('cs').resolvedOptions().pluralCategories.sort(),
      );
      expect(forms(enKeys, base), base).toEqual(['one', 'other']);
    }
  });

  it('counts agree with the noun in Czech: 1 řádek, 2 řádky, 5 řádků', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { cs: { translation: cs }, en: { translation: en } },
      lng: 'cs',
      initAsync: false,
    });
    const text = (count: number, lng = 'cs') =>
      i18n.t('results.unknownGenes.text', { count, rows: String(count), codes: 'X', lng });
    expect(text(1)).toContain('(1 řádek)');
    expect(text(2)).toContain('(2 řádky)');
    expect(text(4)).toContain('(4 řádky)');
    expect(text(5)).toContain('(5 řádků)');
    expect(text(1, 'en')).toContain('(1 row)');
    expect(text(2, 'en')).toContain('(2 rows)');
    expect(i18n.t('messaging.email.sendToMany', { count: 1 })).toBe(
      'E-mail odejde 1 zákazníkovi v jeho jazyce.',
    );
    expect(i18n.t('templates.genotypes.more', { count: 3 })).toBe('+3 další');
    expect(i18n.t('templates.genotypes.more', { count: 7 })).toBe('+7 dalších');
    // A count formatted for the language keeps its plural form (a formatted string would lose it).
    expect(i18n.t('messaging.email.count', { count: 1234 })).toBe('1\u00a0234 příjemců');
    expect(i18n.t('messaging.email.count', { count: 2 })).toBe('2 příjemci');
    expect(i18n.t('messaging.email.count', { count: 1, lng: 'en' })).toBe('1 recipient');
  });

  it('every text with a count has plural forms: no "2 řádků", no "1 rows"', () => {
    for (const keys of [csKeys, enKeys])
      for (const [key, text] of keys)
        if (/\{\{\s*count\b/.test(text)) expect(key, text).toMatch(pluralSuffix);
  });

  it('a Czech text naming a customer has the form for a woman (i18next context "female")', () => {
    const namesCustomer = /zákazník\w*\s+\{\{/;
    for (const [key, text] of csKeys) {
      if (!namesCustomer.test(text) || genderSuffix.test(key)) continue;
      expect(csKeys.get(`${key}_female`), key).toMatch(/zákaznic\w*\s+\{\{/);
    }
  });

  it('no text says "(a)" for a person whose gender it does not know', () => {
    for (const [key, text] of csKeys) expect(text, key).not.toMatch(/\p{L}\(a\)/u);
  });

  it('no text is empty and both use the same placeholders', () => {
    for (const [key, text] of csKeys) {
      expect(text.trim(), key).not.toBe('');
      const base = key.replace(genderSuffix, '');
      const other = enKeys.get(base) ?? enKeys.get(base.replace(pluralSuffix, '_other'));
      expect(other?.trim(), key).not.toBe('');
      expect(placeholders(other ?? ''), key).toEqual(placeholders(text));
    }
  });
});
