import type { Locale } from '@genodesk/contract/locales';
import { defaultLocale, isLocale, locales } from '@genodesk/contract/locales';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import csSignIn from '../locales/cs.json?sign-in';
import enSignIn from '../locales/en.json?sign-in';
import { withChunkTimeout } from './chunk';

export const LOCALE_STORAGE_KEY = 'preferredLocale';

/**
 * The sign-in screen's texts of both languages are in the first bundle (about 1 kB each), so it
 * renders without waiting for a language and switches language at once. The texts of every other
 * screen are a chunk per language (`lib/sign-in-texts.ts`), fetched when such a screen first opens.
 */
const signInTexts: Record<Locale, ResourceLanguage> = { cs: csSignIn, en: enSignIn };
const screenTexts: Record<Locale, () => Promise<{ default: ResourceLanguage }>> = {
  cs: () => import('../locales/cs.json?screens'),
  en: () => import('../locales/en.json?screens'),
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

const loading = new Map<Locale, Promise<void>>();
/** Set once a screen past the sign-in has opened: from then on a language switch brings all its texts. */
let screensShown = false;

/**
 * Fetches all of a language's texts once; a chunk that fails or times out rejects like a route
 * chunk, and the next call tries again.
 */
export function loadLocale(locale: Locale): Promise<void> {
  initI18n();
  let done = loading.get(locale);
  if (!done) {
    done = withChunkTimeout(screenTexts[locale]()).then(({ default: texts }) => {
      i18next.addResourceBundle(locale, 'translation', texts);
    });
    done.catch(() => loading.delete(locale));
    loading.set(locale, done);
  }
  return done;
}

function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : defaultLocale;
}

/** All texts of the current language, for a screen past the sign-in (and of any language switched to later). */
export async function loadScreenTexts(): Promise<void> {
  screensShown = true;
  // A switch of language on the sign-in screen may land while the texts of the former one load.
  for (let locale = currentLocale(); ; locale = currentLocale()) {
    await loadLocale(locale);
    if (locale === currentLocale()) return;
  }
}

/** i18next in the stored language, with the sign-in screen's texts; other screens call `loadScreenTexts`. */
export function initI18n() {
  if (i18next.isInitialized) return i18next;
  const locale = storedLocale();
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(locales.map((l) => [l, { translation: signInTexts[l] }])),
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  applyLocale(locale);
  return i18next;
}

/**
 * Switches the UI language and remembers it under `preferredLocale`. The choice is stored first, so
 * when the language's chunk cannot load (a new release replaced it) the reload that follows shows it.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  if (screensShown) await loadLocale(locale);
  applyLocale(locale);
  await i18next.changeLanguage(locale);
}
