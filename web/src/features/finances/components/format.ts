import type { Locale } from '@genodesk/contract/locales';
import { formatMoney } from '@/lib/format';

const intlLocale: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-GB' };

/** Money of the finance screens: haléře as CZK with two decimals, in the interface language. */
export const money = (value: { amountMinor: number; currency: string }, locale: Locale) =>
  formatMoney(value.amountMinor, value.currency, locale);

/** A moment as the lab reads it: Prague time, whatever the browser's zone. */
export function formatPragueDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(intlLocale[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Prague',
  }).format(date);
}

/** A calendar day of a moment in Prague. */
export function formatPragueDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(intlLocale[locale], {
    dateStyle: 'medium',
    timeZone: 'Europe/Prague',
  }).format(date);
}
