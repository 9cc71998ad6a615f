import { exactCountLimit, type Page } from '@genodesk/contract';
import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { AppError } from '../http/errors.js';
import { type Executor, plannedPerCall } from './client.js';

/**
 * Turns `field` / `-field` into an ORDER BY from a whitelist, with the id as a stable tie-breaker.
 * A field sorted by several expressions (surname, then name) is given them as a list: the direction
 * goes to each. An unknown field is bad input (400), never SQL.
 */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, SQL | readonly SQL[]>,
  fallback: string,
  idColumn: SQL,
): SQL {
  const raw = sort || fallback;
  const descending = raw.startsWith('-');
  const name = descending ? raw.slice(1) : raw;
  const column = columns[name];
  if (!column) throw new AppError(400, 'VALIDATION', 'invalidValue', { sort: 'invalidValue' });
  const direction = descending ? sql`desc nulls last` : sql`asc nulls first`;
  const keys = (Array.isArray(column) ? column : [column]).map((key) => sql`${key} ${direction}`);
  return sql.join([...keys, sql`${idColumn} ${descending ? sql`desc` : sql`asc`}`], sql`, `);
}

/**
 * Text in the order its readers look for it: Czech (Č after C, Ch after H, a letter with an accent
 * after the plain one) or English, letter case only breaking ties. The bytes' order (the database's
 * C collation) put Čermák after Zeman. The collations are made by migration 0044, from ICU.
 */
export const alphabetical = (text: SQLWrapper, language: 'cs' | 'en' = 'cs'): SQL =>
  sql`${text} collate ${sql.raw(language === 'en' ? 'sort_en' : 'sort_cs')}`;

/** A search term for ILIKE: its wildcards taken literally. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Text as searches compare it: lower-cased, its letters without diacritics — "Zemanová", "ZEMANOVA"
 * and "zemanova" are one text (`search_fold`, migration 0050, from PostgreSQL's unaccent rules). The
 * search columns (customers, vouchers) are generated through it and trigram indexes built on it.
 */
export const folded = (text: SQLWrapper): SQL => sql`search_fold(${text})`;

/**
 * `foldedText` (a search column, or a `folded` expression a trigram index is built on, written as the
 * index is: then the index serves the match) contains the `likePattern` `pattern`, itself folded by the
 * same function — one rule for what is stored and what is typed, so a name typed without its
 * diacritics finds it, and one typed with them finds it stored without.
 */
export const contains = (foldedText: SQLWrapper, pattern: string | Placeholder): SQL =>
  perPattern(sql`${foldedText} like search_fold(${pattern})`);

/**
 * A condition matching a pattern, its statement planned for the pattern of each call
 * (`plannedPerCall`): a rare pattern reads the trigram index, a broad one walks the list's order and
 * stops at a page. A generic plan cannot tell them apart and walked the order for both.
 */
export const perPattern = (condition: SQL): SQL => sql`${condition} ${sql.raw(plannedPerCall)}`;

export type ListCount = { total: number; exact: boolean };

/** How many rows `query` returns, counting no further than `limit` + 1. */
async function countUpTo(db: Executor, query: SQLWrapper, limit: number): Promise<number> {
  const counted = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from (${query} limit ${limit + 1}) as capped`,
  );
  return Number(counted.rows[0]?.total ?? 0);
}

/** The planner's estimate of the rows `matches` returns, never below `atLeast`. */
async function estimate(db: Executor, matches: SQLWrapper, atLeast: number): Promise<ListCount> {
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) ${matches}`,
  );
  const rows = plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? atLeast;
  return { total: Math.max(atLeast, Math.round(rows)), exact: false };
}

export type CountOptions = {
  /** Exact up to this many matches (default `exactCountLimit`). */
  limit?: number;
  /**
   * The capped count as the page's own query returned it (`pageTotal`): null when the page was not
   * full, so no count ran; undefined when the query did not ask.
   */
  counted?: number | null;
  /**
   * A cheaper query returning some of the matches (e.g. a broad search's matches through one index):
   * when it alone passes the limit, the full query is not counted.
   */
  subset?: SQLWrapper;
};

/**
 * The number of rows `matches` (a `select … from … where …` of the list's filter) returns: exact up to
 * the limit (a capped count, cheap on the indexes), else the planner's estimate — an exact count over a
 * million rows costs more than the whole page.
 */
export async function cappedCount(
  db: Executor,
  matches: SQLWrapper,
  { limit = exactCountLimit, subset }: CountOptions = {},
): Promise<ListCount> {
  if (subset) {
    const some = await countUpTo(db, subset, limit);
    if (some > limit) return estimate(db, matches, some);
  }
  const total = await countUpTo(db, matches, limit);
  return total <= limit ? { total, exact: true } : estimate(db, matches, total);
}

