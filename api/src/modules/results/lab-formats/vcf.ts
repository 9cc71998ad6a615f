import { LabFileFormat } from '@genodesk/contract';
import { buildName, resolveBuild } from './builds.js';
import { buildOfLength, buildOfName } from './genome-builds.js';
import { BadLines, fieldEnd, type LineReader, parsePosition, refuse, stop } from './lines.js';
import {
  barcodeOf,
  type ChromosomePositions,
  catalogueGenotype,
  type MarkerIndex,
  normaliseChromosome,
  type PreparedMarker,
  referenceGenotype,
  SampleCalls,
} from './marker-index.js';
import type { LabFileResult, ReadOptions } from './types.js';

/**
 * VCF 4.x (PharmCAT's way): a mapped marker is found by chromosome and position in the file's build, its
 * REF must be the map's reference, and each sample column's GT gives the alleles (phased or not,
 * haploid or diploid; a half-call or `./.` is a no-call). gVCF reference blocks (`<NON_REF>` / `<*>` with
 * `END=`) make a mapped position inside them homozygous reference. A mapped position with no row is a
 * no-call ('absent'), unless the upload says the file lists every position.
 *
 * Rows at a mapped position rank (a better one replaces a worse one's calls): REF equal and ALT holding
 * the map's alternative 5; a REF extended by a longer allele at the same position (a multi-allelic row
 * with an indel: `GTT G,ATT` for G>A), or shortened (`A G` for the CFTR deletion ATCT>A), with the
 * alternative 4; REF equal without the alternative (a site called reference, or another ALT) 3; a gVCF
 * block 1. A row whose REF disagrees with the map (neither equal nor one a prefix of the other) rejects
 * the marker for every sample ('referenceMismatch') unless another row matched it.
 */

const fixedColumns = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO'];

/** Rank of a row's calls for a marker (see above). */
const Rank = { Block: 1, ReferenceOnly: 3, Extended: 4, Exact: 5 } as const;

export class VcfReader implements LineReader {
  rows = 0;
  readonly bad = new BadLines();
  private header = false;
  private lastLine = 0;
  private build: 37 | 38 | null = null;
  private readonly lengthBuilds = new Set<36 | 37 | 38>();
  private readonly assemblyBuilds = new Set<36 | 37 | 38>();
  private readonly referenceBuilds = new Set<36 | 37 | 38>();
  private columns = 0;
  /** Calls index of each sample column. */
  private samples: number[] = [];
  private readonly calls: SampleCalls;
  private lastChromosome = '';
  private lastChromosomeLength = -1;
  private lastPositions: ChromosomePositions | undefined;
  /** Per marker: a row matched it (1) / a row at its position has another REF (1). */
  private readonly usable: Uint8Array;
  private readonly mismatch: Uint8Array;
  private hits = 0;

  constructor(
    private readonly index: MarkerIndex,
    private readonly options: ReadOptions,
  ) {
    this.calls = new SampleCalls(index.markers.length);
    this.usable = new Uint8Array(index.markers.length);
    this.mismatch = new Uint8Array(index.markers.length);
  }

  line(text: string, start: number, end: number, line: number) {
    this.lastLine = line;
    if (this.header) this.data(text, start, end, line);
    else if (text.startsWith('##', start)) this.meta(text.slice(start, end));
    else if (text.startsWith('#CHROM', start)) this.columnsLine(text.slice(start, end), line);
    else if (end > start && text.slice(start, end).trim()) throw stop('labFileVcfNoHeader', { line });
  }

  private meta(text: string) {
    const lower = text.slice(0, 12).toLowerCase();
    if (lower.startsWith('##reference=')) {
      const build = buildOfName(text.slice(12));
      if (build) this.referenceBuilds.add(build);
    } else if (lower.startsWith('##contig=<')) {
      const id = /[<,]ID=([^,>]+)/i.exec(text)?.[1];
      const length = /[<,]length=(\d+)/i.exec(text)?.[1];
      const assembly = /[<,]assembly=([^,>]+)/i.exec(text)?.[1];
      if (id && length) {
        const build = buildOfLength(normaliseChromosome(id), Number(length));
        if (build) this.lengthBuilds.add(build);
      }
      if (assembly) {
        const build = buildOfName(assembly.replace(/^"|"$/g, ''));
        if (build) this.assemblyBuilds.add(build);
      }
    }
  }

  /** The build the header names: contig lengths first, then contig assemblies, then `##reference`; undefined when none or they disagree. */
  private fileBuild(): 36 | 37 | 38 | undefined {
    for (const builds of [this.lengthBuilds, this.assemblyBuilds, this.referenceBuilds])
      if (builds.size) return builds.size === 1 ? [...builds][0] : undefined;
    return undefined;
  }

