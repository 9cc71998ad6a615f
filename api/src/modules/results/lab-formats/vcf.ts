import { LabFileFormat } from '@genodesk/contract';
import { buildName, resolveBuild } from './builds.js';
import { buildOfLength, buildOfName } from './genome-builds.js';
import { BadLines, fieldEnd, type LineReader, parsePosition, refuse, stop } from './lines.js';
import {
  barcodeOf,
  type ChromosomePositions,
  type MarkerIndex,
  normaliseChromosome,
  notationGenotype,
  type PreparedMarker,
  referenceGenotype,
  SampleCalls,
} from './marker-index.js';
import type { LabFileResult, ReadOptions } from './types.js';

/**
 * VCF 4.x (PharmCAT's way): a mapped marker is found by chromosome and position in the file's build, its
 * REF must be the map's reference, and each sample column's GT gives the alleles (phased or not,
 * haploid or diploid; a half-call or `./.` is a no-call), written in the notation (the plus strand, an
 * indel as I/D, the reference allele first). A row whose FILTER is neither `PASS` nor `.` gives no-calls
 * ('failedQc'). gVCF reference blocks (`<NON_REF>` / `<*>` with `END=`) make a mapped position inside
 * them homozygous reference. A mapped position with no row is a no-call ('absent'), unless the upload
 * says the file lists every position.
 *
 * Every data row, mapped or not, must have the header's number of fields, a whole-number POS and, per
 * sample, a GT that reads (allele numbers or `.` joined by `/` or `|`) and names only alleles the row
 * has; else the file is refused, every bad line named.
 *
 * Rows at a mapped position rank (a better one replaces a worse one's calls): REF equal and ALT holding
 * the map's alternative 5; a REF extended by a longer allele at the same position (a multi-allelic row
 * with an indel: `GTT G,ATT` for G>A), or shortened (`A G` for the CFTR deletion ATCT>A), with the
 * alternative 4; REF equal without the alternative (a site called reference, or another ALT) 3; a gVCF
 * block 1. A row of another variant at the position (an indel row at a SNP's) is passed over. A sample
 * called for another ALT of a multi-allelic row has no call of the marker ('noCall'). A row whose REF
 * disagrees with the map (neither equal nor one a prefix of the other) rejects the marker for every
 * sample ('referenceMismatch') unless another row matched it.
 */

const fixedColumns = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO'];

/** Rank of a row's calls for a marker (see above). */
const Rank = { Block: 1, ReferenceOnly: 3, Extended: 4, Exact: 5 } as const;

const dot = 46;

