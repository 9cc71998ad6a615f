import { displayGenotype, type MessageKey, type MessageParams } from '@genodesk/contract';

/**
 * The lab's results file (DOMAIN §2) as a pure function: bytes in, genotypes grouped by barcode out,
 * or its problems with their 1-based file lines (the header is line 1): every bad row, up to
 * `maxReportedErrors`, then how many more, so the lab fixes the file in one go. CSV, comma or semicolon
 * (taken from the header), UTF-8 with an optional BOM, quoted fields, CRLF or LF, blank lines skipped.
 */

/** The bad rows a failed file names; past these, only their number. */
export const maxReportedErrors = 100;

export const resultsFileColumns = [
  'barcode',
  'gene_code',
  'gene_name',
  'hgvs_c',
  'protein',
  'transcript',
  'genotype',
] as const;

export type ResultsFileGene = {
  geneCode: string;
  geneName: string;
  hgvsC: string;
  protein: string;
  transcript: string;
  /** As shown: alleles upper-cased, in the order given, joined by '/'. */
  genotype: string;
};

export type ResultsFileBarcode = {
  barcode: string;
  /** The line where the barcode first appears. */
  line: number;
  genes: ResultsFileGene[];
};

export type ResultsFileError = { key: MessageKey; params: MessageParams };

export type ParsedResultsFile =
  | { ok: true; barcodes: ResultsFileBarcode[]; rows: number }
  /** `errors` in file order, at most `maxReportedErrors`; `more` the bad rows past them. */
  | { ok: false; errors: ResultsFileError[]; more: number };

const fail = (key: MessageKey, params: MessageParams = {}): ParsedResultsFile => ({
  ok: false,
  errors: [{ key, params }],
  more: 0,
});

/** The byte offset of the first byte that is not valid UTF-8, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

function lineOfOffset(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/**
 * Splits one record into fields. Answers undefined when a quoted field is still open at the end
 * (it continues on the next line).
 */
function splitRecord(text: string, delimiter: string): string[] | undefined {
  if (!text.includes('"')) return text.split(delimiter);
  const fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
    } else if (c === '"') {
      quoted = true;
      i++;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
      i++;
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) return undefined;
  fields.push(field);
  return fields;
}

/** The delimiter the header uses: the more frequent of ';' and ',' outside quotes (';' on a tie). */
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

export function parseResultsFile(bytes: Uint8Array): ParsedResultsFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return fail('resultsFileBadEncoding', { line: lineOfOffset(bytes, Math.max(offset, 0)) });
  }
  // The decoder drops a leading byte order mark itself.

  let position = 0;
  let lineNumber = 0;
  /** The next raw line (without its line break), or undefined at the end. */
  const nextLine = (): string | undefined => {
    if (position > text.length) return undefined;
    let end = text.indexOf('\n', position);
    if (end === -1) end = text.length;
    let line = text.slice(position, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    position = end + 1;
    lineNumber++;
    return line;
  };
  /** The next non-blank record and its starting line; quoted fields may span lines. */
  let delimiter = ';';
  const nextRecord = (): { fields: string[]; line: number } | undefined => {
    for (;;) {
      const raw = nextLine();
      if (raw === undefined) return undefined;
      if (raw.trim() === '') continue;
      const start = lineNumber;
      let record = raw;
      for (;;) {
        const fields = splitRecord(record, delimiter);
        if (fields) return { fields, line: start };
        const more = nextLine();
        // An unclosed quote at the end of the file: take the field as it is.
        if (more === undefined)
          return { fields: splitRecord(`${record}"`, delimiter) ?? [record], line: start };
        record += `\n${more}`;
      }
    }
  };

  const firstRaw = (() => {
    for (;;) {
      const raw = nextLine();
      if (raw === undefined) return undefined;
      if (raw.trim() !== '') return raw;
    }
  })();
  if (firstRaw === undefined) return fail('resultsFileEmpty');
  delimiter = detectDelimiter(firstRaw);
  const headerLine = lineNumber;
  const header = splitRecord(firstRaw, delimiter) ?? firstRaw.split(delimiter);
  const names = header.map((name) => name.trim().toLowerCase());
  const index: Record<string, number> = {};
  for (const column of resultsFileColumns) {
    const at = names.indexOf(column);
    if (at === -1) return fail('resultsFileMissingColumn', { line: headerLine, column });
    index[column] = at;
  }
  const iBarcode = index.barcode as number;
  const iGeneCode = index.gene_code as number;
  const iGeneName = index.gene_name as number;
  const iHgvs = index.hgvs_c as number;
  const iProtein = index.protein as number;
  const iTranscript = index.transcript as number;
  const iGenotype = index.genotype as number;

  const byBarcode = new Map<string, ResultsFileBarcode & { codes: Set<string> }>();
  let rows = 0;
  const errors: ResultsFileError[] = [];
  let more = 0;
  /** Notes a bad row (the first problem of each) and reads on. */
  const bad = (key: MessageKey, params: MessageParams) => {
    if (errors.length < maxReportedErrors) errors.push({ key, params });
    else more++;
  };
  for (;;) {
    const record = nextRecord();
    if (!record) break;
    const { fields, line } = record;
    if (fields.length !== header.length) {
      bad('resultsFileWrongFieldCount', { line, expected: header.length, found: fields.length });
      continue;
    }
    const barcode = (fields[iBarcode] as string).trim().toUpperCase();
    const geneCode = (fields[iGeneCode] as string).trim();
    const rawGenotype = (fields[iGenotype] as string).trim();
    const genotype = rawGenotype ? displayGenotype(rawGenotype) : undefined;
    if (!barcode) bad('resultsFileEmptyValue', { line, column: 'barcode' });
    else if (!geneCode) bad('resultsFileEmptyValue', { line, column: 'gene_code' });
    else if (!rawGenotype) bad('resultsFileEmptyValue', { line, column: 'genotype' });
    else if (!genotype) bad('resultsFileInvalidGenotype', { line, genotype: rawGenotype });
    if (!barcode || !geneCode || !genotype) continue;
    let entry = byBarcode.get(barcode);
    if (!entry) {
      entry = { barcode, line, genes: [], codes: new Set() };
      byBarcode.set(barcode, entry);
    }
    const code = geneCode.toLowerCase();
    if (entry.codes.has(code)) {
      bad('resultsFileDuplicateGene', { line, gene: geneCode, barcode });
      continue;
    }
    entry.codes.add(code);
    entry.genes.push({
      geneCode,
      geneName: (fields[iGeneName] as string).trim(),
      hgvsC: (fields[iHgvs] as string).trim(),
      protein: (fields[iProtein] as string).trim(),
      transcript: (fields[iTranscript] as string).trim(),
      genotype,
    });
    rows++;
  }
  if (errors.length) return { ok: false, errors, more };
  if (rows === 0) return fail('resultsFileEmpty');
  return {
    ok: true,
    rows,
    barcodes: [...byBarcode.values()].map(({ barcode, line, genes }) => ({ barcode, line, genes })),
  };
}
