/**
 * Wall-clock time in Europe/Prague, where the consultations happen. The API speaks ISO 8601 with
 * offsets; a timestamp without one is Prague's wall-clock time. Weekly repeats add calendar days on
 * Prague's clock (10:00 stays 10:00 across a daylight-saving change), never 7 × 24 hours.
 * Plain functions over `Intl`, shared by the API and the web.
 */

export const pragueTimeZone = 'Europe/Prague';

/** A moment as Prague's clock shows it (month 1–12). */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: pragueTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Prague's clock read through `Intl` (slow: a few microseconds; `pragueWallTime` caches its offsets). */
function formatWallTime(instant: Date): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: instant.getUTCMilliseconds(),
  };
}

/** The wall time read as if it were UTC (years below 100 stay themselves, unlike `Date.UTC`). */
function wallAsUtc(w: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(w.year, w.month - 1, w.day);
  date.setUTCHours(w.hour, w.minute, w.second, w.millisecond);
  return date.getTime();
}

const hourMs = 3_600_000;
/**
 * Prague's offset (ms) per UTC hour: it changes only on whole UTC hours (01:00 UTC on the change
 * days), so one `Intl` reading serves the whole hour. A calendar of a thousand occurrences reads a
 * few hundred hours.
 */
const offsets = new Map<number, number>();
function offsetMs(instant: Date): number {
  const hour = Math.floor(instant.getTime() / hourMs);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * hourMs);
    offset = wallAsUtc(formatWallTime(start)) - start.getTime();
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** What Prague's clock shows at `instant`. */
export function pragueWallTime(instant: Date): WallTime {
  const shifted = new Date(instant.getTime() + offsetMs(instant));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    millisecond: shifted.getUTCMilliseconds(),
  };
}

/** Prague's offset from UTC at `instant`, in minutes (60 in winter, 120 in summer). */
export function pragueOffsetMinutes(instant: Date): number {
  return Math.round(offsetMs(instant) / 60_000);
}

/**
 * The moment Prague's clock shows `wall`. A time the clock skips (02:30 on the spring change) is
 * taken an hour later; a time it shows twice (02:30 on the autumn change) is the second one.
 */
export function fromPragueWallTime(wall: WallTime): Date {
  const asUtc = wallAsUtc(wall);
  const first = asUtc - pragueOffsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - pragueOffsetMinutes(new Date(first)) * 60_000);
}

/** `instant` moved by `days` calendar days on Prague's clock, keeping its wall-clock time. */
export function addPragueDays(instant: Date, days: number): Date {
  const wall = pragueWallTime(instant);
  const shifted = new Date(wallAsUtc({ ...wall, day: wall.day + days }));
  return fromPragueWallTime({
    ...wall,
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

/** `instant` moved by `weeks` weeks on Prague's clock. */
export const addPragueWeeks = (instant: Date, weeks: number) => addPragueDays(instant, weeks * 7);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `+01:00` for 60 minutes. */
function offsetSuffix(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** `instant` as ISO 8601 on Prague's clock with its offset: `2026-03-30T10:00:00+02:00`. */
export function toPragueIso(instant: Date): string {
  const offset = offsetMs(instant);
  // The wall time is the instant moved by the offset, written as UTC (native, fast).
  const local = new Date(Math.floor((instant.getTime() + offset) / 1000) * 1000);
  return `${local.toISOString().slice(0, 19)}${offsetSuffix(Math.round(offset / 60_000))}`;
}

/** The day (`YYYY-MM-DD`) `instant` falls on in Prague. */
export function pragueDay(instant: Date): string {
  const w = pragueWallTime(instant);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** Prague's midnight that starts `day` (`YYYY-MM-DD`). */
export function pragueMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return fromPragueWallTime({
    year: year ?? 0,
    month: month ?? 1,
    day: date ?? 1,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
  });
}

/**
 * A wall-clock timestamp (no `Z`, no offset) that Prague's clock skips: 02:00–02:59 on the morning the
 * clocks go forward. Such a time names no moment (`fromPragueWallTime` takes it an hour later).
 */
export function isSkippedPragueWallTime(value: string): boolean {
  const m = timestampPattern.exec(value);
  if (!m || m[8] !== undefined) return false;
  const instant = fromPragueWallTime({
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: 0,
    millisecond: 0,
  });
  const shown = pragueWallTime(instant);
  return shown.hour !== Number(m[4]) || shown.day !== Number(m[3]);
}

const timestampPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * An ISO 8601 timestamp (checked by `isTimestamp`) as a moment: with `Z` or an offset as written,
 * without one as Prague's wall-clock time. A bare day is Prague's midnight that starts it.
 * Undefined for anything else.
 */
export function parsePragueTimestamp(value: string): Date | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return pragueMidnight(value);
  const m = timestampPattern.exec(value);
  if (!m) return undefined;
  const wall: WallTime = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
    millisecond: Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000),
  };
  if (m[8] === undefined) return fromPragueWallTime(wall);
  const offset = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  const instant = new Date(wallAsUtc(wall) - offset * 60_000);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}