/** What is wrong with a sample's GT: nothing, it does not read, it names an allele the row does not have. */
const GtProblem = { None: 0, Syntax: 1, Index: 2 } as const;
type GtProblem = (typeof GtProblem)[keyof typeof GtProblem];

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
  /** The chromosomes the file has data rows of (normalised): all its positions are listed on those only. */
  private readonly chromosomes = new Set<string>();
  /** Per marker: a row matched it (1) / a row at its position has another REF (1). */
  private readonly usable: Uint8Array;
  private readonly mismatch: Uint8Array;
  private hits = 0;
  /** The FORMAT field last seen, and where GT is among its keys. */
  private lastFormat = '';
  private lastGt = -1;
  /** What `checkSamples` found of the row: its sample fields, the first bad GT (sample index, -1: none), why, where. */
  private sampleFields = 0;
  private badSample = -1;
  private badKind: GtProblem = GtProblem.None;
  private badStart = 0;
  private badEnd = 0;

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
    // CHROM, POS, ID, REF, ALT, QUAL, FILTER, INFO, FORMAT: each field's end.
    const t1 = fieldEnd(text, '\t', start, end);
    const t2 = fieldEnd(text, '\t', t1 + 1, end);
    const t3 = fieldEnd(text, '\t', t2 + 1, end);
    const t4 = fieldEnd(text, '\t', t3 + 1, end);
    const t5 = fieldEnd(text, '\t', t4 + 1, end);
    const t6 = fieldEnd(text, '\t', t5 + 1, end);
    const t7 = fieldEnd(text, '\t', t6 + 1, end);
    const t8 = fieldEnd(text, '\t', t7 + 1, end);
    const t9 = fieldEnd(text, '\t', t8 + 1, end);
    if (t9 === end) return this.tooFew(text, start, end, line);
    // Every row, mapped or not: as many fields as the header, a whole-number POS, a GT per sample that reads.
    const gt = this.gtOf(text, t8 + 1, t9);
    const alleleCount = rowAlleles(text, t4 + 1, t5);
    this.checkSamples(text, t9 + 1, end, gt, alleleCount);
    if (9 + this.sampleFields !== this.columns) {
      this.bad.add('resultsFileWrongFieldCount', {
        line,
        expected: this.columns,
        found: 9 + this.sampleFields,
      });
      return;
    }
    const position = parsePosition(text, t1 + 1, t2);
    if (position < 0) {
      this.bad.add('labFileBadPosition', { line, position: text.slice(t1 + 1, t2) });
      return;
    }
    if (this.badSample >= 0) {
      const params = {
        line,
        sample: this.calls.samples[this.samples[this.badSample] as number]?.barcode ?? '',
        genotype: text.slice(this.badStart, this.badEnd),
      };
      if (this.badKind === GtProblem.Index)
        this.bad.add('labFileVcfAlleleIndex', { ...params, alleles: alleleCount });
      else this.bad.add('labFileVcfInvalidGenotype', params);
      return;
    }
    let chromosome: ChromosomePositions | undefined;
    if (t1 - start === this.lastChromosomeLength && text.startsWith(this.lastChromosome, start))
      chromosome = this.lastPositions;
    else {
      const token = text.slice(start, t1);
      this.lastChromosome = token;
      this.lastChromosomeLength = token.length;
      const name = normaliseChromosome(token);
      this.chromosomes.add(name);
      chromosome = this.lastPositions = this.index.chromosome(this.build as 37 | 38, name);
    }
    if (!chromosome) return;
    // FILTER other than PASS or `.`: the row's calls are no-calls (failed quality control).
    const failed = !(
      (t7 - t6 === 5 && text.startsWith('PASS', t6 + 1)) ||
      (t7 - t6 === 2 && text.charCodeAt(t6 + 1) === dot)
    );
    const markers = chromosome.at.get(position);
    let fields: string[] | undefined;
    if (markers) {
      fields = text.slice(start, end).split('\t');
      this.row(fields, markers, gt, failed);
    }
    // A gVCF reference block: ALT only `<NON_REF>` / `<*>` (or `.`) and an END past POS.
    const alt = text.charCodeAt(t4 + 1);
    if (alt === 60 /* < */ ? alleleCount === 2 : alt === 46 /* . */ && t5 === t4 + 2) {
      const blockEnd = infoEnd(text, t7 + 1, t8);
      if (blockEnd > position)
        this.block(
          () => (fields ??= text.slice(start, end).split('\t')),
          chromosome,
          position,
          blockEnd,
          text.slice(t3 + 1, t4).toUpperCase(),
          gt,
          failed,
        );
    }
  }

  private tooFew(text: string, start: number, end: number, line: number) {
    let found = 1;
    for (let at = text.indexOf('\t', start); at !== -1 && at < end; at = text.indexOf('\t', at + 1)) found++;
    this.bad.add('resultsFileWrongFieldCount', { line, expected: this.columns, found });
  }

  /** Where GT is among the FORMAT keys of text[from, to) (-1: none); the last FORMAT is remembered. */
  private gtOf(text: string, from: number, to: number): number {
    if (to - from === this.lastFormat.length && text.startsWith(this.lastFormat, from)) return this.lastGt;
    this.lastFormat = text.slice(from, to);
    this.lastGt = this.lastFormat.split(':').indexOf('GT');
    return this.lastGt;
  }

  /**
   * The sample fields of text[from, end) without building a string: their number (`sampleFields`) and
   * the first whose GT does not read or names an allele the row does not have (`badSample`, -1: none).
   */
  private checkSamples(text: string, from: number, end: number, gt: number, alleles: number) {
    let count = 0;
    this.badSample = -1;
    let at = from;
    for (;;) {
      const to = fieldEnd(text, '\t', at, end);
      if (gt >= 0 && this.badSample < 0) {
        // The GT subfield: past `gt` colons (a sample may drop trailing subfields: then no GT, a no-call).
        let gtStart = at;
        for (let k = 0; k < gt && gtStart <= to; k++) {
          while (gtStart < to && text.charCodeAt(gtStart) !== 58 /* : */) gtStart++;
          gtStart++;
        }
        if (gtStart <= to) {
          let gtEnd = gtStart;
          while (gtEnd < to && text.charCodeAt(gtEnd) !== 58 /* : */) gtEnd++;
          const problem = gtProblem(text, gtStart, gtEnd, alleles);
          if (problem !== GtProblem.None) {
            this.badSample = count;
            this.badKind = problem;
            this.badStart = gtStart;
            this.badEnd = gtEnd;
          }
        }
      }
      count++;
      if (to === end) break;
      at = to + 1;
    }
    this.sampleFields = count;
  }

  /** A row at a mapped position: each of its markers' calls for every sample. */
  private row(fields: string[], markers: PreparedMarker[], gt: number, failed: boolean) {
    const reference = (fields[3] as string).trim().toUpperCase();
    const altField = (fields[4] as string).trim().toUpperCase();
    const rowAlleles =
      altField === '.' || altField === '' ? [reference] : [reference, ...altField.split(',')];
    for (const marker of markers) {
      let translation = marker.toNotation;
      let alternative = marker.alternative;
      let alleles = rowAlleles;
      let exact = false;
      if (reference === marker.reference) exact = true;
      else if (reference.startsWith(marker.reference)) {
        // The row's REF is longer (it also holds a longer allele): extend the marker's alleles alike.
        const suffix = reference.slice(marker.reference.length);
        alternative = marker.alternative + suffix;
        translation = new Map([
          [marker.reference + suffix, marker.notationReference],
          [alternative, marker.notationAlternative],
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
        if (failed) {
          this.calls.set(sample, marker.index, rank, undefined, 'failedQc');
          continue;
        }
        const indexes = genotypeIndexes(fields[9 + k] as string, gt);
        if (!indexes) {
          this.calls.set(sample, marker.index, rank, undefined, 'noCall');
          continue;
        }
        // The indexes were checked against the row's alleles. A sample called for another ALT of a
        // multi-allelic row (neither the map's reference nor its alternative) has no call of this marker,
        // and says why: the laboratory did call it, with an allele the map does not know.
        const plus: string[] = [];
        for (const i of indexes) plus.push(alleles[i] as string);
        const genotype = notationGenotype(plus, translation, marker.notationReference);
        this.calls.set(sample, marker.index, rank, genotype, 'alleleNotInMap');
      }
    }
  }

  /** A gVCF reference block over [position, blockEnd]: its mapped positions are homozygous reference where GT is 0. */
  private block(
    fieldsOf: () => string[],
    chromosome: ChromosomePositions,
    position: number,
    blockEnd: number,
    reference: string,
    gt: number,
    failed: boolean,
  ) {
    const sorted = chromosome.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle] as number) < position) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < sorted.length && (sorted[i] as number) <= blockEnd; i++) {
      const at = sorted[i] as number;
      for (const marker of chromosome.at.get(at) ?? []) {
        // At the block's own position its REF must agree (the row itself already judged it).
        if (
          at === position &&
          !(marker.reference.startsWith(reference) || reference.startsWith(marker.reference))
        )
          continue;
        const fields = fieldsOf();
        this.usable[marker.index] = 1;
        this.hits++;
        for (let k = 0; k < this.samples.length; k++) {
          const sample = this.samples[k] as number;
          if (failed) {
            this.calls.set(sample, marker.index, Rank.Block, undefined, 'failedQc');
            continue;
          }
          const indexes = genotypeIndexes(fields[9 + k] as string, gt);
          let genotype: string | undefined;
          if (indexes?.every((allele) => allele === 0))
            // The marker's reference genotype (one allele on Y and MT); a call of another ploidy as written.
            genotype =
              indexes.length === (marker.haploid ? 1 : 2)
                ? referenceGenotype(marker)
                : indexes.map(() => marker.notationReference).join('/');
          this.calls.set(sample, marker.index, Rank.Block, genotype, 'noCall');
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
      // Every position listed means every position of the chromosomes the file covers: a chromosome
      // it has no row of (an exome, one chromosome's file) tells nothing of its markers.
      if (this.options.allPositions && mapped && this.chromosomes.has(marker.chromosome))
        return { genotype: referenceGenotype(marker) };
      return { problem: 'absent' };
    });
    return { ok: true, format: LabFileFormat.Vcf, genomeBuild: build, barcodes, counts, rows: this.rows };
  }
}

