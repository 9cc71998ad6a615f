import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../http/errors.js';

/**
 * Turns `field` / `-field` into an ORDER BY from a whitelist, with the id as a stable tie-breaker.
 * An unknown field is bad input (400), never SQL.
 */
export function orderBy(
  sort: string | undefined,
  columns: Record<string, SQL>,
  fallback: string,
  idColumn: SQL,
): SQL {
  const raw = sort || fallback;
  const descending = raw.startsWith('-');
  const name = descending ? raw.slice(1) : raw;
  const column = columns[name];
  if (!column) throw new AppError(400, 'VALIDATION', 'invalidValue', { sort: 'invalidValue' });
  return descending
    ? sql`${column} desc nulls last, ${idColumn} desc`
    : sql`${column} asc nulls first, ${idColumn} asc`;
}

/** A search term for ILIKE: its wildcards taken literally. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
