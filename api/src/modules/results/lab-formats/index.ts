import { createGunzip } from 'node:zlib';
import { LabFileFormat, maxCompressionRatio, maxUnpackedBytes } from '@genodesk/contract';
import { ConsumerReader } from './consumer.js';
import { CsvReader } from './csv.js';
import { detectFormat } from './detect.js';
import { FinalReportReader } from './final-report.js';
import {
  type BadLines,
  type LabFileFailure,
  type LineReader,
  LineSplitter,
  refuse,
  StopReading,
  stop,
} from './lines.js';
import { MarkerIndex } from './marker-index.js';
import type { LabFileResult, MapMarker, ReadOptions } from './types.js';
import { VcfReader } from './vcf.js';

export type { LabFileResult, MapMarker, ReadOptions, SampleMarkerCounts } from './types.js';

/**
 * Reads a results file in any of the lab formats (issue 23) into genotypes through the marker map: this
 * project's CSV, VCF, Illumina GenomeStudio Final Report, 23andMe and AncestryDNA
 * raw data. The format is detected from the content (gzip first, then the first lines), never the file
 * name. Streams line by line: memory stays flat whatever the file's size, and each chunk is read as it
 * arrives, so the API answers meanwhile.
 *
 * Every sample gets every mapped marker once: a call in the one notation (issue 34: the plus-strand
 * alleles of the map, an indel as I/D, the reference allele first, joined by '/'), else
 * `noCallGenotype` with its `noCallReason` (also in `counts`). A bad file is refused whole: every bad
 * line (up to `maxReportedErrors`) with its 1-based number and the reason; nothing partial is returned.
 */
export async function readLabFile(
  source: AsyncIterable<Buffer | Uint8Array>,
  markers: MapMarker[],
  options: ReadOptions,
): Promise<LabFileResult> {
  const file = new LabFileReader(new MarkerIndex(markers), options);
  const iterator = source[Symbol.asyncIterator]();
  const rest = { [Symbol.asyncIterator]: () => iterator };
  try {
    // The first two bytes tell a gzip stream.
    let head: Buffer = Buffer.alloc(0);
    while (head.length < 2) {
      const next = await iterator.next();
      if (next.done) break;
      head = head.length ? Buffer.concat([head, asBuffer(next.value)]) : asBuffer(next.value);
    }
    if (head[0] === 0x1f && head[1] === 0x8b) await gunzipInto(head, rest, file);
    else {
      if (head.length) file.push(head);
      for await (const chunk of rest) file.push(asBuffer(chunk));
    }
    return file.end();
  } catch (error) {
    if (error instanceof StopReading) return file.withBadLines(error.failure);
    throw error;
  } finally {
    await iterator.return?.();
  }
}

const asBuffer = (chunk: Buffer | Uint8Array) =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** The empty block that ends every BGZF file (bgzip, htslib, GATK, Picard): without it, the file was cut. */
const bgzfEof = Buffer.from('1f8b08040000000000ff0600424302001b0003000000000000000000', 'hex');

/** Compressed bytes handed to zlib at a time: a damaged stream is named to within this many bytes. */
const gzipPieceBytes = 16 * 1024;

/**
 * Gunzips into the reader; a gzip made of several members (bgzip) is read through. A stream cut short or
 * damaged refuses the file with the last line read and the compressed bytes consumed; so does a BGZF
 * file without its end-of-file block.
 */