/**
 * A list's total from its page: a page that is not full (or an empty first page) tells the total by
 * itself, so a selective search reads its index once; only a full page (or one past the end) needs the capped count.
 */
export async function pageCount(
  db: Executor,
  page: { offset: number; pageSize: number; rows: number },
  matches: SQLWrapper,
  options: CountOptions = {},
): Promise<ListCount> {
  if (page.rows > 0 && page.rows < page.pageSize) return { total: page.offset + page.rows, exact: true };
  if (page.rows === 0 && page.offset === 0) return { total: 0, exact: true };
  const limit = options.limit ?? exactCountLimit;
  if (page.rows > 0 && typeof options.counted === 'number')
    return options.counted <= limit
      ? { total: options.counted, exact: true }
      : estimate(db, matches, options.counted);
  return cappedCount(db, matches, options);
}

/**
 * A list page's total as a column of the page's own query (issue 38: one round trip instead of two):
 * the capped count of `matches` (and of `subset` first, see `CountOptions`), computed only when the
 * matches reach past the page's last row — a page that is not full is its own total. PostgreSQL runs
 * each uncorrelated subquery once per statement and only when the CASE reaches it, so a short page
 * costs one probe of the matches, never the count. Every row carries the same value (`counted` of
 * `listPage`); an empty page past the end gets no row, and `pageCount` counts on its own then.
 */
export function pageTotal(
  query: { page: number; pageSize: number },
  matches: SQLWrapper,
  { limit = exactCountLimit, subset }: Omit<CountOptions, 'counted'> = {},
): SQL<number | null> {
  const capped = (rows: SQLWrapper) =>
    sql`(select count(*)::int from (${rows} limit ${sql.raw(String(limit + 1))}) as capped)`;
  const lastRow = sql.raw(String(pageOffset(query) + query.pageSize - 1));
  const count = subset
    ? sql`case when ${capped(subset)} > ${sql.raw(String(limit))} then ${capped(subset)} else ${capped(matches)} end`
    : capped(matches);
  return sql<number | null>`case when exists (select 1 from (${matches} offset ${lastRow} limit 1) as beyond)
    then ${count} end`;
}

/** Where a list's page starts. */
export const pageOffset = (query: { page: number; pageSize: number }) => (query.page - 1) * query.pageSize;

/**
 * A page bound as an SQL literal rather than a parameter. With `limit $1 offset $2` PostgreSQL's
 * prepared plan cannot tell a page of 25 from the whole list, finds it dearer than a plan for the
 * actual values, and so planned most list queries anew on every call (up to 0.3 ms, more than
 * running them). With the bounds in the text, one plan serves every call for the same page.
 */
function pageBound(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a page bound: ${value}`);
  // Drizzle's limit() and offset() are typed for numbers; any SQL passes through them as it is.
  return sql.raw(String(value)) as unknown as number;
}

/** `.limit(pageLimit(query)).offset(pageStart(query))`: a list's page, its bounds as literals. */
export const pageLimit = (query: { pageSize: number }) => pageBound(query.pageSize);
export const pageStart = (query: { page: number; pageSize: number }) => pageBound(pageOffset(query));

/**
 * A list's reply: the page's items (read with `pageLimit` and `pageStart`) and the total
 * of `matches` through `pageCount`.
 */
export async function listPage<T>(
  db: Executor,
  query: { page: number; pageSize: number },
  items: T[],
  matches: SQLWrapper,
  options: CountOptions = {},
): Promise<Page<T>> {
  const page = { offset: pageOffset(query), pageSize: query.pageSize, rows: items.length };
  const count = await pageCount(db, page, matches, options);
  return { items, total: count.total, totalExact: count.exact, page: query.page, pageSize: query.pageSize };
}

/** Europe/Prague's midnight that starts `day` (YYYY-MM-DD): a list's days are the lab's days. */
const pragueMidnight = (day: string) => sql`(${day}::date::timestamp at time zone 'Europe/Prague')`;

/** `column` on the days `from` to `to` (both inclusive, in Europe/Prague); either end may be open. */
export function withinPragueDays(column: SQLWrapper, from?: string, to?: string): SQL[] {
  return [
    ...(from ? [sql`${column} >= ${pragueMidnight(from)}`] : []),
    ...(to ? [sql`${column} < ${pragueMidnight(to)} + interval '1 day'`] : []),
  ];
}
