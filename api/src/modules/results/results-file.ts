import {
  complementAllele,
  displayGenotype,
  genotypeAlleles,
  type MessageKey,
  type MessageParams,
  maxSamplesPerFile,
  type NoCallReason,
  noCallGenotype,
} from '@genodesk/contract';
import {
  haploidGenotype,
  type MarkerIndex,
  notationGenotype,
  type PreparedMarker,
} from './lab-formats/marker-index.js';

/**
 * The lab's results file (DOMAIN §2) as a pure function: bytes in, genotypes grouped by barcode out,
 * or its problems with their 1-based file lines (the header is line 1): every bad row, up to
 * `maxReportedErrors`, then how many more, so the lab fixes the file in one go. CSV, comma or semicolon
 * (taken from the header), UTF-8 with an optional BOM, quoted fields, CRLF or LF, blank lines skipped.
 *
 * One notation (issue 34): a gene code of the marker map is converted to the map's plus strand
 * (reference allele first, an indel as I/D) or the row is refused. The strand the file writes is
 * declared by a line `##strand=plus` or `##strand=gene` before the header, or per row in an optional
 * `strand` column (`plus` / `gene`; empty falls back to the file's). Undeclared, the alleles tell it —
 * the plus strand's or their complements — except for an A/T or C/G marker, which is refused then. A
 * genotype `--` (also `-/-`, `00`, `./.`, `NC`) is a no-call, stored as such. A gene code the map does
 * not know is stored as written.
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
  /** A mapped marker's on the plus strand, the reference allele first; another gene's as given; `--` for a no-call. */
  genotype: string;
  /** Why the marker has no call; null (or absent) when it has one. */
  noCallReason?: NoCallReason | null;
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

/** How a CSV writes the alleles: the plus strand of the map, or the gene's (as HGVS c. reads). */
type Strand = 'plus' | 'gene';

const strandOf = (value: string): Strand | undefined | 'bad' => {
  const text = value.trim().toLowerCase();
  if (!text) return undefined;
  // Not Illumina's "Forward", which is not the plus strand of the build.
  if (text === 'plus' || text === '+') return 'plus';
  if (text === 'gene' || text === 'transcript') return 'gene';
  return 'bad';
};

/**
 * The marker of the map a row names: the marker of that gene code, else the one marker of that rsID;
 * 'ambiguous' when several markers share the rsID (two alternative alleles at one site).
 */
function markerOf(index: MarkerIndex | undefined, code: string): PreparedMarker | 'ambiguous' | undefined {
  const named = index?.named(code);
  if (!named?.length) return undefined;
  const lower = code.toLowerCase();
  const byCode = named.find((marker) => marker.marker.geneCode.toLowerCase() === lower);
  if (byCode) return byCode;
  return named.length === 1 ? named[0] : 'ambiguous';
}

/** How a CSV writes a no-call (compared upper-cased, without spaces). */
const noCallWritings = new Set(['--', '-/-', '00', './.', '.', 'NC']);

type Converted = { genotype: string } | { error: MessageKey; params: MessageParams };

/** Alleles through a translation (if the marker has one) into the notation, the reference first. */
const translate = (
  alleles: readonly string[],
  translation: Map<string, string> | undefined,
  reference: string,
) => (translation ? notationGenotype(alleles, translation, reference) : undefined);

/** A mapped marker's alleles from the file, on the strand declared (or told by the alleles), to the notation. */
function toNotation(
  marker: PreparedMarker,
  alleles: string[],
  strand: Strand | undefined,
  line: number,
): Converted {
  const written = alleles.map((allele) => (allele === 'DEL' ? 'D' : allele === 'INS' ? 'I' : allele));
  const reference = marker.notationReference;
  let genotype: string | undefined;
  let refusal: MessageKey = 'resultsFileAlleleNotOnStrand';
  if (strand === 'plus') genotype = translate(written, marker.toNotation, reference);
  else if (strand === 'gene')
    genotype = translate(
      marker.marker.geneStrand === '-' ? written.map(complementAllele) : written,
      marker.toNotation,
      reference,
    );
  else if (marker.marker.strandAmbiguous) refusal = 'resultsFileStrandAmbiguous';
  else {
    genotype =
      translate(written, marker.toNotation, reference) ??
      translate(written, marker.complementToNotation, reference);
    refusal = 'resultsFileUnexpectedAllele';
  }
  if (genotype) return { genotype: marker.haploid ? haploidGenotype(genotype) : genotype };
  return {
    error: refusal,
    params: {
      line,
      gene: marker.marker.geneCode,
      genotype: alleles.join('/'),
      reference: marker.reference,
      alternative: marker.alternative,
      strand: strand ?? '',
    },
  };
}

