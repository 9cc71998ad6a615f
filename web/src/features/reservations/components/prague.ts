import type { Locale } from '@genodesk/contract/locales';
import {
  fromPragueWallTime,
  parsePragueTimestamp,
  pragueWallTime,
  toPragueIso,
} from '@genodesk/contract/prague-time';
import { dateFormat, intlLocale } from '@/lib/format';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The calendar shows Prague's wall clock whatever the browser's zone: FullCalendar runs in UTC and is
 * given Prague's wall-clock time written as if it were UTC (`10:00` Prague → `10:00Z`).
 */
export function toCalendarTime(iso: string): Date {
  const instant = parsePragueTimestamp(iso);
  if (!instant) return new Date(Number.NaN);
  const w = pragueWallTime(instant);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/** A calendar time (Prague's wall clock written as UTC) back to a moment, ISO 8601 with Prague's offset. */
export function fromCalendarTime(date: Date): string {
  return toPragueIso(
    fromPragueWallTime({
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: 0,
      millisecond: 0,
    }),
  );
}

/** The calendar's range end as a Prague day (`YYYY-MM-DD`; the API reads a day as Prague's midnight). */
export function calendarDay(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** `2027-03-15T10:00` (a form's local-time value) from an ISO moment, on Prague's clock. */
export function toWallInput(iso: string): string {
  return toPragueIso(parsePragueTimestamp(iso) ?? new Date(Number.NaN)).slice(0, 16);
}

/** `15. 3. 2027 10:00–11:00` on Prague's clock, in the interface language. */
export function formatPragueRange(start: string, end: string, locale: Locale): string {
  const from = parsePragueTimestamp(start);
  const to = parsePragueTimestamp(end);
  if (!from || !to) return '—';
  const date = dateFormat(intlLocale[locale], {
    timeZone: 'Europe/Prague',
    weekday: 'short',
    day: 'numeric',
    // One date style per language, as the date fields show it: cs 2. 12. 2026, en 2 Dec 2026 (a numeric
    // English date reads differently in Britain and America).
    month: locale === 'en' ? 'short' : 'numeric',
    year: 'numeric',
  }).format(from);
  const time = dateFormat(intlLocale[locale], {
    timeZone: 'Europe/Prague',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${date} ${time.format(from)}–${time.format(to)}`;
}

/** `10:00` on Prague's clock. */
export function formatPragueTime(iso: string, locale: Locale): string {
  const at = parsePragueTimestamp(iso);
  if (!at) return '—';
  return dateFormat(intlLocale[locale], {
    timeZone: 'Europe/Prague',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

const wallMinutes = (wall: string): number | null => {
  const match = wall.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi) / 60_000;
};

/**
 * The end that keeps a consultation's length when its start moves from `before` to `after`
 * (wall-clock inputs, `2026-11-24T07:00`), or null when there is no whole range to keep.
 */
export function shiftedEnd(before: string, end: string, after: string): string | null {
  const from = wallMinutes(before);
  const to = wallMinutes(end);
  const moved = wallMinutes(after);
  if (from === null || to === null || moved === null || to <= from) return null;
  return new Date((moved + to - from) * 60_000).toISOString().slice(0, 16);
}
