import type { LabFileFormat } from '@genodesk/contract';
import { resolveBuild } from './builds.js';
import { buildOfComment } from './genome-builds.js';
import { BadLines, fieldEnd, type LineReader, parsePosition, refuse } from './lines.js';
import {
  type ChromosomePositions,
  catalogueGenotype,
  type MarkerIndex,
  normaliseChromosome,
  type PreparedMarker,
  SampleCalls,
} from './marker-index.js';
import type { LabFileResult, ReadOptions } from './types.js';

/**
 * Consumer raw data, one person per file (the barcode is named at upload): 23andMe (`#` comments, one
 * naming the build; `rsid chromosome position genotype`, `--` a no-call, `DD`/`DI`/`II` indels, single
 * letters for haploid calls, internal `i…` ids) and AncestryDNA (`rsid chromosome position allele1
 * allele2`, `0` a no-call, chromosomes 23 = X, 24 = Y, 25 = X's pseudo-autosomal region, 26 = MT).
 * Alleles are on the plus strand. Rows are matched by rsid (or gene code), else by chromosome and
 * position in the file's build (not for NCBI36); by name beats by position, a call beats a no-call.
 */

const noCalls = new Set(['', '-', '--', '0', '00', '.', '?', '??']);

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
    if (this.build === undefined) {
      this.build = resolveBuild(this.fileBuild, this.options.genomeBuild, line);
      this.sample = this.calls.sample(this.barcode, line);
    }
    const t1 = fieldEnd(text, '\t', start, end);
    if (this.rows === 0 && /^\s*rsid$/i.test(text.slice(start, t1))) {
      this.header(text.slice(start, end));
      return;
    }
    this.rows++;
    if (t1 === end) {
      this.bad.add('resultsFileWrongFieldCount', {
        line,
        expected: this.layout === 'alleles' ? 5 : 4,
        found: 1,
      });
      return;
    }
    const named = this.index.named(text.slice(start, t1).trim());
    if (named) return this.named(text.slice(start, end), line, named);
    if (this.build) this.positioned(text, start, t1, end);
  }

  private comment(content: string) {
    if (/^rsid\s/i.test(content)) this.header(content);
    else if (this.fileBuild === undefined) this.fileBuild = buildOfComment(content);
  }

  private header(content: string) {
    this.layout = /\ballele_?1\b/i.test(content) ? 'alleles' : 'genotype';
  }

  private named(text: string, line: number, markers: PreparedMarker[]) {
    const fields = text.trim().split(/[\t ]+/);
    this.layout ??= fields.length >= 5 ? 'alleles' : 'genotype';
    const expected = this.layout === 'alleles' ? 5 : 4;
    if (fields.length < expected) {
      this.bad.add('resultsFileWrongFieldCount', { line, expected, found: fields.length });
      return;
    }
    this.record(fields, markers, 3);
  }

  private positioned(text: string, start: number, t1: number, end: number) {
    const t2 = fieldEnd(text, '\t', t1 + 1, end);
    if (t2 === end) return;
    if (t2 - t1 - 1 !== this.lastChromosomeLength || !text.startsWith(this.lastChromosome, t1 + 1)) {
      const token = text.slice(t1 + 1, t2);
      this.lastChromosome = token;
      this.lastChromosomeLength = token.length;
      this.lastPositions = this.index.chromosome(this.build as 37 | 38, normaliseChromosome(token));
    }
    if (!this.lastPositions) return;
    const position = parsePosition(text, t2 + 1, fieldEnd(text, '\t', t2 + 1, end));
    const markers = position > 0 ? this.lastPositions.at.get(position) : undefined;
    if (!markers) return;
    const fields = text
      .slice(start, end)
      .trim()
      .split(/[\t ]+/);
    this.layout ??= fields.length >= 5 ? 'alleles' : 'genotype';
    if (fields.length < (this.layout === 'alleles' ? 5 : 4)) return;
    this.record(fields, markers, 1);
  }

  private record(fields: string[], markers: PreparedMarker[], rank: number) {
    const alleles = this.alleles(fields);
    for (const marker of markers) {
      if (!alleles) {
        this.calls.set(this.sample, marker.index, rank, undefined, 'noCall');
        continue;
      }
      const genotype = catalogueGenotype(alleles, marker.toCatalogue);
      this.calls.set(this.sample, marker.index, rank + (genotype ? 1 : 0), genotype, 'unexpectedAllele');
    }
  }

  /** The plus-strand alleles of a row, or undefined for a no-call. */
  private alleles(fields: string[]): string[] | undefined {
    if (this.layout === 'alleles') {
      const one = (fields[3] as string).toUpperCase();
      const two = (fields[4] as string).toUpperCase();
      return noCalls.has(one) || noCalls.has(two) ? undefined : [one, two];
    }
    const genotype = (fields[3] as string).toUpperCase();
    if (noCalls.has(genotype)) return undefined;
    if (genotype.includes('/')) return genotype.split('/');
    // Two letters, or one on a haploid chromosome (a man's X, Y, MT).
    return genotype.length <= 2 ? [...genotype] : [genotype];
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
