import type { MessageKey, MessageParams } from '@genodesk/contract';
import { maxReportedErrors, type ResultsFileError } from '../results-file.js';

/** What a format reader is given, line by line: the text holding the line, and where it starts and ends. */
export interface LineReader {
  /** `text.slice(start, end)` is line number `line` (1-based), without its line break. */
  line(text: string, start: number, end: number, line: number): void;
}

/** The longest line read; past it the file is refused (a file without line breaks would fill memory). */
export const maxLineBytes = 16 * 1024 * 1024;

const pieceBytes = 64 * 1024;

export type LabFileFailure = { ok: false; errors: ResultsFileError[]; more: number };

/** Thrown to stop reading at a problem that refuses the whole file at once. */
export class StopReading extends Error {
  constructor(readonly failure: LabFileFailure) {
    super('lab file refused');
  }
}

export const refuse = (key: MessageKey, params: MessageParams = {}): LabFileFailure => ({
  ok: false,
  errors: [{ key, params }],
  more: 0,
});

export const stop = (key: MessageKey, params: MessageParams = {}) => new StopReading(refuse(key, params));

/**
 * Bad lines noted while reading on, so the lab fixes the file in one go; reading stops at the
 * `maxReportedErrors`th (a file of a gigabyte need not be read to its end to be refused, and a file
 * without tabs would cost a scan of each chunk per line) — or, with `countPast`, reads on and only
 * counts the bad lines past them (the CSV, whose rows cost little to read).
 */
export class BadLines {
  readonly errors: ResultsFileError[] = [];
  private more = 0;

  constructor(private readonly options: { countPast?: boolean } = {}) {}

  add(key: MessageKey, params: MessageParams) {
    if (this.errors.length >= maxReportedErrors) {
      this.more++;
      return;
    }
    this.errors.push({ key, params });
    if (this.errors.length >= maxReportedErrors && !this.options.countPast)
      throw new StopReading(this.failure());
  }

  get any() {
    return this.errors.length > 0;
  }

  failure(): LabFileFailure {
    return { ok: false, errors: this.errors, more: this.more };
  }

  /**
   * A refusal that stopped reading, after the bad lines noted before it (all of them already when the
   * stop was theirs), at most `maxReportedErrors`.
   */
  before(failure: LabFileFailure): LabFileFailure {
    if (!this.errors.length || failure.errors === this.errors) return failure;
    return {
      ok: false,
      errors: [...this.errors, ...failure.errors].slice(0, maxReportedErrors),
      more: failure.more,
    };
  }
}

/**
 * Splits chunks into lines (LF or CRLF) without building a string of the whole file: each chunk is read
 * as latin1 (one byte, one character; fast, and every format's structure is ASCII) and its lines are
 * handed over as offsets into that text; only a line split across chunks is joined.
 */
export class LineSplitter {
  /** The number of the last line handed over. */
  line = 0;
  private tail = '';
  private first = true;

  constructor(private readonly reader: LineReader) {}

  push(chunk: Buffer) {
    // Texts of at most 64 KiB: they die young (a large one would wait for a full collection, and the
    // resident memory grow meanwhile).
    if (chunk.length > pieceBytes)
      for (let start = 0; start < chunk.length; start += pieceBytes)
        this.pushPiece(chunk.subarray(start, start + pieceBytes));
    else this.pushPiece(chunk);
  }

  private pushPiece(chunk: Buffer) {
    let text = chunk.toString('latin1');
    if (this.first) {
      this.first = false;
      // A UTF-8 byte order mark.
      if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
    }
    let position = 0;
    const reader = this.reader;
    if (this.tail) {
      const newline = text.indexOf('\n');
      if (newline === -1) {
        this.tail += text;
        if (this.tail.length > maxLineBytes) throw this.tooLong();
        return;
      }
      const joined = this.tail + text.slice(0, newline);
      this.tail = '';
      const end = joined.charCodeAt(joined.length - 1) === 13 ? joined.length - 1 : joined.length;
      reader.line(joined, 0, end, ++this.line);
      position = newline + 1;
    }
    for (;;) {
      const newline = text.indexOf('\n', position);
      if (newline === -1) break;
      const end = newline > position && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      reader.line(text, position, end, ++this.line);
      position = newline + 1;
    }
    if (position < text.length) {
      this.tail = text.slice(position);
      if (this.tail.length > maxLineBytes) throw this.tooLong();
    }
  }

  /** Whether the bytes read so far stop inside a line (a line begun, its break not read yet). */
  get partial(): boolean {
    return this.tail.length > 0;
  }

  /** The last line, when the file does not end with a line break. */
  end() {
    if (!this.tail) return;
    const text = this.tail;
    this.tail = '';
    const end = text.charCodeAt(text.length - 1) === 13 ? text.length - 1 : text.length;
    this.reader.line(text, 0, end, ++this.line);
  }

