import { PassThrough, Readable } from 'node:stream';
import { czkText, type Locale, type Localized } from '@genodesk/contract';
import ExcelJS from 'exceljs';
import type { Database } from './client.js';

/**
 * What a cell holds: text, a number, or money in haléře (CSV writes CZK with two decimals, exact as the
 * API does; XLSX a number of CZK formatted with two decimals, so a column sums).
 */
export type ExportValue = string | number | { haler: number };
export type ExportColumn<R> = { header: Localized; cell: (row: R, locale: Locale) => ExportValue };

/** Money in haléře for a money cell; empty for none. */
export const moneyCell = (haler: unknown): ExportValue =>
  haler === null || haler === undefined ? '' : { haler: Number(haler) };

const pragueWallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Prague',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** A moment as staff read it in Prague, `2026-11-29 07:10:20` (a spreadsheet has no time zone). */
export const pragueMomentCell = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const moment = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(moment.getTime()) ? String(value) : pragueWallClock.format(moment);
};

const csvValue = (value: ExportValue): string | number =>
  typeof value === 'object' ? czkText(value.haler) : value;

export type TableExport<R> = {
  /** The list's query (its filters and sort), e.g. a Drizzle select; read through a cursor. */
  query: { toSQL(): { sql: string; params: unknown[] } };
  /** A row as the cursor answers it (database column names) → what the columns read. */
  toRow: (raw: Record<string, unknown>) => R;
  columns: ExportColumn<R>[];
  sheet: Localized;
  /** The file's name before its date and extension, e.g. `customers`. */
  fileStem: string;
  format: 'csv' | 'xlsx';
  locale: Locale;
  /** Told what the export read, when it ends: the access log's record of it. */
  tally?: ExportTally<R>;
};

/**
 * What an export hands out, counted as its rows are read: how many, and whose (the customers of the
 * rows). `done` is called once, when the last row has been read, or when the export ends early after
 * handing out some rows (a client gone mid-download still received them).
 */
export type ExportTally<R> = {
  customerIdsOf: (row: R) => Iterable<number> | number | null;
  /** The export's last rows are handed out only once this resolves; a rejection breaks the download. */
  done: (read: { rows: number; customerIds: number[] }) => Promise<void> | void;
};

/**
 * Every row of a query, read through a server-side cursor in batches, so a million rows never sit in
 * memory. The cursor's connection is held until the last batch.
 */
async function* cursorRows<R>(db: Database, table: TableExport<R>) {
  const { sql: text, params } = table.query.toSQL();
  const client = await db.$client.connect();
  // A connection cut between two fetches (the database restarted, the backend was terminated) reports
  // it as an event, which unheard would end the process; the next fetch then fails and ends the export.
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on('error', onLost);
  let open = false;
  let rows = 0;
  let finished = false;
  const customerIds = new Set<number>();
  const count = (row: R) => {
    rows += 1;
    const ids = table.tally?.customerIdsOf(row);
    if (typeof ids === 'number') customerIds.add(ids);
    else if (ids) for (const id of ids) customerIds.add(id);
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    open = true;
    await client.query(`declare table_export no scroll cursor for ${text}`, params);
    for (;;) {
      const batch = await client.query('fetch 1000 from table_export');
      for (const raw of batch.rows as Record<string, unknown>[]) {
        const row = table.toRow(raw);
        if (table.tally) count(row);
        yield row;
      }
      if (batch.rows.length < 1000) break;
    }
    await client.query('commit');
    open = false;
    finished = true;
  } finally {
    if (open && !lost) await client.query('rollback').catch(() => {});
    client.off('error', onLost);
    // A broken connection is closed, not handed back to the pool.
    client.release(lost);
    // Before the last chunk leaves: a download is complete only with its access-log row.
    if (table.tally && (finished || rows > 0))
      await table.tally.done({ rows, customerIds: [...customerIds] });
  }
}

/**
 * A CSV cell. Text that Excel would run as a formula (`=`, `@`, a tab or CR first, or `+`/`-` not
 * followed by a plain number such as a phone or an amount) gets a leading apostrophe (OWASP CSV
 * injection); XLSX cells are typed strings and need none.
 */
export const csvCell = (value: string | number) => {
  let text = String(value);
  if (typeof value === 'string' && /^[=@\t\r]|^[+-](?![\d\s().,]*$)/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** CSV as Czech Excel opens it: UTF-8 with a BOM, semicolons, CRLF. */
async function* csvLines<R>(db: Database, table: TableExport<R>) {
  const { columns, locale } = table;
  yield `\uFEFF${columns.map((c) => csvCell(c.header[locale])).join(';')}\r\n`;
  let chunk = '';
  for await (const row of cursorRows(db, table)) {
    chunk += `${columns.map((c) => csvCell(csvValue(c.cell(row, locale)))).join(';')}\r\n`;
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function writeXlsx<R>(db: Database, table: TableExport<R>, out: PassThrough) {
  const { columns, locale } = table;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheet[locale]);
  sheet.columns = columns.map((c, i) => ({ header: c.header[locale], key: String(i), width: 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of cursorRows(db, table)) {
    const values = columns.map((c) => c.cell(row, locale));
    const added = sheet.addRow(
      values.map((value) => (typeof value === 'object' ? value.haler / 100 : value)),
    );
    values.forEach((value, i) => {
      if (typeof value === 'object') added.getCell(i + 1).numFmt = '0.00';
    });
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** A list as a CSV or XLSX download, streamed: `{ stream, contentType, filename }` for the route. */
export function exportTable<R>(db: Database, table: TableExport<R>) {
  const stamp = new Date().toISOString().slice(0, 10);
  if (table.format === 'csv')
    return {
      stream: Readable.from(csvLines(db, table)),
      contentType: 'text/csv; charset=utf-8',
      filename: `${table.fileStem}-${stamp}.csv`,
    };
  const out = new PassThrough();
  writeXlsx(db, table, out).catch((error: unknown) => out.destroy(error as Error));
  return {
    stream: out,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `${table.fileStem}-${stamp}.xlsx`,
  };
}

/** pg parses a `date` into local midnight; its local day is the stored one. */
export function asDay(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