  private columnsLine(text: string, line: number) {
    const names = text.split('\t');
    for (let i = 0; i < fixedColumns.length; i++)
      if (names[i]?.trim().toUpperCase() !== fixedColumns[i])
        throw stop('resultsFileMissingColumn', { line, column: fixedColumns[i] as string });
    if (names.length > 8 && names[8]?.trim().toUpperCase() !== 'FORMAT')
      throw stop('resultsFileMissingColumn', { line, column: 'FORMAT' });
    if (names.length < 10) throw stop('labFileVcfNoSamples', { line });
    for (const name of names.slice(9)) {
      const barcode = barcodeOf(name);
      if (!barcode) throw stop('resultsFileEmptyValue', { line, column: 'sample' });
      if (this.calls.has(barcode)) throw stop('labFileDuplicateSample', { line, barcode });
      this.samples.push(this.calls.sample(barcode, line));
    }
    this.columns = names.length;
    const fileBuild = this.fileBuild();
    const build = resolveBuild(fileBuild, this.options.genomeBuild, line);
    if (build === null) {
      if (fileBuild === 36) throw stop('labFileUnsupportedBuild', { line, build: buildName(36) });
      throw stop('labFileMissingBuild', { line });
    }
    this.build = build;
    this.header = true;
  }

  private data(text: string, start: number, end: number, line: number) {
    if (start === end) return;
    this.rows++;
    const t1 = text.indexOf('\t', start);
    if (t1 === -1 || t1 >= end) return this.tooFew(text, start, end, line);
    let chromosome: ChromosomePositions | undefined;
    if (t1 - start === this.lastChromosomeLength && text.startsWith(this.lastChromosome, start))
      chromosome = this.lastPositions;
    else {
      const token = text.slice(start, t1);
      this.lastChromosome = token;
      this.lastChromosomeLength = token.length;
      chromosome = this.lastPositions = this.index.chromosome(
        this.build as 37 | 38,
        normaliseChromosome(token),
      );
    }
    const t2 = fieldEnd(text, '\t', t1 + 1, end);
    const position = parsePosition(text, t1 + 1, t2);
    // ID, REF, ALT, QUAL, FILTER; INFO runs to t8.
    const t3 = fieldEnd(text, '\t', t2 + 1, end);
    const t4 = fieldEnd(text, '\t', t3 + 1, end);
    const t5 = fieldEnd(text, '\t', t4 + 1, end);
    const t6 = fieldEnd(text, '\t', t5 + 1, end);
    const t7 = fieldEnd(text, '\t', t6 + 1, end);
    if (t7 === end) return this.tooFew(text, start, end, line);
    if (position < 0) {
      this.bad.add('labFileBadPosition', { line, position: text.slice(t1 + 1, t2) });
      return;
    }
    if (!chromosome) return;
    const markers = chromosome.at.get(position);
    if (markers) this.row(text.slice(start, end), line, markers);
    // A gVCF reference block: ALT only `<NON_REF>` / `<*>` (or `.`) and an END past POS.
    const alt = text.charCodeAt(t4 + 1);
    if (alt === 60 /* < */ ? !text.slice(t4 + 1, t5).includes(',') : alt === 46 /* . */ && t5 === t4 + 2) {
      const blockEnd = infoEnd(text.slice(t7 + 1, fieldEnd(text, '\t', t7 + 1, end)));
      if (blockEnd > position)
        this.block(text, start, end, chromosome, position, blockEnd, text.slice(t3 + 1, t4).toUpperCase());
    }
  }

  private tooFew(text: string, start: number, end: number, line: number) {
    let found = 1;
    for (let at = text.indexOf('\t', start); at !== -1 && at < end; at = text.indexOf('\t', at + 1)) found++;
    this.bad.add('resultsFileWrongFieldCount', { line, expected: this.columns, found });
  }

  /** A row at a mapped position: each of its markers' calls for every sample. */
  private row(text: string, line: number, markers: PreparedMarker[]) {
    const fields = text.split('\t');
    if (fields.length !== this.columns) {
      this.bad.add('resultsFileWrongFieldCount', { line, expected: this.columns, found: fields.length });
      return;
    }
    const reference = (fields[3] as string).trim().toUpperCase();
    const altField = (fields[4] as string).trim().toUpperCase();
    const rowAlleles =
      altField === '.' || altField === '' ? [reference] : [reference, ...altField.split(',')];
    const gtIndex = (fields[8] as string).split(':').indexOf('GT');
    for (const marker of markers) {
      let translation = marker.toCatalogue;
      let alternative = marker.alternative;
      let alleles = rowAlleles;
      let exact = false;
      if (reference === marker.reference) exact = true;
      else if (reference.startsWith(marker.reference)) {
        // The row's REF is longer (it also holds a longer allele): extend the marker's alleles alike.
        const suffix = reference.slice(marker.reference.length);
        alternative = marker.alternative + suffix;
        translation = new Map([
          [marker.reference + suffix, marker.catalogueReference],
          [alternative, marker.catalogueAlternative],
        ]);
      } else if (reference && marker.reference.startsWith(reference)) {
        // The marker's reference is longer (an indel marker, a row of a shorter variant): extend the row's alleles.
        const suffix = marker.reference.slice(reference.length);
        alleles = rowAlleles.map((allele) => (/^[ACGTN]+$/.test(allele) ? allele + suffix : allele));
      } else {
        this.mismatch[marker.index] = 1;
        this.hits++;
        continue;
      }
      const hasAlternative = alleles.indexOf(alternative, 1) > 0;
      const rank = exact
        ? hasAlternative
          ? Rank.Exact
          : Rank.ReferenceOnly
        : hasAlternative
          ? Rank.Extended
          : 0;
      // Another variant at the same position (an indel row at a SNP marker's position, or the reverse).
      if (!rank) continue;
      this.usable[marker.index] = 1;
      this.hits++;
      for (let k = 0; k < this.samples.length; k++) {
        const sample = this.samples[k] as number;
        const indexes = genotypeIndexes(fields[9 + k] as string, gtIndex);
        if (!indexes) {
          this.calls.set(sample, marker.index, rank, undefined, 'noCall');
          continue;
        }
        const plus: string[] = [];
        for (const i of indexes) plus.push(alleles[i] ?? '?');
        const genotype = catalogueGenotype(plus, translation);
        this.calls.set(sample, marker.index, rank, genotype, 'unexpectedAllele');
      }
    }
  }