  private tooLong() {
    return stop('labFileLineTooLong', { line: this.line + 1, max: maxLineBytes / 1024 / 1024 });
  }
}

/** The index of the next `separator` in text from `from`, or `end` when there is none before it. */
export function fieldEnd(text: string, separator: string, from: number, end: number): number {
  const at = text.indexOf(separator, from);
  return at === -1 || at > end ? end : at;
}

/** A whole number in text[start, end) (VCF allows 0, a telomere), or -1. */
export function parsePosition(text: string, start: number, end: number): number {
  if (end <= start || end - start > 10) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** A or a, C, G, T, I, D: an allele letter of the arrays' files. */
function isAlleleLetter(code: number): boolean {
  switch (code | 32) {
    case 97: // a
    case 99: // c
    case 103: // g
    case 116: // t
    case 105: // i
    case 100: // d
      return true;
    default:
      return false;
  }
}

/** Where text[from, to) starts past spaces and double quotes. */
function trimStart(text: string, from: number, to: number): number {
  while (from < to && (text.charCodeAt(from) === 32 || text.charCodeAt(from) === 34)) from++;
  return from;
}

/** Where text[from, to) ends before spaces and double quotes. */
function trimEnd(text: string, from: number, to: number): number {
  while (to > from && (text.charCodeAt(to - 1) === 32 || text.charCodeAt(to - 1) === 34)) to--;
  return to;
}

/** How an array file writes a call: `call` alleles (A, C, G, T, I, D), a `noCall`, or `invalid`. */
export type CallKind = 'call' | 'noCall' | 'invalid';

/** `-`, `--`, `0`, `00`: an array's no-call. */
function isNoCall(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first !== 45 /* - */ && first !== 48 /* 0 */) return false;
  return end - start === 1 || (end - start === 2 && text.charCodeAt(start + 1) === first);
}

/**
 * One allele column of a Final Report or an AncestryDNA file, text[from, to) (spaces and quotes
 * around ignored): one allele letter, or a no-call (`-`, `--`, `0`, `00`).
 */
export function alleleKind(text: string, from: number, to: number): CallKind {
  const start = trimStart(text, from, to);
  const end = trimEnd(text, start, to);
  if (end - start === 1 && isAlleleLetter(text.charCodeAt(start))) return 'call';
  return end > start && isNoCall(text, start, end) ? 'noCall' : 'invalid';
}

/**
 * A 23andMe genotype column, text[from, to): one or two allele letters (`AG`, `A`, `DI`, also `A/G`),
 * or a no-call (`--`, `-`, `00`, `0`).
 */
export function genotypeKind(text: string, from: number, to: number): CallKind {
  const start = trimStart(text, from, to);
  const end = trimEnd(text, start, to);
  const length = end - start;
  if (length === 0) return 'invalid';
  if (isNoCall(text, start, end)) return 'noCall';
  if (length === 1) return isAlleleLetter(text.charCodeAt(start)) ? 'call' : 'invalid';
  if (length === 2)
    return isAlleleLetter(text.charCodeAt(start)) && isAlleleLetter(text.charCodeAt(start + 1))
      ? 'call'
      : 'invalid';
  if (length === 3 && text.charCodeAt(start + 1) === 47 /* / */)
    return isAlleleLetter(text.charCodeAt(start)) && isAlleleLetter(text.charCodeAt(start + 2))
      ? 'call'
      : 'invalid';
  return 'invalid';
}

/** The upper-case alleles of a call `genotypeKind` accepted (`AG`, `A`, `A/G`). */
export function genotypeAllelesOf(text: string, from: number, to: number): string[] {
  const start = trimStart(text, from, to);
  const end = trimEnd(text, start, to);
  const value = text.slice(start, end).toUpperCase();
  if (value.length === 3) return [value[0] as string, value[2] as string];
  return value.length === 2 ? [value[0] as string, value[1] as string] : [value];
}

/** The upper-case allele of a column `alleleKind` accepted as a call. */
export function alleleOf(text: string, from: number, to: number): string {
  const start = trimStart(text, from, to);
  return text.charAt(start).toUpperCase();
}

/** The value of text[from, to) as a refusal quotes it (spaces and quotes around dropped). */
export function quotedValue(text: string, from: number, to: number): string {
  const start = trimStart(text, from, to);
  const end = trimEnd(text, start, to);
  return text.slice(start, end);
}

const indelLetters = new Map([
  ['I', 'I'],
  ['D', 'D'],
]);

/**
 * What an array's letters translate through for a marker: its `toNotation`, but for an indel only `I`
 * and `D` (a base letter is no indel call, even one equal to the VCF's padded allele).
 */
export function arrayTranslation(marker: {
  reference: string;
  alternative: string;
  toNotation: Map<string, string>;
}): Map<string, string> {
  return marker.reference.length === marker.alternative.length ? marker.toNotation : indelLetters;
}
