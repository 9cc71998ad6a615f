import {
  isMessageKey,
  type Locale,
  type MarkerCsvColumn,
  type MarkerInput,
  type MessageKey,
  type MessageParams,
  markerCsvColumns,
  markerRequestSchema,
  translateMessage,
} from '@genodesk/contract';
import type { FieldMessage } from '../../http/errors.js';

/**
 * The marker map's CSV as a pure function: bytes in, markers with their 1-based file lines out (the
 * header is the first non-blank line), or every problem with its line. Comma or semicolon (taken from
 * the header), UTF-8 with an optional BOM, quoted fields, CRLF or LF, blank lines skipped; a cell the
 * export defused against CSV injection (`'=…`) is read back as it was.
 */

export type MarkerCsvIssue = {
  line: number;
  /** The column at fault, when one is. */
  column?: MarkerCsvColumn;
  key: MessageKey;
  params?: MessageParams;
};

export type MarkerCsvRow = { line: number; marker: MarkerInput };

export type ParsedMarkerCsv = { ok: true; rows: MarkerCsvRow[] } | { ok: false; issues: MarkerCsvIssue[] };

/** Every column but `StrandAmbiguous`, which the database computes from the alleles. */
export const requiredMarkerColumns = markerCsvColumns.filter((column) => column !== 'StrandAmbiguous');

/** The text `csvCell` defused with a leading apostrophe. */
const defused = /^'([=@\t\r]|[+-](?![\d\s().,]*$))/;

/** Splits one record; undefined when a quoted field is still open (it goes on on the next line). */
function splitRecord(text: string, delimiter: string): string[] | undefined {
  if (!text.includes('"')) return text.split(delimiter);
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return undefined;
  fields.push(field);
  return fields;
}

/** The more frequent of ';' and ',' outside quotes (';' on a tie). */
function detectDelimiter(header: string): string {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const c of header) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === ';') semicolons++;
    else if (!quoted && c === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/** `Gene code`, `gene_code`, `GENECODE` → the column `GeneCode`. */
const columnKey = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .replace(/[\s_-]/g, '')
    .toLowerCase();
const columnByKey = new Map<string, MarkerCsvColumn>(markerCsvColumns.map((c) => [columnKey(c), c]));

function firstBadByteLine(bytes: Uint8Array): number {
  // The line of the first byte the strict decoder refuses, found by decoding line by line.
  let line = 1;
  let start = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return line;
}

export function parseMarkerCsv(bytes: Uint8Array): ParsedMarkerCsv {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, issues: [{ line: firstBadByteLine(bytes), key: 'markerImportBadEncoding' }] };
  }
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  let at = 0;
  /** The next non-blank record and the line it starts on; a quoted field may span lines. */
  const nextRecord = (delimiter: string): { fields: string[]; line: number } | undefined => {
    while (at < lines.length && (lines[at] as string).trim() === '') at++;
    if (at >= lines.length) return undefined;
    const line = at + 1;
    let record = lines[at++] as string;
    for (;;) {
      const fields = splitRecord(record, delimiter);
      if (fields) return { fields, line };
      // An unclosed quote at the end of the file: the field as it is.
      if (at >= lines.length) return { fields: splitRecord(`${record}"`, delimiter) ?? [record], line };
      record += `\n${lines[at++]}`;
    }
  };

  const firstBlank = lines.findIndex((line) => line.trim() !== '');
  if (firstBlank === -1) return { ok: false, issues: [{ line: 1, key: 'markerImportEmpty' }] };
  const delimiter = detectDelimiter(lines[firstBlank] as string);
  const header = nextRecord(delimiter) as { fields: string[]; line: number };
  const columnAt = new Map<MarkerCsvColumn, number>();
  header.fields.forEach((name, index) => {
    const column = columnByKey.get(columnKey(name));
    if (column && !columnAt.has(column)) columnAt.set(column, index);
  });
  const missing = requiredMarkerColumns.filter((column) => !columnAt.has(column));
  if (missing.length)
    return {
      ok: false,
      issues: [
        {
          line: header.line,
          key: 'markerImportMissingColumn',
          params: { line: header.line, columns: missing.join(', ') },
        },
      ],
    };

  const rows: MarkerCsvRow[] = [];
  const issues: MarkerCsvIssue[] = [];
  for (;;) {
    const record = nextRecord(delimiter);
    if (!record) break;
    const { fields, line } = record;
    if (fields.length !== header.fields.length) {
      issues.push({
        line,
        key: 'markerImportFieldCount',
        params: { line, expected: header.fields.length, found: fields.length },
      });
      continue;
    }
    const value: Record<string, string> = {};
    for (const column of requiredMarkerColumns) {
      const cell = (fields[columnAt.get(column) as number] as string).trim();
      value[column] = defused.test(cell) ? cell.slice(1) : cell;
    }
    const parsed = markerRequestSchema.safeParse(value);
    if (parsed.success) {
      rows.push({ line, marker: parsed.data });
      continue;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '') as MarkerCsvColumn;
      if (seen.has(column)) continue;
      seen.add(column);
      issues.push({ line, column, key: isMessageKey(issue.message) ? issue.message : 'invalidValue' });
    }
  }
  if (issues.length === 0 && rows.length === 0)
    return { ok: false, issues: [{ line: header.line, key: 'markerImportEmpty' }] };
  issues.push(...duplicatesInFile(rows));
  if (issues.length) return { ok: false, issues: issues.sort((a, b) => a.line - b.line) };
  return { ok: true, rows };
}

