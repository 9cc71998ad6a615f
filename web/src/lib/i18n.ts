import type { Locale } from '@genodesk/contract/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/cs';
import { defaultLocale, isLocale, locales } from '@genodesk/contract/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import cs from '../locales/cs.json';
import en from '../locales/en.json';

export const LOCALE_STORAGE_KEY = 'preferredLocale';

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : defaultLocale;
  } catch {
    return defaultLocale;
  }
}

function applyLocale(locale: Locale) {
  dayjs.locale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function initI18n() {
  if (i18next.isInitialized) return i18next;
  const locale = storedLocale();
  void i18next.use(initReactI18next).init({
    resources: { cs: { translation: cs }, en: { translation: en } },
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

/** Switches the UI language and remembers it under `preferredLocale`. */
export async function changeLocale(locale: Locale): Promise<void> {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  applyLocale(locale);
  await i18next.changeLanguage(locale);
}