export function parseResultsFile(bytes: Uint8Array, markerIndex?: MarkerIndex): ParsedResultsFile {
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

  // Declarations before the header: `##strand=plus` or `##strand=gene`.
  let fileStrand: Strand | undefined;
  const firstRaw = (() => {
    for (;;) {
      const raw = nextLine();
      if (raw === undefined) return undefined;
      if (raw.trim() === '') continue;
      if (!raw.trimStart().startsWith('##')) return raw;
      const [name, value = ''] = raw.trim().slice(2).split('=');
      if (name?.trim().toLowerCase() !== 'strand') return { declaration: raw.trim() };
      const strand = strandOf(value.replace(/[;,]+$/, ''));
      if (!strand || strand === 'bad') return { declaration: raw.trim() };
      fileStrand = strand;
    }
  })();
  if (firstRaw === undefined) return fail('resultsFileEmpty');
  if (typeof firstRaw !== 'string')
    return fail('resultsFileBadDeclaration', { line: lineNumber, declaration: firstRaw.declaration });
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
  const markers = markerIndex;
  const iBarcode = index.barcode as number;
  const iGeneCode = index.gene_code as number;
  const iGeneName = index.gene_name as number;
  const iHgvs = index.hgvs_c as number;
  const iProtein = index.protein as number;
  const iTranscript = index.transcript as number;
  const iGenotype = index.genotype as number;
  const iStrand = names.indexOf('strand');

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
    const rowStrand = iStrand === -1 ? undefined : strandOf(fields[iStrand] as string);
    const noCall = noCallWritings.has(rawGenotype.replace(/\s/g, '').toUpperCase());
    const alleles = rawGenotype && !noCall ? genotypeAlleles(rawGenotype) : undefined;
    if (!barcode) bad('resultsFileEmptyValue', { line, column: 'barcode' });
    else if (!geneCode) bad('resultsFileEmptyValue', { line, column: 'gene_code' });
    else if (!rawGenotype) bad('resultsFileEmptyValue', { line, column: 'genotype' });
    else if (!noCall && !alleles) bad('resultsFileInvalidGenotype', { line, genotype: rawGenotype });
    else if (rowStrand === 'bad')
      bad('resultsFileInvalidStrand', { line, strand: (fields[iStrand] as string).trim() });
    if (!barcode || !geneCode || (!noCall && !alleles) || rowStrand === 'bad') continue;
    const marker = markerOf(markers, geneCode);
    if (marker === 'ambiguous') {
      bad('resultsFileAmbiguousMarker', { line, gene: geneCode });
      continue;
    }
    let genotype: string = noCallGenotype;
    if (alleles && marker) {
      const converted = toNotation(marker, alleles, rowStrand ?? fileStrand, line);
      if ('error' in converted) {
        bad(converted.error, converted.params);
        continue;
      }
      genotype = converted.genotype;
    } else if (alleles) genotype = displayGenotype(rawGenotype) ?? rawGenotype;
    let entry = byBarcode.get(barcode);
    if (!entry) {
      if (byBarcode.size >= maxSamplesPerFile)
        return {
          ok: false,
          errors: [
            ...errors,
            { key: 'labFileTooManySamples' as const, params: { line, max: maxSamplesPerFile } },
          ].slice(0, maxReportedErrors),
          more,
        };
      entry = { barcode, line, genes: [], codes: new Set() };
      byBarcode.set(barcode, entry);
    }
    // A marker named by its rsID is stored under its gene code, as the lab formats store it.
    const storedCode = marker ? marker.marker.geneCode : geneCode;
    const code = storedCode.toLowerCase();
    if (entry.codes.has(code)) {
      bad('resultsFileDuplicateGene', { line, gene: geneCode, barcode });
      continue;
    }
    entry.codes.add(code);
    entry.genes.push({
      geneCode: storedCode,
      geneName: (fields[iGeneName] as string).trim(),
      hgvsC: (fields[iHgvs] as string).trim(),
      protein: (fields[iProtein] as string).trim(),
      transcript: (fields[iTranscript] as string).trim(),
      genotype,
      noCallReason: noCall ? 'noCall' : null,
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
