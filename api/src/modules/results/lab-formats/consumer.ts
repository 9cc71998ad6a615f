import type { LabFileFormat } from '@genodesk/contract';
import { resolveBuild } from './builds.js';
import { buildOfComment } from './genome-builds.js';
import {
  alleleKind,
  alleleOf,
  arrayTranslation,
  BadLines,
  type CallKind,
  genotypeAllelesOf,
  genotypeKind,
  type LineReader,
  parsePosition,
  quotedValue,
  refuse,
} from './lines.js';
import {
  type ChromosomePositions,
  type MarkerIndex,
  normaliseChromosome,
  notationGenotype,
  type PreparedMarker,
  SampleCalls,
} from './marker-index.js';
import type { LabFileResult, ReadOptions } from './types.js';

/**
 * Consumer raw data, one person per file (the barcode is named at upload): 23andMe (`#` comments, one
 * naming the build; `rsid chromosome position genotype`, `--` a no-call, `DD`/`DI`/`II` indels, single
 * letters for haploid calls, internal `i…` ids) and AncestryDNA (`rsid chromosome position allele1
 * allele2`, `0` a no-call, chromosomes 23 = X, 24 = Y, 25 = X's pseudo-autosomal region, 26 = MT).
 * Alleles are on the plus strand, as both document; genotypes are written in the notation (the
 * reference allele first). Rows are matched by rsid (or gene code), else by chromosome and position in
 * the file's build (not for NCBI36); by name beats by position, a call beats a no-call.
 *
 * Every data row, matched or not, must have its four (23andMe) or five (AncestryDNA) fields and a call
 * that reads (one or two of A, C, G, T, I, D; a no-call `--`, `-`, `00`, `0`); a row named as a marker
 * whose letters are not the marker's is an error too. Every bad line is named.
 */

/** The most fields a row is read to (AncestryDNA's five, and one more to tell a row too long). */
const maxFields = 6;

export class ConsumerReader implements LineReader {
  rows = 0;
  readonly bad = new BadLines();
  private lastLine = 0;
  private fileBuild: 36 | 37 | 38 | undefined;
  private build: 37 | 38 | null | undefined;
  /** `genotype` (one column) or `alleles` (allele1, allele2): from the header line, else the first row. */
  private layout: 'genotype' | 'alleles' | undefined;
  private readonly calls: SampleCalls;
  private sample = -1;
  private lastChromosome = '';
  private lastChromosomeLength = -1;
  private lastPositions: ChromosomePositions | undefined;
  /** The fields of the row read last: start and end of each (runs of tabs and spaces separate them). */
  private readonly starts = new Int32Array(maxFields);
  private readonly ends = new Int32Array(maxFields);

  constructor(
    private readonly index: MarkerIndex,
    private readonly options: ReadOptions,
    private readonly format: typeof LabFileFormat.TwentyThreeAndMe | typeof LabFileFormat.AncestryDna,
    private readonly barcode: string,
  ) {
    this.calls = new SampleCalls(index.markers.length);
  }

  line(text: string, start: number, end: number, line: number) {
    this.lastLine = line;
    if (start === end) return;
    if (text.charCodeAt(start) === 35 /* # */) return this.comment(text.slice(start + 1, end).trim());
    const count = this.split(text, start, end);
    if (count === 0) return;
    if (this.build === undefined) {
      this.build = resolveBuild(this.fileBuild, this.options.genomeBuild, line);
      this.sample = this.calls.sample(this.barcode, line);
    }
    const { starts, ends } = this;
    if (this.rows === 0 && /^rsid$/i.test(text.slice(starts[0], ends[0]))) {
      this.header(text.slice(start, end));
      return;
    }
    this.rows++;
    this.layout ??= count >= 5 ? 'alleles' : 'genotype';
    const expected = this.layout === 'alleles' ? 5 : 4;
    if (count !== expected) {
      this.bad.add('resultsFileWrongFieldCount', { line, expected, found: count });
      return;
    }
    // Every row's call, matched or not: one or two allele letters (A, C, G, T, I, D), or a no-call.
    const s3 = starts[3] as number;
    const e3 = ends[3] as number;
    let kind: CallKind;
    if (this.layout === 'alleles') {
      const one = alleleKind(text, s3, e3);
      const two = alleleKind(text, starts[4] as number, ends[4] as number);
      kind =
        one === 'invalid' || two === 'invalid'
          ? 'invalid'
          : one === 'call' && two === 'call'
            ? 'call'
            : 'noCall';
    } else kind = genotypeKind(text, s3, e3);
    if (kind === 'invalid') {
      this.bad.add('labFileInvalidGenotype', {
        line,
        sample: this.barcode,
        genotype:
          this.layout === 'alleles'
            ? `${quotedValue(text, s3, e3)}/${quotedValue(text, starts[4] as number, ends[4] as number)}`
            : quotedValue(text, s3, e3),
      });
      return;
    }
    const named = this.index.namedAt(text, starts[0] as number, ends[0] as number);
    if (named) return this.record(this.alleles(text, kind), named, 3, line);
    if (this.build) this.positioned(text, kind, line);
  }

