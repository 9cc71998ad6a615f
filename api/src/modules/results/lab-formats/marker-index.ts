import {
  complementAllele,
  maxSamplesPerFile,
  type NoCallReason,
  noCallGenotype,
  notationAlleles,
  orderAlleles,
} from '@genodesk/contract';
import type { ResultsFileBarcode } from '../results-file.js';
import { stop } from './lines.js';
import type { MapMarker, SampleMarkerCounts } from './types.js';

/**
 * The marker map prepared for reading: names and positions to look rows up by, and each marker's
 * file alleles → the notation's alleles (issue 34: the plus-strand bases, `I`/`D` for an indel).
 */

/** `chr7`, `7`, `chrM`, `M`, and the array numbering 23 = X, 24 = Y, 25 = XY (PAR, X positions), 26 = MT. */
export function normaliseChromosome(token: string): string {
  let text = token.trim().toUpperCase();
  if (text.startsWith('CHR')) text = text.slice(3);
  switch (text) {
    case 'M':
    case '26':
      return 'MT';
    case '23':
    case '25':
    case 'XY':
      return 'X';
    case '24':
      return 'Y';
    default:
      return text;
  }
}

/**
 * The chromosome of text[start, end) as a number without building a string: 1–22, X 23, Y 24, MT 25
 * (`chr` prefixes, `M`, and the array numbering 23–26 with 25 = XY, the PAR, read as X); 0 for another.
 */
export function chromosomeCode(text: string, start: number, end: number): number {
  if (end - start > 3 && (text.charCodeAt(start) | 32) === 99 /* c */) {
    if ((text.charCodeAt(start + 1) | 32) !== 104 || (text.charCodeAt(start + 2) | 32) !== 114) return 0;
    start += 3;
  }
  const length = end - start;
  if (length < 1 || length > 2) return 0;
  const first = text.charCodeAt(start);
  if (first >= 48 && first <= 57) {
    let value = first - 48;
    if (length === 2) {
      const digit = text.charCodeAt(start + 1) - 48;
      if (digit < 0 || digit > 9) return 0;
      value = value * 10 + digit;
    }
    if (value === 25) return 23;
    if (value === 26) return 25;
    return value >= 1 && value <= 24 ? value : 0;
  }
  const letter = first | 32;
  const second = length === 2 ? text.charCodeAt(start + 1) | 32 : 0;
  if (letter === 120 /* x */) return second === 0 || second === 121 /* y */ ? 23 : 0;
  if (letter === 121 /* y */) return second === 0 ? 24 : 0;
  if (letter === 109 /* m */) return second === 0 || second === 116 /* t */ ? 25 : 0;
  return 0;
}

/** The code of a map chromosome ('1'..'22', 'X', 'Y', 'MT'). */
const codeOf = (chromosome: string) => chromosomeCode(chromosome, 0, chromosome.length);

/** FNV-1a over the lower-cased characters of text[start, end), as a small integer. */
export function nameHash(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) c |= 32;
    hash = Math.imul(hash ^ c, 16777619);
  }
  return hash & 0x3fffffff;
}

export type PreparedMarker = {
  index: number;
  marker: MapMarker;
  chromosome: string;
  reference: string;
  alternative: string;
  /** The notation's reference and alternative allele. */
  notationReference: string;
  notationAlternative: string;
  /** Y and MT: one allele per call. */
  haploid: boolean;
  /** Plus-strand allele → notation allele: reference, alternative and, for an indel, `I` (the longer) and `D`. */
  toNotation: Map<string, string>;
  /** The complement of each single-base allele → notation allele (not for strand-ambiguous or indel markers). */
  complementToNotation: Map<string, string> | undefined;
};

/** Positions of one chromosome in one build: position → markers, and the positions sorted (for gVCF blocks). */
export type ChromosomePositions = { at: Map<number, PreparedMarker[]>; sorted: number[] };

