import type { Locale } from '@genodesk/contract/locales';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The Intl locale of each interface language (en-GB: day first, 24-hour clock). */
export const intlLocale: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-GB' };

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One formatter per language and style, made once: making an Intl formatter costs far more than using
 * it, and a list formats every cell at each of its renders (a resize redraws them all).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function made<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  const kept = formatters.get(key) as T | undefined;
  if (kept) return kept;
  const format = make();
  formatters.set(key, format);
  return format;
}
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  made(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  made(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

/**
 * A moment as the lab reads it: Prague time, whatever the browser's zone (a reception PC set to UTC
 * shows the same 06:59 as the order and the outbox).
 */
export function formatDateTime(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return dateFormat(intlLocale[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Prague',
  }).format(date);
}

/**
 * A day: a calendar day (`YYYY-MM-DD`, a date of birth) as it is; a moment as the day it falls on in
 * Prague.
 */
export function formatDate(value: string | null | undefined, locale: Locale): string {
  if (!value) return '—';
  const day = calendarDay.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '—';
  return dateFormat(intlLocale[locale], {
    dateStyle: 'medium',
    timeZone: day ? 'UTC' : 'Europe/Prague',
  }).format(date);
}

/** @deprecated the same as formatDateTime, which is Prague time now */
export const formatPragueDateTime = formatDateTime;
/** @deprecated the same as formatDate */
export const formatPragueDate = formatDate;

/** The day of a moment in words, in Prague: "úterý 24. listopadu 2026". */
export function formatLongDate(value: Date, locale: Locale): string {
  return dateFormat(intlLocale[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Prague',
  }).format(value);
}

/** The hour (0–23) of a moment on Prague's clock. */
export function pragueHour(value: Date): number {
  return Number(
    dateFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Prague' }).format(value),
  );
}

export function formatNumber(value: number, locale: Locale): string {
  return numberFormat(intlLocale[locale]).format(value);
}

/** Money is kept in minor units (haléře). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  return numberFormat(intlLocale[locale], { style: 'currency', currency }).format(minor / 100);
}

/**
 * A phone number as people write it, the same on every screen: `+420 777 100 010`. Takes a prefix and
 * a number, or one string (E.164 from the outbox, an e-mail address is returned as it is).
 */
export function formatPhone(prefixOrNumber: string | null | undefined, number?: string | null): string {
  const raw = `${prefixOrNumber ?? ''}${number ?? ''}`.replace(/\s+/g, '');
  if (!raw) return '—';
  if (!/^\+?\d{6,15}$/.test(raw)) return `${prefixOrNumber ?? ''}${number ? ` ${number}` : ''}`.trim();
  const parsed = parsePhoneNumberFromString(raw, 'CZ');
  return parsed ? parsed.formatInternational() : raw;
}

/**
 * The i18next context of a text naming a customer: Czech says "zákaznice" of a woman (gender 2),
 * "zákazník" of a man (1); an unknown gender (an erased customer's 0) takes the text without a context.
 */
export function genderContext(gender: number | null | undefined): 'male' | 'female' | undefined {
  return gender === 2 ? 'female' : gender === 1 ? 'male' : undefined;
}

export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s@.]+/)
    .filter(Boolean);
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase();
}

/** A name kept in Czech and optionally in English, in the reader's language (Czech stands in for a missing English one). */
export const nameIn = (name: string, nameEn: string | null | undefined, locale: Locale): string =>
  locale === 'en' && nameEn ? nameEn : name;
