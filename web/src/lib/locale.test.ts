import { defaultLocale, locales, pickLocale } from '@genodesk/contract/locale';
import { describe, expect, it } from 'vitest';
import { fallbackLocale, supportedLocales, toLocale } from './locale';

describe('web locale helpers', () => {
  it('match the contract', () => {
    expect([...supportedLocales]).toEqual([...locales]);
    expect(fallbackLocale).toBe(defaultLocale);
    for (const value of [undefined, null, '', 'cs', 'en', 'en-GB,en;q=0.9', 'de,cs;q=0.8', 'fr', 'EN']) {
      expect(toLocale(value)).toBe(pickLocale(value));
    }
  });
});