export class MarkerIndex {
  readonly markers: PreparedMarker[];
  /** rsid and gene code (as given and lower-cased) → markers. */
  private readonly byName = new Map<string, PreparedMarker[]>();
  /** `nameHash` of the lower-cased rsids and gene codes → the names and their markers. */
  private readonly byNameHash = new Map<number, { name: string; markers: PreparedMarker[] }[]>();
  private readonly byPosition = new Map<37 | 38, Map<string, ChromosomePositions>>();
  /** Per build, `chromosomeCode` → positions. */
  private readonly byCode = new Map<37 | 38, (ChromosomePositions | undefined)[]>();

  constructor(markers: MapMarker[]) {
    this.markers = markers.map((marker, index) => prepare(marker, index));
    for (const prepared of this.markers) {
      const names = new Set<string>();
      for (const name of [prepared.marker.rsid.trim(), prepared.marker.geneCode.trim()])
        if (name) {
          names.add(name);
          names.add(name.toLowerCase());
        }
      for (const name of names) push(this.byName, name, prepared);
    }
    for (const [name, markers] of this.byName) {
      if (name !== name.toLowerCase()) continue;
      const hash = nameHash(name, 0, name.length);
      const bucket = this.byNameHash.get(hash);
      if (bucket) bucket.push({ name, markers });
      else this.byNameHash.set(hash, [{ name, markers }]);
    }
    for (const build of [37, 38] as const) {
      const chromosomes = new Map<string, ChromosomePositions>();
      for (const prepared of this.markers) {
        const position = build === 37 ? prepared.marker.positionGrch37 : prepared.marker.positionGrch38;
        if (position == null) continue;
        let chromosome = chromosomes.get(prepared.chromosome);
        if (!chromosome) {
          chromosome = { at: new Map(), sorted: [] };
          chromosomes.set(prepared.chromosome, chromosome);
        }
        push(chromosome.at, position, prepared);
      }
      for (const chromosome of chromosomes.values())
        chromosome.sorted = [...chromosome.at.keys()].sort((a, b) => a - b);
      this.byPosition.set(build, chromosomes);
      const codes: (ChromosomePositions | undefined)[] = new Array(26).fill(undefined);
      for (const [chromosome, positions] of chromosomes) codes[codeOf(chromosome)] = positions;
      codes[0] = undefined;
      this.byCode.set(build, codes);
    }
  }

  /** Markers named so (rsid or gene code, case-insensitive). */
  named(name: string): PreparedMarker[] | undefined {
    return this.byName.get(name) ?? this.byName.get(name.toLowerCase());
  }

  /** Markers named text[start, end) (rsid or gene code, case-insensitive), without building the name. */
  namedAt(text: string, from: number, to: number): PreparedMarker[] | undefined {
    // A name padded with spaces (a spreadsheet's export) is the name.
    let start = from;
    let end = to;
    while (start < end && text.charCodeAt(start) === 32) start++;
    while (end > start && text.charCodeAt(end - 1) === 32) end--;
    const bucket = this.byNameHash.get(nameHash(text, start, end));
    if (!bucket) return undefined;
    const length = end - start;
    next: for (const entry of bucket) {
      if (entry.name.length !== length) continue;
      for (let i = 0; i < length; i++) {
        let c = text.charCodeAt(start + i);
        if (c >= 65 && c <= 90) c |= 32;
        if (c !== entry.name.charCodeAt(i)) continue next;
      }
      return entry.markers;
    }
    return undefined;
  }

  /** Per `chromosomeCode`, the positions of that chromosome in the build. */
  byChromosomeCode(build: 37 | 38): (ChromosomePositions | undefined)[] {
    return this.byCode.get(build) ?? [];
  }

  /** The positions of a chromosome (already normalised) in a build, or undefined when none is mapped. */
  chromosome(build: 37 | 38, chromosome: string): ChromosomePositions | undefined {
    return this.byPosition.get(build)?.get(chromosome);
  }