/** END= in the INFO field text[from, to), or -1 (searching within the field: the chunk's text runs on past the line). */
function infoEnd(text: string, from: number, to: number): number {
  for (let at = text.indexOf('END=', from); at !== -1 && at < to; at = text.indexOf('END=', at + 1))
    if (at === from || text.charCodeAt(at - 1) === 59 /* ; */) {
      let stop = at + 4;
      while (stop < to && text.charCodeAt(stop) !== 59) stop++;
      return parsePosition(text, at + 4, stop);
    }
  return -1;
}

/** The number of alleles of a row, REF and each of ALT text[from, to) (`.`: none). */
function rowAlleles(text: string, from: number, to: number): number {
  if (to - from === 1 && text.charCodeAt(from) === 46 /* . */) return 1;
  if (to === from) return 1;
  let count = 2;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 44 /* , */) count++;
  return count;
}

/**
 * Whether a GT text[from, to) reads: allele numbers or `.` (a missing allele) separated by `/` or `|`
 * (an explicitly phased haploid call may lead with its `|`), each number below `alleles`.
 */
function gtProblem(text: string, from: number, to: number, alleles: number): GtProblem {
  let i = from;
  // An explicitly phased haploid call (VCF 4.4) leads with its separator.
  const first = text.charCodeAt(i);
  if (to - from > 1 && (first === 124 || first === 47)) i++;
  // 0: an allele is due, 1: in a number, 2: after a `.`.
  let state = 0;
  let value = 0;
  let outside = false;
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (state === 2) return GtProblem.Syntax;
      value = state === 0 ? c - 48 : value * 10 + (c - 48);
      state = 1;
    } else if (c === 46 /* . */) {
      if (state !== 0) return GtProblem.Syntax;
      state = 2;
    } else if (c === 47 /* / */ || c === 124 /* | */) {
      if (state === 0) return GtProblem.Syntax;
      if (state === 1 && value >= alleles) outside = true;
      state = 0;
    } else return GtProblem.Syntax;
  }
  if (state === 0) return GtProblem.Syntax;
  if (state === 1 && value >= alleles) outside = true;
  return outside ? GtProblem.Index : GtProblem.None;
}

/** The allele indexes of a sample's GT (`0/1`, `1|0`, `1`, `|1`), or undefined for a no-call or half-call. */
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
  const first = value.charCodeAt(0);
  for (let i = (first === 47 || first === 124) && value.length > 1 ? 1 : 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) current = (current < 0 ? 0 : current * 10) + (c - 48);
    else if (c === 47 /* / */ || c === 124 /* | */) {
      if (current < 0) return undefined;
      indexes.push(current);
      current = -1;
    } else return undefined;
  }
  if (current < 0) return undefined;
  indexes.push(current);
  return indexes;
}
