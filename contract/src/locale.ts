import { z } from 'zod';

export const locales = ['cs', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'cs';
export const localeSchema = z.enum(locales);

/** Picks cs or en from a locale string or an Accept-Language header; cs when neither matches. */
export function pickLocale(value: string | null | undefined): Locale {
  if (!value) return defaultLocale;
  for (const part of value.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'cs' || tag === 'en') return tag;
  }
  return defaultLocale;
}

export type Localized = Record<Locale, string>;
