import { LabFileFormat, type NoCallReason } from '@genodesk/contract';
import {
  alleleKind,
  alleleOf,
  arrayTranslation,
  BadLines,
  fieldEnd,
  type LineReader,
  parsePosition,
  quotedValue,
  refuse,
  stop,
} from './lines.js';
import {
  barcodeOf,
  type ChromosomePositions,
  chromosomeCode,
  type MarkerIndex,
  normaliseChromosome,
  notationGenotype,
  type PreparedMarker,
  SampleCalls,
} from './marker-index.js';
import type { LabFileResult, ReadOptions } from './types.js';

/**
 * Illumina GenomeStudio Final Report: a `[Header]` section, then `[Data]` with a header row (tab or
 * comma) and one row per SNP × sample. Rows are matched by `SNP Name` = the marker's rsid or gene code
 * (case-insensitive); a row whose name matches nothing, by `Chr` / `Position` when the report has them
 * (in the chosen build, else the build those columns agree with for the rows matched by name, else the
 * build more of them fall on). Alleles: `Allele1/2 - Plus` preferred (plus strand, as the map); else
 * `- Forward`, else `- Top`, converted through the map (the map's alleles or their complements); a
 * strand-ambiguous marker (A/T, C/G) cannot be converted and is skipped ('strandAmbiguous'). `-` is a
 * no-call; `I` / `D` are an indel marker's longer / shorter allele. Genotypes are written in the
 * notation (plus strand, the reference allele first).
 *
 * Every data row, matched or not, must have the header's number of fields, a sample and alleles that
 * read (A, C, G, T, I, D, or a no-call `-`, `--`, `0`, `00`); a row named as a marker whose letters are
 * not the marker's (on the file's strand) is an error too; a row matched by position only with other
 * letters is another variant at the position, passed over. Every bad line is named.
 */

type Strand = 'plus' | 'forward' | 'top';

const alleleColumns: [Strand, string, string][] = [
  ['plus', 'allele1 - plus', 'allele2 - plus'],
  ['forward', 'allele1 - forward', 'allele2 - forward'],
  ['top', 'allele1 - top', 'allele2 - top'],
];

/** Ranks: by name with a call 4, by name without 3, by position with a call 2, without 1. */
const nameRank = 3;
const positionRank = 1;

/** A row's call of a marker: a genotype in the notation, or a no-call and why. */
type Call = { genotype: string | undefined; problem: NoCallReason };

type PendingHit = Call & {
  build: 37 | 38;
  sample: number;
  marker: number;
  rank: number;
};

export class FinalReportReader implements LineReader {
  rows = 0;
  readonly bad = new BadLines();
  private section: 'header' | 'columns' | 'data' = 'header';
  private lastLine = 0;
  private separator = '\t';
  private columns = 0;
  private iName = -1;
  private iSample = -1;
  private iAllele1 = -1;
  private iAllele2 = -1;
  private iChromosome = -1;
  private iPosition = -1;
  private strand: Strand = 'plus';
  private readonly calls: SampleCalls;
  private lastSample = '';
  private lastSampleLength = -1;
  private lastSampleIndex = -1;
  /** Builds the position columns agree with on the rows matched by name. */
  private readonly votes = { 37: 0, 38: 0 };
  /** Rows matched by position while the build is not known yet, for either build. */
  private readonly pending: PendingHit[] = [];
  private readonly positionHits = { 37: 0, 38: 0 };
  private readonly positionBuilds: (37 | 38)[];
  /** Per build of `positionBuilds`, the positions by `chromosomeCode`. */
  private byCode: (ChromosomePositions | undefined)[][] = [];

  constructor(
    private readonly index: MarkerIndex,
    private readonly options: ReadOptions,
  ) {
    this.calls = new SampleCalls(index.markers.length);
    const builds = options.genomeBuild ? [options.genomeBuild] : ([37, 38] as const);
    this.positionBuilds = builds.filter((build) => index.hasPositions(build));
  }

  line(text: string, start: number, end: number, line: number) {
    this.lastLine = line;
    if (this.section === 'data') return this.data(text, start, end, line);
    const content = text.slice(start, end).trim();
    if (!content) return;
    if (this.section === 'header') {
      if (/^\[data\]/i.test(content)) this.section = 'columns';
      return;
    }
    this.columnsLine(content, line);
  }