  /** The upper-case alleles of the row read last, or undefined for a no-call. */
  private alleles(text: string, kind: CallKind): string[] | undefined {
    if (kind !== 'call') return undefined;
    const { starts, ends } = this;
    return this.layout === 'alleles'
      ? [
          alleleOf(text, starts[3] as number, ends[3] as number),
          alleleOf(text, starts[4] as number, ends[4] as number),
        ]
      : genotypeAllelesOf(text, starts[3] as number, ends[3] as number);
  }

  /** Finds the row's fields (separated by runs of tabs and spaces); their number, counted to `maxFields`. */
  private split(text: string, start: number, end: number): number {
    let count = 0;
    let i = start;
    while (count < maxFields) {
      while (i < end && (text.charCodeAt(i) === 9 || text.charCodeAt(i) === 32)) i++;
      if (i >= end) break;
      this.starts[count] = i;
      while (i < end && text.charCodeAt(i) !== 9 && text.charCodeAt(i) !== 32) i++;
      this.ends[count] = i;
      count++;
    }
    return count;
  }

  private comment(content: string) {
    if (/^rsid\s/i.test(content)) this.header(content);
    else if (this.fileBuild === undefined) this.fileBuild = buildOfComment(content);
  }

  private header(content: string) {
    this.layout = /\ballele_?1\b/i.test(content) ? 'alleles' : 'genotype';
  }

  private positioned(text: string, kind: CallKind, line: number) {
    const from = this.starts[1] as number;
    const to = this.ends[1] as number;
    if (to - from !== this.lastChromosomeLength || !text.startsWith(this.lastChromosome, from)) {
      const token = text.slice(from, to);
      this.lastChromosome = token;
      this.lastChromosomeLength = token.length;
      this.lastPositions = this.index.chromosome(this.build as 37 | 38, normaliseChromosome(token));
    }
    if (!this.lastPositions) return;
    const position = parsePosition(text, this.starts[2] as number, this.ends[2] as number);
    const markers = position > 0 ? this.lastPositions.at.get(position) : undefined;
    if (markers) this.record(this.alleles(text, kind), markers, 1, line);
  }

  /**
   * A row's call of its markers (rank 3 matched by name, 1 by position; a call ranks one higher). A row
   * named as a marker whose letters are not the marker's is an error; matched by position only, it is
   * another variant at the position, passed over.
   */
  private record(alleles: string[] | undefined, markers: PreparedMarker[], rank: number, line: number) {
    if (!alleles) {
      for (const marker of markers) this.calls.set(this.sample, marker.index, rank, undefined, 'noCall');
      return;
    }
    const genotypes = markers.map((marker) =>
      notationGenotype(alleles, arrayTranslation(marker), marker.notationReference),
    );
    if (rank === 3 && genotypes.every((genotype) => genotype === undefined)) {
      // Named as the marker, yet its letters are none of the marker's (of any marker of that name,
      // when several alternative alleles of one site share it): the file is wrong.
      const marker = markers[0] as PreparedMarker;
      const translation = arrayTranslation(marker);
      this.bad.add('labFileUnexpectedAllele', {
        line,
        allele: alleles.find((allele) => !translation.has(allele)) ?? (alleles[0] as string),
        gene: marker.marker.geneCode,
        reference: marker.notationReference,
        alternative: marker.notationAlternative,
      });
      return;
    }
    for (const [k, marker] of markers.entries()) {
      const genotype = genotypes[k];
      if (genotype !== undefined) this.calls.set(this.sample, marker.index, rank + 1, genotype);
      // Another alternative allele of the site than this marker's: no call of this one.
      else if (rank === 3) this.calls.set(this.sample, marker.index, rank, undefined, 'noCall');
    }
  }

  end(): LabFileResult {
    if (this.bad.any) return this.bad.failure();
    const matched = this.calls.samples.some((sample) => sample.rank.some((rank) => rank > 0));
    if (!matched) return refuse('labFileNoMappedMarker', { line: this.lastLine || 1 });
    const { barcodes, counts } = this.calls.result(this.index.markers, () => ({ problem: 'absent' }));
    return {
      ok: true,
      format: this.format,
      genomeBuild: this.build ?? null,
      barcodes,
      counts,
      rows: this.rows,
    };
  }
}