  /** A gVCF reference block over [position, blockEnd]: its mapped positions are homozygous reference where GT is 0. */
  private block(
    text: string,
    start: number,
    end: number,
    chromosome: ChromosomePositions,
    position: number,
    blockEnd: number,
    reference: string,
  ) {
    const sorted = chromosome.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle] as number) < position) low = middle + 1;
      else high = middle;
    }
    let fields: string[] | undefined;
    for (let i = low; i < sorted.length && (sorted[i] as number) <= blockEnd; i++) {
      const at = sorted[i] as number;
      for (const marker of chromosome.at.get(at) ?? []) {
        // At the block's own position its REF must agree (the row itself already judged it).
        if (
          at === position &&
          !(marker.reference.startsWith(reference) || reference.startsWith(marker.reference))
        )
          continue;
        fields ??= text.slice(start, end).split('\t');
        if (fields.length !== this.columns) return;
        const gtIndex = (fields[8] as string).split(':').indexOf('GT');
        this.usable[marker.index] = 1;
        this.hits++;
        for (let k = 0; k < this.samples.length; k++) {
          const indexes = genotypeIndexes(fields[9 + k] as string, gtIndex);
          const genotype =
            indexes?.every((allele) => allele === 0) === true
              ? indexes.map(() => marker.catalogueReference).join('/')
              : undefined;
          this.calls.set(this.samples[k] as number, marker.index, Rank.Block, genotype, 'noCall');
        }
      }
    }
  }

  end(): LabFileResult {
    if (!this.header) throw stop('labFileVcfNoHeader', { line: this.lastLine || 1 });
    if (this.bad.any) return this.bad.failure();
    if (!this.hits) return refuse('labFileNoMappedMarker', { line: this.lastLine });
    const build = this.build as 37 | 38;
    const { barcodes, counts } = this.calls.result(this.index.markers, (marker) => {
      if (this.mismatch[marker.index]) return { problem: 'referenceMismatch' };
      const mapped = (build === 37 ? marker.marker.positionGrch37 : marker.marker.positionGrch38) != null;
      if (this.options.allPositions && mapped) return { genotype: referenceGenotype(marker) };
      return { problem: 'absent' };
    });
    return { ok: true, format: LabFileFormat.Vcf, genomeBuild: build, barcodes, counts, rows: this.rows };
  }
}

/** END= in an INFO field, or -1. (Searches within the field only: the chunk's text runs on past the line.) */
function infoEnd(info: string): number {
  for (let at = info.indexOf('END='); at !== -1; at = info.indexOf('END=', at + 1))
    if (at === 0 || info.charCodeAt(at - 1) === 59 /* ; */) {
      const semicolon = info.indexOf(';', at + 4);
      return parsePosition(info, at + 4, semicolon === -1 ? info.length : semicolon);
    }
  return -1;
}

/** The allele indexes of a sample's GT (`0/1`, `1|0`, `1`), or undefined for a no-call or half-call. */
function genotypeIndexes(sample: string, gtIndex: number): number[] | undefined {
  if (gtIndex < 0) return undefined;
  let value: string | undefined;
  if (gtIndex === 0) {
    const colon = sample.indexOf(':');
    value = colon === -1 ? sample : sample.slice(0, colon);
  } else value = sample.split(':')[gtIndex];
  if (!value) return undefined;
  const indexes: number[] = [];
  let current = -1;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) current = (current < 0 ? 0 : current * 10) + (c - 48);
    else if (c === 47 /* / */ || c === 124 /* | */) {
      if (current < 0) return undefined;
      indexes.push(current);
      current = -1;
    } else if (c === 46 /* . */) return undefined;
    else if (c !== 32) return undefined;
  }
  if (current < 0) return undefined;
  indexes.push(current);
  return indexes;
}
