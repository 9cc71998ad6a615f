import type { Locale } from '@genodesk/contract/locale';

/**
 * The contract's locale list and `pickLocale`, without importing `@genodesk/contract/locale` at
 * runtime: that module builds a zod schema, and the login screen's JavaScript must stay small.
 * `locale.test.ts` checks these stay equal to the contract.
 */
export const supportedLocales = ['cs', 'en'] as const satisfies readonly Locale[];
export const fallbackLocale: Locale = 'cs';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

export function toLocale(value: string | null | undefined): Locale {
  if (!value) return fallbackLocale;
  for (const part of value.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return fallbackLocale;
}
