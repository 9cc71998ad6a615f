import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { notationAlleles } from '@genodesk/contract';
import { demoMarkers } from './demo-markers.js';
import { type LabFileResult, readLabFile } from './index.js';
import type { MapMarker, ReadOptions } from './types.js';

/**
 * Builders of lab files for the readers' tests: the same samples written as this project's CSV, VCF,
 * Illumina Final Report, 23andMe and AncestryDNA, from a marker map (the demo catalogue's real
 * coordinates in both builds), so that every format can be compared with the CSV.
 */

/**
 * A sample and its genotypes as they are stored: the notation (issue 34: the plus strand, the reference
 * allele first; 'G/A', 'I/D', 'G' haploid); null: no call.
 */
export type TestSample = { barcode: string; genotypes: Record<string, string | null> };

const complement: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };
const complementOf = (allele: string) => complement[allele] ?? allele;

/**
 * Whether a file writes a sample's heterozygous call of a marker alternative allele first (every third
 * one): the stored genotype is reference first whatever the file's order.
 */
export const writtenReversed = (sample: number, marker: number) => (sample + marker) % 3 === 0;

/** A small deterministic generator (mulberry32). */
export function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Samples GD00000001… with genotypes of the demo markers drawn from wild type, heterozygous and
 * homozygous (the notation); a share of them no-calls (null).
 */
export function demoSamples(count: number, seed = 1, noCallShare = 0): TestSample[] {
  const random = prng(seed);
  return Array.from({ length: count }, (_, k) => {
    const genotypes: Record<string, string | null> = {};
    for (const marker of demoMarkers) {
      const { reference, alternative } = notationAlleles(marker);
      const options = [
        `${reference}/${reference}`,
        `${reference}/${alternative}`,
        `${alternative}/${alternative}`,
      ];
      const genotype = options[Math.floor(random() * options.length)] as string;
      genotypes[marker.geneCode] = noCallShare && random() < noCallShare ? null : genotype;
    }
    return { barcode: `GD${String(k + 1).padStart(8, '0')}`, genotypes };
  });
}

/** The plus-strand alleles (the VCF's) of a genotype in the notation, in the order a file writes them. */
export function plusAlleles(marker: MapMarker, genotype: string, reversed = false): string[] {
  const { reference, alternative } = notationAlleles(marker);
  const alleles = genotype.split('/').map((allele) => {
    if (allele === reference) return marker.reference;
    if (allele === alternative) return marker.alternative;
    throw new Error(`${allele} is not an allele of ${marker.geneCode}`);
  });
  return reversed ? alleles.reverse() : alleles;
}

/** A genotype of the notation written on the gene's strand (as HGVS c. reads it): complemented on a '-' gene. */
export function geneStrandGenotype(marker: MapMarker, genotype: string): string {
  return marker.geneStrand === '-' ? genotype.split('/').map(complementOf).join('/') : genotype;
}

const positionOf = (marker: MapMarker, build: 37 | 38) =>
  build === 37 ? marker.positionGrch37 : marker.positionGrch38;

export type CsvOptions = {
  /** The strand the genotypes are written on (default plus). */
  strand?: 'plus' | 'gene';
  /** How the strand is declared: a `##strand=` line before the header (default), a `strand` column, or not. */
  declare?: 'line' | 'column' | 'none';
};

/** This project's CSV (semicolon, CRLF), as `demoResultsCsv` writes it; a no-call as `--`. */
export function resultsCsv(
  samples: TestSample[],
  markers: MapMarker[] = demoMarkers,
  { strand = 'plus', declare = 'line' }: CsvOptions = {},
): string {
  const lines = declare === 'line' ? [`##strand=${strand}`] : [];
  lines.push(
    ['barcode', 'gene_code', 'gene_name', 'hgvs_c', 'protein', 'transcript', 'genotype']
      .concat(declare === 'column' ? ['strand'] : [])
      .join(';'),
  );
  samples.forEach((sample, s) => {
    markers.forEach((marker, m) => {
      if (!(marker.geneCode in sample.genotypes)) return;
      const stored = sample.genotypes[marker.geneCode];
      let genotype = '--';
      if (stored) {
        const written = writtenReversed(s, m) ? stored.split('/').reverse().join('/') : stored;
        genotype = strand === 'gene' ? geneStrandGenotype(marker, written) : written;
      }
      lines.push(
        [
          sample.barcode,
          marker.geneCode,
          marker.geneName,
          marker.hgvsC,
          marker.protein,
          marker.transcript,
          genotype,
          ...(declare === 'column' ? [strand] : []),
        ].join(';'),
      );
    });
  });
  return `${lines.join('\r\n')}\r\n`;
}

