import { z } from 'zod';

// `12`, `-3`, `12.5`, and what a number field holds while one types (`12.`, `.5`).
const decimal = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/**
 * A number from JSON as it is, from a query string or a form when written as a decimal number. Where
 * `z.coerce.number` took anything (`true` was 1, `[7]` 7, `null` 0, ' 1e1' 10 — an id of `true` named
 * record 1, the first administrator), anything else here is the wrong type. An empty string stays 0,
 * refused by the bounds as before; `null` stays `null` (no value: `requiredNumber` says 'required').
 */
const asNumber = (value: unknown) =>
  typeof value === 'number' || value === undefined || value === null
    ? value
    : typeof value === 'string' && (value.trim() === '' || decimal.test(value))
      ? Number(value)
      : Number.NaN;

/** `schema` (a `z.number()` and its checks) fed by `asNumber`: use it instead of `z.coerce.number()`. */
export const numeric = <T extends z.ZodType>(schema: T) => z.preprocess(asNumber, schema);

/**
 * A number that must be there: 'required' when it is not (missing, `null`), 'invalidValue' when it is
 * but is no number (`"abc"`, `true`: QA's `{"SampleId":"abc"}` was told the field is required).
 */
export const requiredNumber = () =>
  z.number({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalidValue'),
  });

export const idSchema = numeric(requiredNumber().int('invalidValue').positive('invalidValue'));

/** `/{id}` of a detail route. */
export const idParamsSchema = z.object({ id: idSchema });

export const requiredText = (max = 200) =>
  z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'invalidValue');

export const emailSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(254, 'invalidEmail')
  .pipe(z.email('invalidEmail'));

/** Accepts "true"/"false" in query strings as well as JSON booleans. */
export const booleanish = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'invalidValue' }),
);

/**
 * The palette a staff colour (1-based index) refers to: the calendar, avatars and swatches, with
 * white text on them. Mantine's
 * palette hues, each deepened until white text reaches 4.5:1 (WCAG AA); a web test holds it.
 */
export const staffColors = [
  '#1d77c6',
  '#2c853c',
  '#ca4242',
  '#b55a0e',
  '#ad44c8',
  '#0f7d8d',
  '#9a6c03',
  '#7950f2',
  '#cc4171',
  '#0d8460',
  '#6c7379',
  '#4867e7',
] as const;
export const colorSchema = numeric(
  z
    .number({ error: 'invalidColor' })
    .int('invalidColor')
    .min(1, 'invalidColor')
    .max(staffColors.length, 'invalidColor'),
);

/** The most of a list's search term that is searched; the search box holds no more (`maxLength`). */
export const maxSearchLength = 200;

/**
 * A list's search term: a longer one (pasted, or typed into the URL) is cut to `maxSearchLength`
 * rather than refused — a search box never turns its table into an error.
 */
export const searchTermSchema = z
  .string()
  .trim()
  .transform((term) => term.slice(0, maxSearchLength).trim())
  .optional();

export const listQuerySchema = z.object({
  page: numeric(z.number().int().min(1)).default(1),
  pageSize: numeric(z.number().int().min(1).max(100)).default(25),
  sort: z.string().max(64).optional(),
  search: searchTermSchema,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * `YYYY-MM-DD` naming a day the calendar has (not 2026-02-30 or 2026-13-45), in the years 1900–2199:
 * no customer was born, nothing was booked or valid before, nor will be after (a year 0001 or 9999 is a
 * slip of the keyboard), and a moment a zone's hours beyond year 9999 or before year 1 has no ISO text
 * PostgreSQL reads: it refused such a day with an error rather than a mismatch.
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < 1900 || year > 2199) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isoTimestamp =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):?[0-5]\d)?$/;

/** An ISO 8601 timestamp (`2026-03-15T10:00`, seconds, fraction and zone optional) on a real day. */
export function isTimestamp(value: string): boolean {
  const day = isoTimestamp.exec(value)?.[1];
  return day !== undefined && isCalendarDay(day);
}

/** A day as `YYYY-MM-DD` that exists on the calendar (filters "from"/"to", read in Europe/Prague). */
export const daySchema = z.string().trim().refine(isCalendarDay, 'invalidDate');

/** A filter of one value or several: `status=4&status=5` or `status=4,5`. */
export const oneOrMany = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : v === undefined ? v : [v]),
    z.array(item).max(max, 'invalidValue').optional(),
  );

/** Lists (and the dashboard's counters) count exactly up to this many matches; beyond, they estimate. */
export const exactCountLimit = 1_000;

/** A list's page: `total` is exact when `totalExact`, else the database's estimate (over 1,000 matches). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalExact: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; totalExact: boolean; page: number; pageSize: number };