async function gunzipInto(head: Buffer, rest: AsyncIterable<Buffer | Uint8Array>, file: LabFileReader) {
  let first: Buffer = head;
  let last: Buffer = Buffer.alloc(0);
  /** Compressed bytes handed to zlib: what the unpacked bytes are measured against (not those received). */
  let compressedBytes = 0;
  const note = (chunk: Buffer) => {
    if (first.length < 16) first = Buffer.concat([first, chunk]);
    last = chunk.length >= 28 ? chunk : Buffer.concat([last, chunk]);
    if (last.length > 28) last = last.subarray(last.length - 28);
  };
  function* pieces(buffer: Buffer) {
    for (let start = 0; start < buffer.length; start += gzipPieceBytes) {
      const piece = buffer.subarray(start, start + gzipPieceBytes);
      compressedBytes += piece.length;
      yield piece;
    }
  }
  async function* compressed() {
    note(head);
    yield* pieces(head);
    for await (const chunk of rest) {
      const buffer = asBuffer(chunk);
      note(buffer);
      yield* pieces(buffer);
    }
  }
  const gunzip = createGunzip({ chunkSize: 256 * 1024 });
  // Each piece is written once the last is decompressed and its text handed on, and the end comes
  // alone: zlib reads the last piece it is given with the end (Z_FINISH), and a stream cut short then
  // fails that piece whole, its text with it, so the line named would not be the last one read.
  let failure: unknown;
  let unpacked = 0;
  const ended = new Promise<void>((resolve) => {
    gunzip.on('data', (chunk: Buffer) => {
      if (failure !== undefined) return;
      try {
        unpacked += chunk.length;
        // A bomb stops here: past the bound, or (beyond the first 64 MB) unpacking too far for genotypes.
        if (
          unpacked > maxUnpackedBytes ||
          (unpacked > 64 * 1024 * 1024 && unpacked > compressedBytes * maxCompressionRatio)
        )
          throw stop('labFileUnpacksTooFar', {
            line: file.linesRead(),
            max: Math.round(maxUnpackedBytes / 1024 / 1024),
            ratio: maxCompressionRatio,
          });
        file.push(chunk);
      } catch (error) {
        failure = error;
        gunzip.destroy();
      }
    });
    gunzip.on('error', (error) => {
      failure ??= error;
      resolve();
    });
    gunzip.on('end', resolve);
    gunzip.on('close', resolve);
  });
  const written = (piece: Buffer) => new Promise<void>((resolve) => gunzip.write(piece, () => resolve()));
  try {
    for await (const piece of compressed()) {
      // A failing piece may never call back: the stream's error (or close) ends the wait too.
      await Promise.race([written(piece), ended]);
      if (failure !== undefined) break;
    }
  } catch (error) {
    // The upload itself failed: zlib is let go.
    gunzip.destroy();
    throw error;
  }
  if (failure === undefined) gunzip.end();
  await ended;
  if (failure !== undefined) {
    if (failure instanceof StopReading) throw failure;
    const code = (failure as { code?: string }).code;
    // The bytes zlib consumed: all of them for a stream cut short, those before the damage else.
    if (code === 'Z_BUF_ERROR')
      throw stop('labFileGzipTruncated', { line: file.linesRead(), offset: compressedBytes });
    if (code?.startsWith('Z_'))
      throw stop('labFileGzipCorrupt', { line: file.linesRead(), offset: gunzip.bytesWritten });
    throw failure;
  }
  // BGZF: the FEXTRA flag and a 'BC' subfield in the first member's header.
  const bgzf = (first[3] ?? 0) & 4 && first[12] === 0x42 && first[13] === 0x43;
  if (bgzf && !last.equals(bgzfEof))
    throw stop('labFileGzipTruncated', { line: file.linesRead(), offset: compressedBytes });
}

/** Bytes read before the format is decided from them. */
const detectBytes = 64 * 1024;

type FormatReader = LineReader & { bad: BadLines; end(): LabFileResult };

/** Detects the format from the first bytes, then hands the lines to that format's reader. */
class LabFileReader {
  private head: Buffer[] = [];
  private headBytes = 0;
  private splitter: LineSplitter | undefined;
  private reader: FormatReader | undefined;

  constructor(
    private readonly index: MarkerIndex,
    private readonly options: ReadOptions,
  ) {}

  /**
   * The number of the last line read, whole or begun (at least 1): what a refusal for the bytes that
   * stop it names. Counts the lines still held for detection too.
   */
  linesRead(): number {
    if (this.splitter) return Math.max(1, this.splitter.line + (this.splitter.partial ? 1 : 0));
    let lines = 0;
    let lastByte = 10;
    for (const chunk of this.head) {
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      if (chunk.length) lastByte = chunk[chunk.length - 1] as number;
    }
    return Math.max(1, lines + (lastByte === 10 ? 0 : 1));
  }

  /** A refusal that stopped reading, after the bad lines the format's reader noted before it. */
  withBadLines(failure: LabFileFailure): LabFileFailure {
    return this.reader ? this.reader.bad.before(failure) : failure;
  }

  push(chunk: Buffer) {
    if (this.splitter) this.splitter.push(chunk);
    else {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= detectBytes) this.decide(false);
    }
  }

  private decide(complete: boolean) {
    const head = Buffer.concat(this.head);
    this.head = [];
    let text = head.toString('latin1');
    if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
    const lines = text.split('\n');
    if (!complete) lines.pop();
    const detected = detectFormat(lines, complete) ?? { unknown: true as const, line: 1 };
    if ('empty' in detected) throw stop('resultsFileEmpty');
    if ('unknown' in detected) throw stop('labFileUnknownFormat', { line: detected.line });
    switch (detected.format) {
      case LabFileFormat.Csv:
        this.reader = new CsvReader(this.index);
        break;
      case LabFileFormat.Vcf:
        this.reader = new VcfReader(this.index, this.options);
        break;
      case LabFileFormat.FinalReport:
        this.reader = new FinalReportReader(this.index, this.options);
        break;
      case LabFileFormat.TwentyThreeAndMe:
      case LabFileFormat.AncestryDna: {
        const barcode = this.options.barcode?.trim().toUpperCase();
        if (!barcode)
          throw stop('labFileBarcodeRequired', {
            format: detected.format === LabFileFormat.AncestryDna ? 'AncestryDNA' : '23andMe',
          });
        this.reader = new ConsumerReader(this.index, this.options, detected.format, barcode);
        break;
      }
    }
    this.splitter = new LineSplitter(this.reader);
    this.splitter.push(head);
  }

  end(): LabFileResult {
    if (!this.splitter) this.decide(true);
    this.splitter?.end();
    return this.reader?.end() ?? refuse('resultsFileEmpty');
  }
}