const lengths = { 37: 249250621, 38: 248956422 };

export type VcfOptions = {
  build: 37 | 38;
  /** How the header names the build (default: contig lengths). */
  header?: 'contig' | 'reference' | 'assembly' | 'none';
  chr?: boolean;
  phased?: boolean;
  /** Rows of other positions between the mapped ones. */
  noise?: number;
  /** No-calls written as a row with `./.` (default) or left out. */
  noCalls?: 'row' | 'absent';
};

/** A VCF 4.2 of the samples (one column each), sorted by chromosome and position, with unmapped rows around. */
export function vcf(samples: TestSample[], options: VcfOptions, markers: MapMarker[] = demoMarkers): string {
  const { build, chr = false, phased = false, noise = 2, header = 'contig', noCalls = 'row' } = options;
  const name = (chromosome: string) => (chr ? `chr${chromosome === 'MT' ? 'M' : chromosome}` : chromosome);
  const lines = ['##fileformat=VCFv4.2', '##source=genodesk-test'];
  if (header === 'reference')
    lines.push(
      `##reference=file:///references/${build === 37 ? 'human_g1k_v37.fasta' : 'GRCh38_full_analysis_set.fna'}`,
    );
  if (header === 'contig') lines.push(`##contig=<ID=${name('1')},length=${lengths[build]}>`);
  if (header === 'assembly')
    lines.push(`##contig=<ID=${name('1')},assembly=${build === 37 ? 'GRCh37' : 'GRCh38'}>`);
  lines.push(
    '##INFO=<ID=DP,Number=1,Type=Integer,Description="Depth">',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    '##FORMAT=<ID=GQ,Number=1,Type=Integer,Description="Genotype quality">',
    [
      '#CHROM',
      'POS',
      'ID',
      'REF',
      'ALT',
      'QUAL',
      'FILTER',
      'INFO',
      'FORMAT',
      ...samples.map((s) => s.barcode),
    ].join('\t'),
  );
  const order = (chromosome: string) =>
    chromosome === 'X' ? 23 : chromosome === 'Y' ? 24 : chromosome === 'MT' ? 25 : Number(chromosome);
  const rows: { chromosome: string; position: number; text: string }[] = [];
  for (const marker of markers) {
    const position = positionOf(marker, build);
    if (position == null) continue;
    if (noCalls === 'absent' && samples.every((sample) => !sample.genotypes[marker.geneCode])) continue;
    const m = markers.indexOf(marker);
    const calls = samples.map((sample, s) => {
      const genotype = sample.genotypes[marker.geneCode];
      if (!genotype) return marker.chromosome === 'Y' || marker.chromosome === 'MT' ? '.:0' : './.:0';
      const indexes = plusAlleles(marker, genotype, writtenReversed(s, m)).map((allele) =>
        allele === marker.reference ? 0 : 1,
      );
      return `${indexes.join(phased ? '|' : '/')}:99`;
    });
    rows.push({
      chromosome: marker.chromosome,
      position,
      text: [
        name(marker.chromosome),
        position,
        marker.rsid || '.',
        marker.reference,
        marker.alternative,
        '50',
        'PASS',
        'DP=30',
        'GT:GQ',
        ...calls,
      ].join('\t'),
    });
    for (let k = 1; k <= noise; k++)
      rows.push({
        chromosome: marker.chromosome,
        position: position + k * 7,
        text: [
          name(marker.chromosome),
          position + k * 7,
          `rs${900000000 + position + k}`,
          'A',
          'G',
          '40',
          'PASS',
          'DP=20',
          'GT:GQ',
          ...samples.map(() => '0/1:50'),
        ].join('\t'),
      });
  }
  rows.sort((a, b) => order(a.chromosome) - order(b.chromosome) || a.position - b.position);
  return `${[...lines, ...rows.map((row) => row.text)].join('\n')}\n`;
}

