import {
  complementAllele,
  displayGenotype,
  genotypeAlleles,
  LabFileFormat,
  type MessageKey,
  type MessageParams,
  maxSamplesPerFile,
  noCallGenotype,
} from '@genodesk/contract';
import { type ParsedResultsFile, type ResultsFileBarcode, resultsFileColumns } from '../results-file.js';
import { BadLines, type LineReader, LineSplitter, maxLineBytes, refuse, StopReading, stop } from './lines.js';
import {
  haploidGenotype,
  type MarkerIndex,
  notationGenotype,
  oneAlleleOnAutosome,
  type PreparedMarker,
} from './marker-index.js';
import type { LabFileResult } from './types.js';

/**
 * The lab's results file (DOMAIN §2), read line by line as it arrives: genotypes grouped by barcode,
 * or its problems with their 1-based file lines (the header is line 1): every bad row, up to
 * `maxReportedErrors`, then how many more, so the lab fixes the file in one go. CSV, comma or semicolon
 * (taken from the header), UTF-8 with an optional BOM, quoted fields (which may span lines), CRLF or
 * LF, blank lines skipped.
 *
 * One notation (issue 34): a gene code of the marker map is converted to the map's plus strand
 * (reference allele first, an indel as I/D) or the row is refused. The strand the file writes is
 * declared by a line `##strand=plus` or `##strand=gene` before the header, or per row in an optional
 * `strand` column (`plus` / `gene`; empty falls back to the file's). Undeclared, the alleles tell it —
 * the plus strand's or their complements — except for an A/T or C/G marker, which is refused then. A
 * genotype `--` (also `-/-`, `00`, `./.`, `NC`) is a no-call, stored as such. A gene code the map does
 * not know is stored as written.
 *
 * Each line is read once, in time linear in its length (issue 36: a quote left open made the reader
 * reread the growing record at every line, and long quoted fields were copied a character at a time;
 * a few megabytes held the API for seconds); a record is as long as a line may be (`maxLineBytes`).
 */

/** The fields of a record read so far; `quoted` while a quoted field is open (it continues on the next line). */
class FieldScanner {
  fields: string[] = [];
  private field = '';
  quoted = false;

  constructor(private readonly delimiter: string) {}

  /** Reads a line of the record (after the first, the line break belongs to the open quoted field). */
  scan(text: string) {
    const delimiter = this.delimiter;
    if (!this.quoted && !text.includes('"')) {
      const parts = text.split(delimiter);
      this.field += parts[0];
      for (let k = 1; k < parts.length; k++) {
        this.fields.push(this.field);
        this.field = parts[k] as string;
      }
      return;
    }
    let i = 0;
    let nextQuote = -1;
    while (i < text.length) {
      if (nextQuote < i) nextQuote = text.indexOf('"', i);
      if (this.quoted) {
        if (nextQuote === -1) {
          this.field += text.slice(i);
          return;
        }
        this.field += text.slice(i, nextQuote);
        if (text.charCodeAt(nextQuote + 1) === 34) {
          this.field += '"';
          i = nextQuote + 2;
        } else {
          this.quoted = false;
          i = nextQuote + 1;
        }
        continue;
      }
      const nextDelimiter = text.indexOf(delimiter, i);
      const stopAt =
        nextQuote === -1
          ? nextDelimiter
          : nextDelimiter === -1
            ? nextQuote
            : Math.min(nextQuote, nextDelimiter);
      if (stopAt === -1) {
        this.field += text.slice(i);
        return;
      }
      this.field += text.slice(i, stopAt);
      if (stopAt === nextQuote) this.quoted = true;
      else {
        this.fields.push(this.field);
        this.field = '';
      }
      i = stopAt + 1;
    }
  }

  /** The record's fields, a quoted field still open taken as it is. */
  end(): string[] {
    this.fields.push(this.field);
    return this.fields;
  }

  /** Continues the open quoted field on the next line. */
  lineBreak() {
    this.field += '\n';
  }
}