  private columnsLine(content: string, line: number) {
    this.separator = content.includes('\t') ? '\t' : ',';
    const names = content
      .split(this.separator)
      .map((name) => name.trim().replace(/^"|"$/g, '').toLowerCase());
    this.columns = names.length;
    this.iName = names.indexOf('snp name');
    if (this.iName < 0) throw stop('resultsFileMissingColumn', { line, column: 'SNP Name' });
    this.iSample = names.indexOf('sample id');
    if (this.iSample < 0) this.iSample = names.indexOf('sample name');
    if (this.iSample < 0) throw stop('resultsFileMissingColumn', { line, column: 'Sample ID' });
    const pair = alleleColumns.find(([, one, two]) => names.includes(one) && names.includes(two));
    if (!pair) throw stop('resultsFileMissingColumn', { line, column: 'Allele1 - Plus' });
    this.strand = pair[0];
    this.iAllele1 = names.indexOf(pair[1]);
    this.iAllele2 = names.indexOf(pair[2]);
    this.iChromosome = names.indexOf('chr');
    this.iPosition = names.indexOf('position');
    if (this.iChromosome < 0 || this.iPosition < 0) this.positionBuilds.length = 0;
    this.byCode = this.positionBuilds.map((build) => this.index.byChromosomeCode(build));
    this.section = 'data';
  }

  private data(text: string, start: number, end: number, line: number) {
    if (start === end) return;
    this.rows++;
    // One scan of the row's fields: their number, and where the name, sample, alleles, Chr and Position are.
    const separator = this.separator;
    let nameStart = -1;
    let nameEnd = -1;
    let sampleStart = -1;
    let sampleEnd = -1;
    let allele1Start = -1;
    let allele1End = -1;
    let allele2Start = -1;
    let allele2End = -1;
    let chromosomeStart = -1;
    let chromosomeEnd = -1;
    let positionStart = -1;
    let positionEnd = -1;
    let count = 0;
    let from = start;
    for (;;) {
      const to = fieldEnd(text, separator, from, end);
      if (count === this.iName) {
        nameStart = from;
        nameEnd = to;
      } else if (count === this.iSample) {
        sampleStart = from;
        sampleEnd = to;
      } else if (count === this.iAllele1) {
        allele1Start = from;
        allele1End = to;
      } else if (count === this.iAllele2) {
        allele2Start = from;
        allele2End = to;
      } else if (count === this.iChromosome) {
        chromosomeStart = from;
        chromosomeEnd = to;
      } else if (count === this.iPosition) {
        positionStart = from;
        positionEnd = to;
      }
      count++;
      if (to === end) break;
      from = to + 1;
    }
    if (count !== this.columns) {
      this.bad.add('resultsFileWrongFieldCount', { line, expected: this.columns, found: count });
      return;
    }
    let sample: number;
    if (sampleEnd - sampleStart === this.lastSampleLength && text.startsWith(this.lastSample, sampleStart))
      sample = this.lastSampleIndex;
    else {
      const raw = text.slice(sampleStart, sampleEnd);
      const barcode = barcodeOf(raw.replace(/^"|"$/g, ''));
      if (!barcode) {
        this.bad.add('resultsFileEmptyValue', { line, column: 'Sample ID' });
        return;
      }
      sample = this.calls.sample(barcode, line);
      this.lastSample = raw;
      this.lastSampleLength = raw.length;
      this.lastSampleIndex = sample;
    }
    // Every row's alleles, mapped or not: a letter each (A, C, G, T, I, D), or a no-call.
    const kind1 = alleleKind(text, allele1Start, allele1End);
    const kind2 = alleleKind(text, allele2Start, allele2End);
    if (kind1 === 'invalid' || kind2 === 'invalid') {
      this.bad.add('labFileInvalidGenotype', {
        line,
        sample: this.calls.samples[sample]?.barcode ?? '',
        genotype: `${quotedValue(text, allele1Start, allele1End)}/${quotedValue(text, allele2Start, allele2End)}`,
      });
      return;
    }
    const called = kind1 === 'call' && kind2 === 'call';
    const named = this.index.namedAt(text, nameStart, nameEnd);
    if (named) {
      const alleles = called
        ? [alleleOf(text, allele1Start, allele1End), alleleOf(text, allele2Start, allele2End)]
        : undefined;
      const position =
        chromosomeStart >= 0 && positionStart >= 0 && !this.options.genomeBuild
          ? parsePosition(text, positionStart, positionEnd)
          : -1;
      const chromosome = position > 0 ? normaliseChromosome(text.slice(chromosomeStart, chromosomeEnd)) : '';
      const calls = named.map((marker) => this.call(alleles, marker));
      if (calls.every((call) => !call)) {
        // Named as the marker, yet its letters are none of the marker's (of any marker of that name,
        // when several alternative alleles of one site share it): the file is wrong.
        const marker = named[0] as PreparedMarker;
        this.bad.add('labFileUnexpectedAllele', {
          line,
          allele: this.foreignAllele(alleles as string[], marker),
          gene: marker.marker.geneCode,
          reference: marker.notationReference,
          alternative: marker.notationAlternative,
        });
        return;
      }
      for (const [k, marker] of named.entries()) {
        // Another alternative allele of the site than this marker's: no call of this one.
        const call = calls[k] ?? { genotype: undefined, problem: 'noCall' as const };
        this.calls.set(sample, marker.index, nameRank + (call.genotype ? 1 : 0), call.genotype, call.problem);
        if (position > 0 && chromosome === marker.chromosome) {
          if (position === marker.marker.positionGrch37) this.votes[37]++;
          if (position === marker.marker.positionGrch38) this.votes[38]++;
        }
      }
      return;
    }
    if (positionStart < 0 || !this.positionBuilds.length) return;
    const position = parsePosition(text, positionStart, positionEnd);
    if (position < 0) return;
    const code = chromosomeCode(text, chromosomeStart, chromosomeEnd);
    let alleles: string[] | undefined;
    for (let b = 0; b < this.positionBuilds.length; b++) {
      const markers = this.byCode[b]?.[code]?.at.get(position);
      if (!markers) continue;
      if (called)
        alleles ??= [alleleOf(text, allele1Start, allele1End), alleleOf(text, allele2Start, allele2End)];
      const build = this.positionBuilds[b] as 37 | 38;
      this.positionHits[build]++;
      for (const marker of markers) {
        const call = this.call(alleles, marker);
        // Matched by position only, with other letters: another variant at the position, passed over.
        if (!call) continue;
        const rank = positionRank + (call.genotype ? 1 : 0);
        if (this.options.genomeBuild) this.calls.set(sample, marker.index, rank, call.genotype, call.problem);
        else this.pending.push({ build, sample, marker: marker.index, rank, ...call });
      }
    }
  }