  /** Whether any marker has a position in the build. */
  hasPositions(build: 37 | 38): boolean {
    return (this.byPosition.get(build)?.size ?? 0) > 0;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
}

function prepare(marker: MapMarker, index: number): PreparedMarker {
  const reference = marker.reference.trim().toUpperCase();
  const alternative = marker.alternative.trim().toUpperCase();
  const notation = notationAlleles({ reference, alternative });
  const chromosome = normaliseChromosome(marker.chromosome);
  const toNotation = new Map([
    [reference, notation.reference],
    [alternative, notation.alternative],
  ]);
  if (reference.length !== alternative.length) {
    toNotation.set('I', 'I');
    toNotation.set('D', 'D');
  }
  const single = reference.length === 1 && alternative.length === 1;
  const complementToNotation =
    single && !marker.strandAmbiguous
      ? new Map([
          [complementAllele(reference), notation.reference],
          [complementAllele(alternative), notation.alternative],
        ])
      : undefined;
  return {
    index,
    marker,
    chromosome,
    reference,
    alternative,
    notationReference: notation.reference,
    notationAlternative: notation.alternative,
    haploid: chromosome === 'Y' || chromosome === 'MT',
    toNotation,
    complementToNotation,
  };
}

/**
 * A call of a haploid marker (Y, MT) as one allele, however the file writes it (`G`, `G/G`, `GG`): the
 * same man's Y is stored alike from every format. Two different alleles stay as they are.
 */
export function haploidGenotype(genotype: string): string {
  const [first, second] = genotype.split('/');
  return second !== undefined && first === second ? (first as string) : genotype;
}

/**
 * A call of one allele (`T`, a VCF's haploid `1`) of a marker on an autosome, where everyone carries
 * two: not a hemizygous result but a call that cannot be read. X is left as it is (a man has one).
 */
export const oneAlleleOnAutosome = (marker: PreparedMarker, genotype: string) =>
  !marker.haploid && marker.chromosome !== 'X' && !genotype.includes('/');

/** A sample's homozygous reference genotype in the notation (one allele on Y and MT). */
export function referenceGenotype(marker: PreparedMarker): string {
  return marker.haploid
    ? marker.notationReference
    : `${marker.notationReference}/${marker.notationReference}`;
}

/**
 * File alleles → the genotype in the notation, the reference allele first; undefined when an allele is
 * not the marker's.
 */
export function notationGenotype(
  alleles: readonly string[],
  translation: Map<string, string>,
  reference: string,
): string | undefined {
  const translated: string[] = [];
  for (const allele of alleles) {
    const notation = translation.get(allele);
    if (notation === undefined) return undefined;
    translated.push(notation);
  }
  return orderAlleles(translated, reference).join('/');
}

/** `Buffer.from(latin1).toString('utf8')`: a name read as latin1 back to its UTF-8 text, trimmed, upper-cased as the CSV's barcodes. */
export function barcodeOf(latin1: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII test
  const text = /^[\x00-\x7f]*$/.test(latin1) ? latin1 : Buffer.from(latin1, 'latin1').toString('utf8');
  return text.trim().toUpperCase();
}

type Sample = {
  barcode: string;
  line: number;
  rank: Uint8Array;
  genotype: (string | undefined)[];
  problem: (NoCallReason | undefined)[];
};

/**
 * The calls of every sample for every marker. A call has a rank (how well its row matches the marker);
 * a better-ranked call replaces a worse one. Of rows of equal rank a call replaces a no-call, the same
 * call again changes nothing, and two different calls are a no-call (`conflictingCalls`): which of them
 * came first in the file says nothing of which is right.
 */
export class SampleCalls {
  readonly samples: Sample[] = [];
  private readonly byBarcode = new Map<string, number>();

  constructor(private readonly markerCount: number) {}