/** `chromosome:position:reference:alternative` of one build, or undefined without a position there. */
export const positionKey = (
  marker: { Chromosome: string; Reference: string; Alternative: string },
  position: number | null,
) =>
  position === null
    ? undefined
    : `${marker.Chromosome}:${position}:${marker.Reference}:${marker.Alternative}`;

/** A gene code twice, or one position (per build) with the same alleles twice. */
function duplicatesInFile(rows: readonly MarkerCsvRow[]): MarkerCsvIssue[] {
  const issues: MarkerCsvIssue[] = [];
  const geneLines = new Map<string, number>();
  const positionLines = { 37: new Map<string, number>(), 38: new Map<string, number>() };
  for (const { line, marker } of rows) {
    const code = marker.GeneCode.toLowerCase();
    const first = geneLines.get(code);
    if (first !== undefined) {
      issues.push({
        line,
        key: 'markerImportDuplicateGeneCode',
        params: { line, first, geneCode: marker.GeneCode },
      });
      continue;
    }
    geneLines.set(code, line);
    for (const build of [37, 38] as const) {
      const key = positionKey(marker, build === 37 ? marker.PositionGrch37 : marker.PositionGrch38);
      if (key === undefined) continue;
      const earlier = positionLines[build].get(key);
      if (earlier !== undefined)
        issues.push({ line, key: 'markerImportDuplicatePosition', params: { line, first: earlier, build } });
      else positionLines[build].set(key, line);
    }
  }
  return issues;
}

/** The refused lines a reply names; past these, only how many more. */
export const maxReportedLines = 100;

/**
 * The refusal's per-line messages for the error reply's `fields` (`line.<n>.<column>` or `line.<n>`),
 * in the caller's language, the first `maxReportedLines` lines, then how many more; and the number of
 * bad lines.
 */
export function refusalFields(
  issues: readonly MarkerCsvIssue[],
  locale: Locale,
): { fields: Record<string, FieldMessage>; badLines: number } {
  const lines = [...new Set(issues.map((issue) => issue.line))];
  const shown = new Set(lines.slice(0, maxReportedLines));
  const fields: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    if (!shown.has(issue.line)) continue;
    const name = `line.${issue.line}${issue.column ? `.${issue.column}` : ''}`;
    if (fields[name]) continue;
    fields[name] = issue.column
      ? {
          key: 'markerImportLine',
          params: {
            line: issue.line,
            column: issue.column,
            reason: translateMessage(issue.key, locale, issue.params),
          },
        }
      : { key: issue.key, params: issue.params ?? { line: issue.line } };
  }
  if (lines.length > maxReportedLines)
    fields.more = { key: 'markerImportMoreErrors', params: { count: lines.length - maxReportedLines } };
  return { fields, badLines: lines.length };
}
