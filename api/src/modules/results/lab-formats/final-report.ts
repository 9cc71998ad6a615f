import { LabFileFormat } from '@genodesk/contract';
import { BadLines, fieldEnd, type LineReader, parsePosition, refuse, stop } from './lines.js';
import {
  barcodeOf,
  type ChromosomePositions,
  catalogueGenotype,
  chromosomeCode,
  type MarkerIndex,
  normaliseChromosome,
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
 * no-call; `I` / `D` are an indel marker's longer / shorter allele.
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

type PendingHit = {
  build: 37 | 38;
  sample: number;
  marker: number;
  rank: number;
  genotype: string | undefined;
  problem: 'noCall' | 'unexpectedAllele' | 'strandAmbiguous';
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
  /** The last column every row is read to (name, sample, and Chr and Position when matching by position). */
  private hotLast = 0;
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
    this.hotLast = Math.max(
      this.iName,
      this.iSample,
      ...(this.positionBuilds.length ? [this.iChromosome, this.iPosition] : []),
    );
    this.section = 'data';
  }

  private data(text: string, start: number, end: number, line: number) {
    if (start === end) return;
    this.rows++;
    // One scan to the last column read: name, sample and, for position matching, Chr and Position.
    const separator = this.separator;
    let nameStart = -1;
    let nameEnd = -1;
    let sampleStart = -1;
    let sampleEnd = -1;
    let chromosomeStart = -1;
    let chromosomeEnd = -1;
    let positionStart = -1;
    let positionEnd = -1;
    const last = this.hotLast;
    let from = start;
    for (let field = 0; field <= last; field++) {
      const to = fieldEnd(text, separator, from, end);
      if (field === this.iName) {
        nameStart = from;
        nameEnd = to;
      } else if (field === this.iSample) {
        sampleStart = from;
        sampleEnd = to;
      } else if (field === this.iChromosome) {
        chromosomeStart = from;
        chromosomeEnd = to;
      } else if (field === this.iPosition) {
        positionStart = from;
        positionEnd = to;
      }
      if (to === end && field < last) return this.wrongCount(text, start, end, line);
      from = to + 1;
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
    const named = this.index.namedAt(text, nameStart, nameEnd);
    if (named) return this.named(text.slice(start, end), line, sample, named);
    if (positionStart < 0) return;
    const position = parsePosition(text, positionStart, positionEnd);
    if (position < 0) return;
    const code = chromosomeCode(text, chromosomeStart, chromosomeEnd);
    let fields: string[] | undefined;
    for (let b = 0; b < this.positionBuilds.length; b++) {
      const markers = this.byCode[b]?.[code]?.at.get(position);
      if (!markers) continue;
      const build = this.positionBuilds[b] as 37 | 38;
      fields ??= this.fields(text.slice(start, end), line);
      if (!fields) return;
      this.positionHits[build]++;
      for (const marker of markers) {
        const call = this.call(fields, marker);
        const rank = positionRank + (call.genotype ? 1 : 0);
        if (this.options.genomeBuild) this.calls.set(sample, marker.index, rank, call.genotype, call.problem);
        else this.pending.push({ build, sample, marker: marker.index, rank, ...call });
      }
    }
  }

  private wrongCount(text: string, start: number, end: number, line: number) {
    const found = text.slice(start, end).split(this.separator).length;
    this.bad.add('resultsFileWrongFieldCount', { line, expected: this.columns, found });
  }

  private fields(text: string, line: number): string[] | undefined {
    const fields = text.split(this.separator);
    if (fields.length < this.columns) {
      this.bad.add('resultsFileWrongFieldCount', { line, expected: this.columns, found: fields.length });
      return undefined;
    }
    return fields;
  }

  private named(text: string, line: number, sample: number, markers: PreparedMarker[]) {
    const fields = this.fields(text, line);
    if (!fields) return;
    let position = -1;
    let chromosome = '';
    if (this.iChromosome >= 0 && this.iPosition >= 0 && !this.options.genomeBuild) {
      const value = (fields[this.iPosition] as string).trim();
      position = parsePosition(value, 0, value.length);
      chromosome = normaliseChromosome(fields[this.iChromosome] as string);
    }
    for (const marker of markers) {
      const call = this.call(fields, marker);
      this.calls.set(sample, marker.index, nameRank + (call.genotype ? 1 : 0), call.genotype, call.problem);
      if (position > 0 && chromosome === marker.chromosome) {
        if (position === marker.marker.positionGrch37) this.votes[37]++;
        if (position === marker.marker.positionGrch38) this.votes[38]++;
      }
    }
  }

  /** The row's call for a marker, in catalogue notation. */
  private call(
    fields: string[],
    marker: PreparedMarker,
  ): { genotype: string | undefined; problem: 'noCall' | 'unexpectedAllele' | 'strandAmbiguous' } {
    if (this.strand !== 'plus' && marker.marker.strandAmbiguous)
      return { genotype: undefined, problem: 'strandAmbiguous' };
    const alleles = [
      (fields[this.iAllele1] as string).trim().replace(/^"|"$/g, '').toUpperCase(),
      (fields[this.iAllele2] as string).trim().replace(/^"|"$/g, '').toUpperCase(),
    ];
    if (alleles.some((allele) => allele === '-' || allele === '' || allele === '0' || allele === '.'))
      return { genotype: undefined, problem: 'noCall' };
    let genotype = catalogueGenotype(alleles, marker.toCatalogue);
    if (genotype === undefined && this.strand !== 'plus' && marker.complementToCatalogue)
      genotype = catalogueGenotype(alleles, marker.complementToCatalogue);
    return { genotype, problem: 'unexpectedAllele' };
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