  /**
   * The row's call of a marker in the notation (Plus alleles as they are; Forward and Top through the
   * map's alleles or their complements), a no-call, or undefined when the letters are not the marker's.
   */
  private call(alleles: string[] | undefined, marker: PreparedMarker): Call | undefined {
    if (!alleles) return { genotype: undefined, problem: 'noCall' };
    const translation = arrayTranslation(marker);
    if (this.strand !== 'plus' && marker.marker.strandAmbiguous)
      // A/T or C/G: the complement is the other allele, the strand cannot be told.
      return alleles.every((allele) => translation.has(allele))
        ? { genotype: undefined, problem: 'strandAmbiguous' }
        : undefined;
    let genotype = notationGenotype(alleles, translation, marker.notationReference);
    if (genotype === undefined && this.strand !== 'plus' && marker.complementToNotation)
      genotype = notationGenotype(alleles, marker.complementToNotation, marker.notationReference);
    return genotype === undefined ? undefined : { genotype, problem: 'noCall' };
  }

  /** The first of the alleles that is not the marker's (nor, on Forward or Top, its complement). */
  private foreignAllele(alleles: string[], marker: PreparedMarker): string {
    const translation = arrayTranslation(marker);
    const complement = this.strand !== 'plus' ? marker.complementToNotation : undefined;
    return (
      alleles.find((allele) => !translation.has(allele) && !complement?.has(allele)) ??
      alleles.find((allele) => !translation.has(allele)) ??
      (alleles[0] as string)
    );
  }

  end(): LabFileResult {
    if (this.section !== 'data') throw stop('labFileFinalReportNoData', { line: this.lastLine || 1 });
    if (this.bad.any) return this.bad.failure();
    // The build the position columns are in: chosen, else as the rows matched by name say, else the one
    // more rows fall on by position; rows matched by position only in an undecided build are dropped.
    let build: 37 | 38 | null = this.options.genomeBuild ?? null;
    if (!build) {
      if (this.votes[37] !== this.votes[38]) build = this.votes[37] > this.votes[38] ? 37 : 38;
      else if (this.positionHits[37] !== this.positionHits[38])
        build = this.positionHits[37] > this.positionHits[38] ? 37 : 38;
      for (const hit of this.pending)
        if (hit.build === build) this.calls.set(hit.sample, hit.marker, hit.rank, hit.genotype, hit.problem);
    }
    const matched = this.calls.samples.some((sample) => sample.rank.some((rank) => rank > 0));
    if (!matched) return refuse('labFileNoMappedMarker', { line: this.lastLine });
    const { barcodes, counts } = this.calls.result(this.index.markers, () => ({ problem: 'absent' }));
    return {
      ok: true,
      format: LabFileFormat.FinalReport,
      genomeBuild: build,
      barcodes,
      counts,
      rows: this.rows,
    };
  }
}
