import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import cs from '../locales/cs.json';
import en from '../locales/en.json';
import { changeLocale, initI18n, loadScreenTexts } from './i18n';
import { signInSections, textsPart } from './sign-in-texts';

describe('the texts of the sign-in and of the other screens', () => {
  it('splits each language file into two parts that hold every section once', () => {
    for (const texts of [cs, en]) {
      const signIn = Object.keys(textsPart(texts, 'sign-in'));
      const screens = Object.keys(textsPart(texts, 'screens'));
      expect(signIn.sort()).toEqual([...signInSections].sort());
      expect(screens.filter((section) => signIn.includes(section))).toEqual([]);
      expect([...signIn, ...screens].sort()).toEqual(Object.keys(texts).sort());
    }
  });

  it('has the sign-in texts of both languages at once, and the other screens once loaded', async () => {
    initI18n();
    expect(i18next.t('login.heading')).toBe(cs.login.heading);
    expect(i18next.t('dashboard.title')).toBe('dashboard.title');

    // The sign-in screen switches language without fetching anything.
    await changeLocale('en');
    expect(i18next.t('login.heading')).toBe(en.login.heading);
    expect(i18next.t('dashboard.title')).toBe('dashboard.title');

    await loadScreenTexts();
    expect(i18next.t('dashboard.title')).toBe(en.dashboard.title);
    expect(i18next.t('login.heading')).toBe(en.login.heading);

    // Past the sign-in, a switch brings the other language's texts of every screen.
    await changeLocale('cs');
    expect(i18next.t('dashboard.title')).toBe(cs.dashboard.title);
  });
});
