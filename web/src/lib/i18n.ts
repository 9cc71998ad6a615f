import type { Locale } from '@genodesk/contract/locales';
import { defaultLocale, isLocale, locales } from '@genodesk/contract/locales';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withChunkTimeout } from './chunk';

export const LOCALE_STORAGE_KEY = 'preferredLocale';

/**
 * Each language is its own chunk: the login screen needs one of them, and shipping both in the
 * main chunk cost every visitor the other.
 */
const translations: Record<Locale, () => Promise<{ default: ResourceLanguage }>> = {
  cs: () => import('../locales/cs.json'),
  en: () => import('../locales/en.json'),
};

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

function applyLocale(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Fetches a language's texts once; a chunk that fails or times out rejects like a route chunk. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const { default: texts } = await withChunkTimeout(translations[locale]());
  i18next.addResourceBundle(locale, 'translation', texts);
}

/** i18next without texts yet; `loadInitialLocale` brings the stored language's before the first render. */
export function initI18n() {
  if (i18next.isInitialized) return i18next;
  void i18next.use(initReactI18next).init({
    resources: {},
    lng: storedLocale(),
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}

export async function loadInitialLocale(): Promise<void> {
  const locale = storedLocale();
  initI18n();
  await loadLocale(locale);
  applyLocale(locale);
  // Sets `resolvedLanguage`, which i18next leaves empty while a language has no texts.
  await i18next.changeLanguage(locale);
}

/**
 * Switches the UI language and remembers it under `preferredLocale`. The choice is stored first, so
 * when the language's chunk cannot load (a new release replaced it) the reload that follows shows it.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  await loadLocale(locale);
  applyLocale(locale);
  await i18next.changeLanguage(locale);
}