  /** The sample's index; a new sample is added with the line where it first appears. */
  sample(barcode: string, line: number): number {
    const known = this.byBarcode.get(barcode);
    if (known !== undefined) return known;
    // Each sample holds a row per marker: a file of 200,000 people must stop here, not in memory.
    if (this.samples.length >= maxSamplesPerFile)
      throw stop('labFileTooManySamples', { line, max: maxSamplesPerFile });
    this.byBarcode.set(barcode, this.samples.length);
    this.samples.push({
      barcode,
      line,
      rank: new Uint8Array(this.markerCount),
      genotype: new Array(this.markerCount),
      problem: new Array(this.markerCount),
    });
    return this.samples.length - 1;
  }

  has(barcode: string): boolean {
    return this.byBarcode.has(barcode);
  }

  /** A genotype (the notation) or a no-call's reason for the sample's marker, if `rank` beats what it has. */
  set(sample: number, marker: number, rank: number, genotype: string | undefined, problem?: NoCallReason) {
    const entry = this.samples[sample] as Sample;
    const held = entry.rank[marker] as number;
    if (held > rank) return;
    if (held === rank) {
      const before = entry.genotype[marker];
      if (genotype === undefined || genotype === before) return;
      if (before !== undefined || entry.problem[marker] === 'conflictingCalls') {
        entry.genotype[marker] = undefined;
        entry.problem[marker] = 'conflictingCalls';
        return;
      }
    }
    entry.rank[marker] = rank;
    entry.genotype[marker] = genotype;
    entry.problem[marker] = genotype === undefined ? (problem ?? 'noCall') : undefined;
  }

  /**
   * Every sample with every marker: its call, else what `missing` says (absent, a reference mismatch,
   * or homozygous reference when the file lists every position); a no-call with its reason.
   */
  result(
    markers: readonly PreparedMarker[],
    missing: (marker: PreparedMarker) => { genotype: string } | { problem: NoCallReason },
  ): { barcodes: ResultsFileBarcode[]; counts: SampleMarkerCounts[] } {
    const fallback = markers.map(missing);
    const barcodes: ResultsFileBarcode[] = [];
    const counts: SampleMarkerCounts[] = [];
    for (const sample of this.samples) {
      const count: SampleMarkerCounts = {
        barcode: sample.barcode,
        found: 0,
        noCalls: 0,
        referenceMismatches: 0,
        ambiguousSkipped: 0,
        problems: [],
      };
      const genes: ResultsFileBarcode['genes'] = [];
      for (const prepared of markers) {
        const i = prepared.index;
        let genotype: string | undefined;
        let problem: NoCallReason | undefined;
        if (sample.rank[i]) {
          genotype = sample.genotype[i];
          problem = sample.problem[i];
        } else {
          const other = fallback[i] as { genotype: string } | { problem: NoCallReason };
          if ('genotype' in other) genotype = other.genotype;
          else problem = other.problem;
        }
        if (genotype !== undefined && oneAlleleOnAutosome(prepared, genotype)) {
          genotype = undefined;
          problem = 'oneAllele';
        }
        if (genotype !== undefined) count.found++;
        else {
          const reason = problem ?? 'noCall';
          if (reason === 'referenceMismatch') count.referenceMismatches++;
          else if (reason === 'strandAmbiguous') count.ambiguousSkipped++;
          else count.noCalls++;
          count.problems.push({ geneCode: prepared.marker.geneCode, reason });
        }
        if (genotype !== undefined && prepared.haploid) genotype = haploidGenotype(genotype);
        const { marker } = prepared;
        genes.push({
          geneCode: marker.geneCode,
          geneName: marker.geneName,
          hgvsC: marker.hgvsC,
          protein: marker.protein,
          transcript: marker.transcript,
          genotype: genotype ?? noCallGenotype,
          noCallReason: genotype === undefined ? (problem ?? 'noCall') : null,
        });
      }
      barcodes.push({ barcode: sample.barcode, line: sample.line, genes });
      counts.push(count);
    }
    return { barcodes, counts };
  }
}
