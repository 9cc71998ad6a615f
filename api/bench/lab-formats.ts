import { createReadStream, createWriteStream, statfsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { chromosomes as markerChromosomes } from '@genodesk/contract';
import { demoMarkers } from '../src/modules/results/lab-formats/demo-markers.js';
import { type MapMarker, readLabFile } from '../src/modules/results/lab-formats/index.js';

/**
 * `npm run bench` (lab formats, issue 23): generates to a temporary folder an Illumina Final Report of
 * 384 samples × N SNPs (~1 GB, so N ≈ 43,000 at ~62 bytes a row — the issue's 384 × 700,000 SNPs would
 * be ~17 GB; BENCH_LAB_MB sets the size, N follows; shrunk to fit the free disk) and a single-sample VCF
 * of 5,000,000 rows as a 30× genome's (BENCH_LAB_VCF_ROWS), optionally gzipped too (BENCH_LAB_GZIP=1),
 * then streams each through `readLabFile` with a marker map of ~1,000 markers (BENCH_LAB_MARKERS) and
 * prints MB/s, rows/s, MB per CPU second (steadier on a busy machine) and the peak resident memory
 * growth (issue's target: ≥ 100 MB/s, growth < 100 MB). Deletes the files (BENCH_LAB_KEEP=1 keeps them,
 * to profile on). Prints figures; asserts nothing.
 */
const reportMegabytes = Number(process.env.BENCH_LAB_MB ?? 1024);
const vcfRows = Number(process.env.BENCH_LAB_VCF_ROWS ?? 5_000_000);
const sampleCount = Number(process.env.BENCH_LAB_SAMPLES ?? 384);
const markerCount = Number(process.env.BENCH_LAB_MARKERS ?? 1000);
const gzip = process.env.BENCH_LAB_GZIP === '1';
/** Keep the generated files (and print where), to profile the readers on them. */
const keep = process.env.BENCH_LAB_KEEP === '1';

/** The autosomes and X, where the bench's files have always spread their calls (its figures stay comparable). */
const chromosomes = markerChromosomes.filter((chromosome) => chromosome !== 'Y' && chromosome !== 'MT');
const bases = ['A', 'C', 'G', 'T'];

/** A small deterministic generator (mulberry32). */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo markers and synthetic SNPs up to `markerCount`, at positions every 2,500,000 bases or so. */
function markerMap(): MapMarker[] {
  const random = prng(11);
  const markers = [...demoMarkers];
  for (let k = 0; markers.length < markerCount; k++) {
    const reference = bases[k % 4] as string;
    const alternative = bases[(k + 1 + (k % 2)) % 4] as string;
    const position = 1_000_000 + Math.floor(random() * 100_000_000);
    markers.push({
      geneCode: `rs${70_000_000 + k}`,
      rsid: `rs${70_000_000 + k}`,
      geneName: 'SYN',
      hgvsC: '',
      protein: '',
      transcript: '',
      chromosome: chromosomes[k % chromosomes.length] as string,
      positionGrch37: position,
      positionGrch38: position + 1000,
      reference,
      alternative,
      geneStrand: '+',
      strandAmbiguous: `${reference}${alternative}` === 'AT' || `${reference}${alternative}` === 'CG',
    });
  }
  return markers;
}

/** Writes the text pieces `write` yields to `file`, gzipped when asked. */
async function writeFile(file: string, pieces: () => Generator<string>, zipped = false) {
  const out = createWriteStream(file);
  if (zipped)
    await pipeline(
      async function* () {
        for (const piece of pieces()) yield Buffer.from(piece, 'latin1');
      },
      createGzip({ level: 1 }),
      out,
    );
  else
    await pipeline(async function* () {
      for (const piece of pieces()) yield Buffer.from(piece, 'latin1');
    }, out);
  return (await stat(file)).size;
}

/** A Final Report as GenomeStudio exports it: sample by sample, every SNP of the chip, the mapped ones among them. */
function* finalReport(markers: MapMarker[], snpCount: number): Generator<string> {
  yield [
    '[Header]',
    'GSGT Version\t2.0.4',
    'Processing Date\t1/15/2026 10:12 AM',
    'Content\t\tGSA-24v3-0_A1.bpm',
    `Num SNPs\t${snpCount}`,
    `Total SNPs\t${snpCount}`,
    `Num Samples\t${sampleCount}`,
    `Total Samples\t${sampleCount}`,
    '[Data]',
    'SNP Name\tSample ID\tAllele1 - Plus\tAllele2 - Plus\tGC Score\tAllele1 - Top\tAllele2 - Top\tChr\tPosition\tB Allele Freq\tLog R Ratio\n',
  ].join('\n');
  // The chip's SNPs (names, chromosomes, positions), the mapped markers spread among them.
  const random = prng(7);
  const every = Math.max(1, Math.floor(snpCount / markers.length));
  const snps: string[] = [];
  for (let i = 0; i < snpCount; i++) {
    const marker = i % every === 0 ? markers[i / every] : undefined;
    const chromosome = marker?.chromosome ?? (chromosomes[i % chromosomes.length] as string);
    const position = marker?.positionGrch37 ?? 1 + Math.floor(random() * 200_000_000);
    const name = marker?.rsid ?? (i % 7 === 0 ? `GSA-rs${10_000 + i}` : `rs${10_000 + i}`);
    // An array writes an indel's alleles as I (the longer) and D.
    const indel = marker && marker.reference.length !== marker.alternative.length;
    const alleles = indel
      ? marker.reference.length > marker.alternative.length
        ? ['I', 'D']
        : ['D', 'I']
      : [marker?.reference ?? 'A', marker?.alternative ?? 'G'];
    snps.push(
      `${name}\t#\t${alleles[0]}\t${alleles[1]}\t0.8512\tA\tG\t${chromosome}\t${position}\t0.4973\t-0.0213\n`,
    );
  }
  for (let s = 0; s < sampleCount; s++) {
    const barcode = `GD${String(s + 1).padStart(8, '0')}`;
    let piece = '';
    for (const snp of snps) {
      piece += snp.replace('#', barcode);
      if (piece.length > 1 << 20) {
        yield piece;
        piece = '';
      }
    }
    yield piece;
  }
}

/** A 30× genome's VCF (GATK HaplotypeCaller style), sorted, one sample; the mapped positions among its rows. */
function* genomeVcf(markers: MapMarker[], rows: number): Generator<string> {
  yield [
    '##fileformat=VCFv4.2',
    '##FORMAT=<ID=AD,Number=R,Type=Integer,Description="Allelic depths">',
    '##FORMAT=<ID=DP,Number=1,Type=Integer,Description="Approximate read depth">',
    '##FORMAT=<ID=GQ,Number=1,Type=Integer,Description="Genotype Quality">',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    '##FORMAT=<ID=PL,Number=G,Type=Integer,Description="Phred-scaled likelihoods">',
    '##INFO=<ID=AC,Number=A,Type=Integer,Description="Allele count">',
    ...chromosomes.map(
      (chromosome) => `##contig=<ID=chr${chromosome},length=${chromosome === '1' ? 249250621 : 200000000}>`,
    ),
    '##reference=file:///references/human_g1k_v37.fasta',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tGD00000001\n',
  ].join('\n');
  const random = prng(5);
  const byChromosome = new Map<string, MapMarker[]>();
  for (const marker of markers)
    byChromosome.set(marker.chromosome, [...(byChromosome.get(marker.chromosome) ?? []), marker]);
  const perChromosome = Math.ceil(rows / chromosomes.length);
  // About one variant per 600 bases, as a genome's; the rows of each chromosome reach past its markers.
  const step = Math.max(2, Math.round((2 * 110_000_000) / perChromosome));
  let written = 0;
  for (const chromosome of chromosomes) {
    const mapped = (byChromosome.get(chromosome) ?? []).sort(
      (a, b) => (a.positionGrch37 ?? 0) - (b.positionGrch37 ?? 0),
    );
    let next = 0;
    let position = 10_000;
    let piece = '';
    for (let i = 0; i < perChromosome && written < rows; i++, written++) {
      position += 1 + Math.floor(random() * step);
      const marker = mapped[next];
      if (marker && (marker.positionGrch37 as number) <= position) {
        next++;
        piece += `chr${chromosome}\t${marker.positionGrch37}\t${marker.rsid}\t${marker.reference}\t${marker.alternative}\t812.77\tPASS\tAC=1;AF=0.500;AN=2;BaseQRankSum=0.454;DP=31;ExcessHet=3.0103;FS=0.000;MLEAC=1;MLEAF=0.500;MQ=60.00;MQRankSum=0.000;QD=26.22;ReadPosRankSum=0.212;SOR=0.693\tGT:AD:DP:GQ:PL\t0/1:15,16:31:99:841,0,812\n`;
        continue;
      }
      const reference = bases[i & 3] as string;
      const alternative = bases[(i + 1) & 3] as string;
      piece += `chr${chromosome}\t${position}\t.\t${reference}\t${alternative}\t${(random() * 1000).toFixed(2)}\tPASS\tAC=2;AF=1.00;AN=2;DP=28;ExcessHet=3.0103;FS=0.000;MLEAC=2;MLEAF=1.00;MQ=60.00;QD=29.04;SOR=0.818\tGT:AD:DP:GQ:PL\t1/1:0,28:28:84:1168,84,0\n`;
      if (piece.length > 1 << 20) {
        yield piece;
        piece = '';
      }
    }
    yield piece;
  }
}

/** Streams the file through readLabFile: time, rows, the peak resident growth. */
async function measure(label: string, file: string, markers: MapMarker[], decompressed?: number) {
  const { size } = await stat(file);
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await readLabFile(createReadStream(file, { highWaterMark: 1 << 20 }), markers, {});
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  if (!result.ok) throw new Error(`${label} refused: ${JSON.stringify(result.errors)}`);
  const found = result.counts.reduce((sum, counts) => sum + counts.found, 0);
  console.info(
    `${label}: ${(size / 1e6).toFixed(0)} MB, ${result.rows.toLocaleString('en')} rows, ${result.barcodes.length} samples × ${markers.length} markers (${found.toLocaleString('en')} calls) in ${seconds.toFixed(1)} s: ${(size / 1e6 / seconds).toFixed(0)} MB/s, ${(result.rows / seconds / 1e6).toFixed(2)} M rows/s (${(size / 1e6 / cpuSeconds).toFixed(0)} MB per CPU second)${decompressed ? `, ${(decompressed / 1e6 / seconds).toFixed(0)} MB/s decompressed` : ''}, peak RSS growth ${((peak - baseline) / 1024 / 1024).toFixed(0)} MB (target: ≥ 100 MB/s, < 100 MB)`,
  );
}

async function main() {
  const markers = markerMap();
  if (keep)
    await writeFile(path.join(os.tmpdir(), 'genodesk-lab-bench-markers.json'), function* () {
      yield JSON.stringify(markers);
    });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'genodesk-lab-bench-'));
  try {
    const free = (() => {
      const { bavail, bsize } = statfsSync(folder);
      return bavail * bsize;
    })();
    // Room for the report, the VCF (~210 bytes a row) and a gzipped VCF, with a margin.
    let megabytes = reportMegabytes;
    const need = (megabytes + ((vcfRows * 210) / 1e6) * (gzip ? 1.3 : 1)) * 1e6 * 1.2;
    if (need > free) {
      megabytes = Math.max(10, Math.floor(megabytes * (free / need)));
      console.warn(
        `only ${(free / 1e9).toFixed(1)} GB free in ${os.tmpdir()}: the Final Report shrunk to ${megabytes} MB`,
      );
    }
    // ~62 bytes a row.
    const snpCount = Math.max(markers.length, Math.round((megabytes * 1e6) / 62 / sampleCount));

    const report = path.join(folder, 'final-report.txt');
    let start = performance.now();
    await writeFile(report, () => finalReport(markers, snpCount));
    console.info(
      `(Final Report of ${sampleCount} samples × ${snpCount.toLocaleString('en')} SNPs written in ${((performance.now() - start) / 1000).toFixed(0)} s)`,
    );
    await measure('Final Report', report, markers);
    if (!keep) await rm(report);

    const genome = path.join(folder, 'genome.vcf');
    start = performance.now();
    await writeFile(genome, () => genomeVcf(markers, vcfRows));
    console.info(
      `(VCF of ${vcfRows.toLocaleString('en')} rows written in ${((performance.now() - start) / 1000).toFixed(0)} s)`,
    );
    await measure('VCF 30× genome', genome, markers);
    const plainSize = (await stat(genome)).size;
    if (!keep) await rm(genome);

    if (gzip) {
      const zipped = path.join(folder, 'genome.vcf.gz');
      await writeFile(zipped, () => genomeVcf(markers, vcfRows), true);
      await measure('VCF 30× genome, gzipped', zipped, markers, plainSize);
      if (!keep) await rm(zipped);
    }
  } finally {
    if (keep) console.info(`(files kept in ${folder})`);
    else await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
