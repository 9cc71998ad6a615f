import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** Rows per statement: bounds the size of one array parameter (e-mail bodies run to kilobytes). */
const chunkRows = 5000;

/**
 * Inserts rows as `insert … select from unnest($1::type[], $2::type[] …)`: one array parameter per
 * column, whatever the number of rows. A multi-row VALUES list makes Drizzle build and pg send a
 * statement with a parameter per cell (ten thousand lines of a bank statement: 100,000), which costs
 * more than the insert itself. Columns are the keys of the rows; a key a row lacks is null there.
 * `returning` names one column whose values come back in the rows' order.
 */
export async function insertMany<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
  returning?: K,
): Promise<T['$inferSelect'][K][]> {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (key) => columns[key] !== undefined,
  );
  const returned: T['$inferSelect'][K][] = [];
  for (let start = 0; start < rows.length; start += chunkRows) {
    const chunk = rows.slice(start, start + chunkRows) as Record<string, unknown>[];
    const arrays: SQL[] = keys.map((key) => {
      const column = columns[key]!;
      const values = chunk.map((row) => {
        const value = row[key];
        return value === undefined || value === null ? null : column.mapToDriverValue(value);
      });
      return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
    });
    const names = sql.raw(keys.map((key) => `"${columns[key]!.name}"`).join(', '));
    const back = returning ? sql` returning ${sql.raw(`"${columns[returning]!.name}"`)} as value` : sql``;
    // `with ordinality … order by` keeps the rows' order for identity columns and `returning`.
    const result = await db.execute<{ value: T['$inferSelect'][K] }>(sql`
      insert into ${sql.raw(`"${getTableName(table)}"`)} (${names})
      select ${names} from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${names}, row_number)
      order by row_number${back}`);
    if (returning) returned.push(...result.rows.map((row) => row.value));
  }
  return returned;
}
