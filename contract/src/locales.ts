/** The languages of the product, free of zod so the login screen can use them cheaply. */
export const locales = ['cs', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'cs';
export type Localized = Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Picks cs or en from a locale string or an Accept-Language header; cs when neither matches. */
export function pickLocale(value: string | null | undefined): Locale {
  if (!value) return defaultLocale;
  for (const part of value.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return defaultLocale;
}

/** A stored code's name in `locale` from its labels; the code itself where the labels do not know it. */
export function labelIn<K extends string | number>(
  labels: Record<K, Localized>,
  code: string | number,
  locale: Locale,
): string {
  return (labels as Record<string | number, Localized | undefined>)[code]?.[locale] ?? String(code);
}
