import type { Locale } from '@genodesk/contract/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/cs';

/** How a picked day reads in each language (dayjs tokens); the fields show and accept it. */
export const dateFieldFormat: Record<Locale, string> = { cs: 'D. M. YYYY', en: 'D MMM YYYY' };

/** `YYYY-MM-DD` of a real calendar day, or null. */
export function isoDay(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The day of a value the API or the URL holds: `YYYY-MM-DD`, or the day part of a timestamp
 * (the customers filter also accepts timestamps). Anything else is no value.
 */
export function toIsoDay(value: string | null | undefined): string | null {
  const match = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  return match ? isoDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

export function formatDateField(value: string | null | undefined, locale: Locale): string {
  const day = toIsoDay(value);
  return day ? dayjs(day).locale(locale).format(dateFieldFormat[locale]) : '';
}

const monthNames = new Map<Locale, Map<string, number>>();

function monthByName(locale: Locale): Map<string, number> {
  let names = monthNames.get(locale);
  if (!names) {
    names = new Map();
    for (let month = 0; month < 12; month++) {
      const date = dayjs(new Date(2000, month, 1)).locale(locale);
      for (const format of ['MMMM', 'MMM']) names.set(date.format(format).toLowerCase(), month + 1);
    }
    monthNames.set(locale, names);
  }
  return names;
}

const numeric = /^(\d{1,2})\s*[./]\s*(\d{1,2})\s*[./]\s*(\d{4})$/;
const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const named = /^(\d{1,2})\.?\s+(\p{L}+)\.?,?\s+(\d{4})$/u;

/**
 * What a person typed into a date field, as `YYYY-MM-DD`, or null while it is not yet a whole,
 * real day. The field parses on every keystroke, so a year must have all four digits: "1. 5. 20"
 * must not become the year 20. Day first in both languages (cs, and en as in the UK), the shown
 * format, numbers with dots or slashes, English month names, and ISO are all accepted.
 */
export function parseDateField(text: string, locale: Locale): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  let match = value.match(numeric);
  if (match) return isoDay(Number(match[3]), Number(match[2]), Number(match[1]));
  match = value.match(iso);
  if (match) return isoDay(Number(match[1]), Number(match[2]), Number(match[3]));
  match = value.match(named);
  if (match) {
    const month =
      monthByName(locale).get(match[2]!.toLowerCase()) ?? monthByName('en').get(match[2]!.toLowerCase());
    return month ? isoDay(Number(match[3]), month, Number(match[1])) : null;
  }
  return null;
}

/** How a picked day and time read in each language; 24-hour clock in both. */
export const dateTimeFieldFormat: Record<Locale, string> = {
  cs: `${dateFieldFormat.cs} HH:mm`,
  en: `${dateFieldFormat.en} HH:mm`,
};

/** A form's wall-clock value (`2026-11-24T07:00`) as Mantine's picker holds it (`2026-11-24 07:00:00`), or null. */
export function toPickerDateTime(value: string | null | undefined): string | null {
  const match = value?.match(/^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/);
  if (!match || !toIsoDay(match[1])) return null;
  if (Number(match[2]) > 23 || Number(match[3]) > 59) return null;
  return `${match[1]} ${match[2]}:${match[3]}:00`;
}

/** Mantine's picker value back to the form's wall-clock value (`2026-11-24T07:00`), or empty. */
export function fromPickerDateTime(value: string | null | undefined): string {
  const picked = toPickerDateTime(value);
  return picked ? `${picked.slice(0, 10)}T${picked.slice(11, 16)}` : '';
}