/** Splits a one-line record; undefined when a quoted field is still open at its end. */
function splitRecord(text: string, delimiter: string): string[] | undefined {
  const scanner = new FieldScanner(delimiter);
  scanner.scan(text);
  return scanner.quoted ? undefined : scanner.end();
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
const noCallWritings = new Set(['--', '-/-', '-|-', '00', './.', '.|.', '.', 'NC']);

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
  if (genotype && oneAlleleOnAutosome(marker, genotype))
    return {
      error: 'resultsFileOneAllele',
      params: {
        line,
        gene: marker.marker.geneCode,
        genotype: alleles.join('/'),
        chromosome: marker.chromosome,
      },
    };
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

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** A byte past ASCII: the line is decoded as UTF-8 (the splitter hands lines over as latin1). */
const pastAscii = /[\x80-\xff]/;

type Columns = {
  count: number;
  barcode: number;
  geneCode: number;
  geneName: number;
  hgvsC: number;
  protein: number;
  transcript: number;
  genotype: number;
  /** -1 without a strand column. */
  strand: number;
};

export class CsvReader implements LineReader {
  /** Bad rows: the first `maxReportedErrors`, then only counted (the file is read to its end). */
  readonly bad = new BadLines({ countPast: true });
  private fileStrand: Strand | undefined;
  private delimiter = ';';
  private columns: Columns | undefined;
  /** The record begun and not ended (a quoted field open at its last line), and its first line. */
  private record: FieldScanner | undefined;
  private recordLine = 0;
  private recordLength = 0;
  private readonly byBarcode = new Map<string, ResultsFileBarcode & { codes: Set<string> }>();
  private rows = 0;

  constructor(private readonly markers?: MarkerIndex) {}

  line(text: string, start: number, end: number, line: number) {
    let value = text.slice(start, end);
    if (pastAscii.test(value)) {
      try {
        value = utf8.decode(Buffer.from(value, 'latin1'));
      } catch {
        throw stop('resultsFileBadEncoding', { line });
      }
    }
    if (!this.columns) return this.beforeData(value, line);
    let record = this.record;
    if (record) record.lineBreak();
    else {
      if (value.trim() === '') return;
      record = new FieldScanner(this.delimiter);
      this.record = record;
      this.recordLine = line;
      this.recordLength = 0;
    }
    this.recordLength += value.length + 1;
    if (this.recordLength > maxLineBytes)
      throw stop('labFileLineTooLong', { line: this.recordLine, max: maxLineBytes / 1024 / 1024 });
    record.scan(value);
    if (record.quoted) return;
    this.record = undefined;
    this.read(record.end(), this.recordLine);
  }

  /** Declarations (`##strand=plus` or `##strand=gene`) and blank lines, then the header. */
  private beforeData(value: string, line: number) {
    const trimmed = value.trim();
    if (trimmed === '') return;
    if (trimmed.startsWith('##')) {
      const [name, declared = ''] = trimmed.slice(2).split('=');
      const strand = strandOf(declared.replace(/[;,]+$/, ''));
      if (name?.trim().toLowerCase() !== 'strand' || !strand || strand === 'bad')
        throw stop('resultsFileBadDeclaration', { line, declaration: trimmed });
      this.fileStrand = strand;
      return;
    }
    this.delimiter = detectDelimiter(value);
    const header = splitRecord(value, this.delimiter) ?? value.split(this.delimiter);
    const names = header.map((name) => name.trim().toLowerCase());
    const at: Record<string, number> = {};
    for (const column of resultsFileColumns) {
      at[column] = names.indexOf(column);
      if (at[column] === -1) throw stop('resultsFileMissingColumn', { line, column });
    }
    this.columns = {
      count: header.length,
      barcode: at.barcode as number,
      geneCode: at.gene_code as number,
      geneName: at.gene_name as number,
      hgvsC: at.hgvs_c as number,
      protein: at.protein as number,
      transcript: at.transcript as number,
      genotype: at.genotype as number,
      strand: names.indexOf('strand'),
    };
  }

  /** One record: a gene row of a barcode, or the first problem it has. */
  private read(fields: string[], line: number) {
    const columns = this.columns as Columns;
    const bad = (key: MessageKey, params: MessageParams) => this.bad.add(key, params);
    if (fields.length !== columns.count)
      return bad('resultsFileWrongFieldCount', { line, expected: columns.count, found: fields.length });
    const barcode = (fields[columns.barcode] as string).trim().toUpperCase();
    const geneCode = (fields[columns.geneCode] as string).trim();
    const rawGenotype = (fields[columns.genotype] as string).trim();
    const rowStrand = columns.strand === -1 ? undefined : strandOf(fields[columns.strand] as string);
    const noCall = noCallWritings.has(rawGenotype.replace(/\s/g, '').toUpperCase());
    const alleles = rawGenotype && !noCall ? genotypeAlleles(rawGenotype) : undefined;
    if (!barcode) return bad('resultsFileEmptyValue', { line, column: 'barcode' });
    if (!geneCode) return bad('resultsFileEmptyValue', { line, column: 'gene_code' });
    if (!rawGenotype) return bad('resultsFileEmptyValue', { line, column: 'genotype' });
    if (!noCall && !alleles) return bad('resultsFileInvalidGenotype', { line, genotype: rawGenotype });
    if (rowStrand === 'bad')
      return bad('resultsFileInvalidStrand', { line, strand: (fields[columns.strand] as string).trim() });
    const marker = markerOf(this.markers, geneCode);
    if (marker === 'ambiguous') return bad('resultsFileAmbiguousMarker', { line, gene: geneCode });
    let genotype: string = noCallGenotype;
    if (alleles && marker) {
      const converted = toNotation(marker, alleles, rowStrand ?? this.fileStrand, line);
      if ('error' in converted) return bad(converted.error, converted.params);
      genotype = converted.genotype;
    } else if (alleles) genotype = displayGenotype(rawGenotype) ?? rawGenotype;
    let entry = this.byBarcode.get(barcode);
    if (!entry) {
      if (this.byBarcode.size >= maxSamplesPerFile) {
        this.bad.add('labFileTooManySamples', { line, max: maxSamplesPerFile });
        throw new StopReading(this.bad.failure());
      }
      entry = { barcode, line, genes: [], codes: new Set() };
      this.byBarcode.set(barcode, entry);
    }
    // A marker named by its rsID is stored under its gene code, as the lab formats store it.
    const storedCode = marker ? marker.marker.geneCode : geneCode;
    const code = storedCode.toLowerCase();
    if (entry.codes.has(code)) return bad('resultsFileDuplicateGene', { line, gene: geneCode, barcode });
    entry.codes.add(code);
    entry.genes.push({
      geneCode: storedCode,
      geneName: (fields[columns.geneName] as string).trim(),
      hgvsC: (fields[columns.hgvsC] as string).trim(),
      protein: (fields[columns.protein] as string).trim(),
      transcript: (fields[columns.transcript] as string).trim(),
      genotype,
      noCallReason: noCall ? 'noCall' : null,
    });
    this.rows++;
  }

  /** The file read: its genotypes by barcode, or every problem found. */
  result(): ParsedResultsFile {
    // A quote left open at the end of the file: its field is taken as it is.
    if (this.record) {
      const fields = this.record.end();
      this.record = undefined;
      this.read(fields, this.recordLine);
    }
    if (this.bad.any) return this.bad.failure();
    if (this.rows === 0) return refuse('resultsFileEmpty');
    return {
      ok: true,
      rows: this.rows,
      barcodes: [...this.byBarcode.values()].map(({ barcode, line, genes }) => ({ barcode, line, genes })),
    };
  }

  end(): LabFileResult {
    const parsed = this.result();
    if (!parsed.ok) return parsed;
    return { ...parsed, format: LabFileFormat.Csv, genomeBuild: null, counts: [] };
  }
}

/** The results file as a pure function: its bytes in, what `CsvReader` reads out. */
export function parseResultsFile(bytes: Uint8Array, markers?: MarkerIndex): ParsedResultsFile {
  const reader = new CsvReader(markers);
  try {
    const splitter = new LineSplitter(reader);
    splitter.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    splitter.end();
    return reader.result();
  } catch (error) {
    if (error instanceof StopReading) return reader.bad.before(error.failure);
    throw error;
  }
}
