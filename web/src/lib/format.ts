import type { Locale } from '@genodesk/contract/locales';
import dayjs from 'dayjs';

const intlLocale: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-GB' };

export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const date = dayjs(value);
  if (!date.isValid()) return '—';
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(
    date.toDate(),
  );
}

export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const date = dayjs(value);
  if (!date.isValid()) return '—';
  return new Intl.DateTimeFormat(intlLocale[locale], { dateStyle: 'medium' }).format(date.toDate());
}

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

export function formatLongDate(value: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(value);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale]).format(value);
}

/** Money is kept in minor units (haléře). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency }).format(minor / 100);
}

export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s@.]+/)
    .filter(Boolean);
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase();
}