export type FinalReportOptions = {
  strand?: 'plus' | 'forward' | 'top';
  separator?: '\t' | ',';
  /** Chr and Position columns in this build. */
  positions?: 37 | 38;
  /** What `SNP Name` holds for the mapped markers (default: rsid). */
  names?: 'rsid' | 'geneCode' | 'upper' | 'none';
  noise?: number;
};

/** The alleles of a Final Report's allele columns for a marker's plus-strand allele. */
function strandAllele(marker: MapMarker, allele: string, strand: 'plus' | 'forward' | 'top'): string {
  if (marker.reference.length !== marker.alternative.length)
    return allele ===
      (marker.reference.length > marker.alternative.length ? marker.reference : marker.alternative)
      ? 'I'
      : 'D';
  if (strand === 'plus') return allele;
  if (strand === 'top') {
    // Illumina's TOP strand: A with C or G as is; T with C or G complemented.
    const alleles = [marker.reference, marker.alternative];
    return alleles.includes('A') ? allele : complementOf(allele);
  }
  // Forward (here): the gene's strand.
  return marker.geneStrand === '-' ? complementOf(allele) : allele;
}

/** An Illumina GenomeStudio Final Report: one row per SNP × sample, sample by sample. */
export function finalReport(
  samples: TestSample[],
  options: FinalReportOptions = {},
  markers: MapMarker[] = demoMarkers,
): string {
  const { strand = 'plus', separator = '\t', positions, names = 'rsid', noise = 3 } = options;
  const strandName = { plus: 'Plus', forward: 'Forward', top: 'Top' }[strand];
  const columns = [
    'SNP Name',
    'Sample ID',
    `Allele1 - ${strandName}`,
    `Allele2 - ${strandName}`,
    'GC Score',
    ...(positions ? ['Chr', 'Position'] : []),
    'Allele1 - AB',
    'Allele2 - AB',
  ];
  const lines = [
    '[Header]',
    ['GSGT Version', '2.0.4'].join(separator),
    ['Processing Date', '1/15/2026 10:12 AM'].join(separator),
    ['Content', '', 'GSA-24v3-0_A1.bpm'].join(separator),
    ['Num SNPs', String(markers.length + noise)].join(separator),
    ['Total SNPs', String(markers.length + noise)].join(separator),
    ['Num Samples', String(samples.length)].join(separator),
    ['Total Samples', String(samples.length)].join(separator),
    '[Data]',
    columns.join(separator),
  ];
  samples.forEach((sample, s) => {
    markers.forEach((marker, m) => {
      const genotype = sample.genotypes[marker.geneCode];
      const alleles = genotype
        ? plusAlleles(marker, genotype, writtenReversed(s, m)).map((allele) =>
            strandAllele(marker, allele, strand),
          )
        : ['-', '-'];
      const name =
        names === 'geneCode'
          ? marker.geneCode
          : names === 'upper'
            ? marker.rsid.toUpperCase()
            : names === 'none'
              ? `GSA-${marker.rsid}`
              : marker.rsid;
      const position = positions ? positionOf(marker, positions) : null;
      lines.push(
        [
          name,
          sample.barcode,
          alleles[0],
          alleles[1],
          '0.8512',
          ...(positions ? [marker.chromosome, String(position ?? 0)] : []),
          'A',
          'B',
        ].join(separator),
      );
    });
    for (let k = 0; k < noise; k++)
      lines.push(
        [
          `rs${800000000 + k}`,
          sample.barcode,
          'A',
          'G',
          '0.7',
          ...(positions ? ['3', String(1000 + k)] : []),
          'A',
          'B',
        ].join(separator),
      );
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** 23andMe genotype letters: plus-strand bases, D/I for an indel, one letter for a haploid call. */
function consumerAlleles(
  marker: MapMarker,
  genotype: string | null | undefined,
  reversed: boolean,
): string[] | null {
  if (!genotype) return null;
  return plusAlleles(marker, genotype, reversed).map((allele) =>
    marker.reference.length !== marker.alternative.length
      ? allele ===
        (marker.reference.length > marker.alternative.length ? marker.reference : marker.alternative)
        ? 'I'
        : 'D'
      : allele,
  );
}

/** A 23andMe raw data file of one sample (build 37 or 38 positions; `build: 36` writes the 37 ones under a build 36 header). */
export function twentyThreeAndMe(
  sample: TestSample,
  build: 36 | 37 | 38,
  markers: MapMarker[] = demoMarkers,
  rsids = true,
): string {
  const lines = [
    '# This data file generated by 23andMe at: Thu Jan 15 10:12:00 2026',
    '#',
    '# This file contains raw genotype data, including data that is not used in 23andMe reports.',
    `# More information on reference human assembly build ${build} (a.k.a. GRCh${build}):`,
    '# http://www.ncbi.nlm.nih.gov/assembly/2758/',
    '#',
    '# rsid\tchromosome\tposition\tgenotype',
    'rs548049170\t1\t69869\tTT',
    'i713426\t1\t726912\tAA',
  ];
  markers.forEach((marker, k) => {
    const alleles = consumerAlleles(marker, sample.genotypes[marker.geneCode], writtenReversed(0, k));
    const position = positionOf(marker, build === 38 ? 38 : 37);
    lines.push(
      [
        rsids ? marker.rsid : `i${7000000 + k}`,
        marker.chromosome,
        position,
        alleles ? alleles.join('') : '--',
      ].join('\t'),
    );
  });
  return `${lines.join('\n')}\n`;
}

/** An AncestryDNA raw data file of one sample (chromosomes 23 = X, 24 = Y, 26 = MT). */
export function ancestryDna(sample: TestSample, build: 37 | 38, markers: MapMarker[] = demoMarkers): string {
  const number = (chromosome: string) =>
    chromosome === 'X' ? '23' : chromosome === 'Y' ? '24' : chromosome === 'MT' ? '26' : chromosome;
  const lines = [
    '#AncestryDNA raw data download',
    '#This file was generated by AncestryDNA at: 01/15/2026 10:12:00 UTC',
    '#Data was collected using AncestryDNA array version: V2.0',
    '#Data is formatted using AncestryDNA converter version: V1.0',
    `#Genetic data is provided below as five TAB delimited columns. ... build ${build}.1 ...`,
    `#Human Genome Reference Build ${build}.1`,
    '#',
    'rsid\tchromosome\tposition\tallele1\tallele2',
    'rs369202065\t1\t569388\tG\tG',
  ];
  markers.forEach((marker, m) => {
    const alleles = consumerAlleles(marker, sample.genotypes[marker.geneCode], writtenReversed(0, m));
    const two = alleles ? (alleles.length === 1 ? [alleles[0], alleles[0]] : alleles) : ['0', '0'];
    lines.push([marker.rsid, number(marker.chromosome), positionOf(marker, build), ...two].join('\t'));
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** Text or bytes as a stream of chunks of `size` bytes (lines split across chunks). */
export async function* chunks(content: string | Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

/** Gzip made of several members (one per piece), as concatenated gzip files are. */
export function multiMemberGzip(content: string, pieces = 3): Buffer {
  const bytes = Buffer.from(content);
  const size = Math.ceil(bytes.length / pieces);
  const members: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size)
    members.push(gzipSync(bytes.subarray(start, start + size)));
  return Buffer.concat(members);
}

const bgzfEof = Buffer.from('1f8b08040000000000ff0600424302001b0003000000000000000000', 'hex');

/** BGZF as bgzip writes it: blocks of at most 64 KiB, each a gzip member with a 'BC' extra field, then the EOF block. */
export function bgzip(content: string | Buffer, { eof = true, blockBytes = 0xff00 } = {}): Buffer {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += blockBytes) {
    const data = bytes.subarray(start, start + blockBytes);
    const deflated = deflateRawSync(data);
    const header = Buffer.from([0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 0xff, 6, 0, 0x42, 0x43, 2, 0, 0, 0]);
    header.writeUInt16LE(header.length + deflated.length + 8 - 1, 16);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(data), 0);
    trailer.writeUInt32LE(data.length, 4);
    blocks.push(header, deflated, trailer);
  }
  if (eof) blocks.push(bgzfEof);
  return Buffer.concat(blocks);
}

/** Test-only markers besides the demo's: a mitochondrial one (m.3243A>G), a Y one and an insertion (illustrative coordinates). */
export const extraMarkers: MapMarker[] = [
  {
    geneCode: 'MT-TL1',
    rsid: 'rs199474657',
    geneName: 'MT-TL1',
    hgvsC: 'm.3243A>G',
    protein: '',
    transcript: 'NC_012920.1',
    chromosome: 'MT',
    positionGrch37: 3243,
    positionGrch38: 3243,
    reference: 'A',
    alternative: 'G',
    geneStrand: '+',
    strandAmbiguous: false,
  },
  {
    geneCode: 'ytest',
    rsid: 'rs9999001',
    geneName: 'YTEST',
    hgvsC: '',
    protein: '',
    transcript: '',
    chromosome: 'Y',
    positionGrch37: 2887824,
    positionGrch38: 2756865,
    reference: 'G',
    alternative: 'A',
    geneStrand: '+',
    strandAmbiguous: false,
  },
  {
    geneCode: 'instest',
    rsid: 'rs9999002',
    geneName: 'INSTEST',
    hgvsC: '',
    protein: '',
    transcript: '',
    chromosome: '3',
    positionGrch37: 500000,
    positionGrch38: 510000,
    reference: 'C',
    alternative: 'CAG',
    geneStrand: '+',
    strandAmbiguous: false,
  },
];

export const testMarkers: MapMarker[] = [...demoMarkers, ...extraMarkers];

/** `readLabFile` on text or bytes, in chunks of `chunkSize` bytes. */
export function read(
  content: string | Uint8Array,
  options: ReadOptions = {},
  markers: MapMarker[] = testMarkers,
  chunkSize = 64 * 1024,
): Promise<LabFileResult> {
  return readLabFile(chunks(content, chunkSize), markers, options);
}

/** A successful result, or the test fails with the refusal. */
export function accepted(result: LabFileResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  return result;
}

/** barcode → gene code → genotype. */
export function genotypesOf(result: LabFileResult): Record<string, Record<string, string>> {
  return Object.fromEntries(
    accepted(result).barcodes.map((entry) => [
      entry.barcode,
      Object.fromEntries(entry.genes.map((gene) => [gene.geneCode, gene.genotype])),
    ]),
  );
}

/** barcode → gene code → why it has no call. */
export function problemsOf(result: LabFileResult): Record<string, Record<string, string>> {
  return Object.fromEntries(
    accepted(result).counts.map((counts) => [
      counts.barcode,
      Object.fromEntries(counts.problems.map((problem) => [problem.geneCode, problem.reason])),
    ]),
  );
}

/** barcode → gene code → the stored no-call reason (null for a call). */
export function reasonsOf(result: LabFileResult): Record<string, Record<string, string | null>> {
  return Object.fromEntries(
    accepted(result).barcodes.map((entry) => [
      entry.barcode,
      Object.fromEntries(entry.genes.map((gene) => [gene.geneCode, gene.noCallReason ?? null])),
    ]),
  );
}

/** The refusal's errors (the test fails if the file was accepted). */
export function refusals(result: LabFileResult) {
  if (result.ok) throw new Error('accepted');
  return result.errors;
}

/** The refusal's first error. */
export function refusal(result: LabFileResult) {
  if (result.ok) throw new Error('accepted');
  return result.errors[0];
}
