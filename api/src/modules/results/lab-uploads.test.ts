import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ResultUploadStatus } from '@genodesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleWithBarcode } from '../../../test/samples.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import {
  customerGenotypes,
  markers,
  products,
  resultUploadFiles,
  resultUploads,
  samples,
} from '../../db/schema/index.js';
import { demoMarkers } from './lab-formats/demo-markers.js';
import {
  finalReport,
  resultsCsv,
  type TestSample,
  twentyThreeAndMe,
  vcf as vcfOf,
} from './lab-formats/test-files.js';
import { processResultsUpload } from './processing.js';

/**
 * Lab formats end to end through the upload call and the job: the demo marker map (seeded) turns a
 * VCF or a 23andMe file into the same genotypes and reports as the lab's CSV of the same calls.
 */

const uploadLimit = 1024 * 1024;
let t: TestApp;
let lab: Record<string, string>;
beforeAll(async () => {
  t = await testApp({ resultsMaxUploadBytes: uploadLimit });
  lab = await t.authAs(demo.lab);
});
afterAll(() => t.close());

/** A customer with a paid order and a sample in analysis [11] carrying a fresh barcode. */
const sampleAwaitingResults = (gender = 2) => sampleWithBarcode(t.db, { gender, label: 'Formát' });

async function upload(body: Buffer | string, fileName: string, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/results/upload?FileName=${encodeURIComponent(fileName)}${query}`,
    headers: { ...lab, 'content-type': 'application/octet-stream', 'accept-language': 'en' },
    payload: body,
  });
}

async function uploadAndProcess(body: Buffer | string, fileName: string, query = '') {
  const response = await upload(body, fileName, query);
  expect(response.statusCode).toBe(202);
  const id = response.json().id as number;
  await processResultsUpload(t.db, id);
  const detail = await t.app.inject({
    method: 'GET',
    url: `/api/admin/results/getresult?Id=${id}`,
    headers: { ...lab, 'accept-language': 'en' },
  });
  expect(detail.statusCode).toBe(200);
  return detail.json();
}

const genotypesOf = async (customerId: number) =>
  Object.fromEntries(
    (
      await t.db
        .select({ code: customerGenotypes.geneCode, genotype: customerGenotypes.genotype })
        .from(customerGenotypes)
        .where(eq(customerGenotypes.customerId, customerId))
    ).map((row) => [row.code, row.genotype]),
  );

/** The report's phenotypes as `phenotype: risk`, sorted. */
async function reportOf(customerId: number) {
  const [report] = await t.db
    .select({ content: products.content })
    .from(products)
    .where(eq(products.customerId, customerId));
  expect(report).toBeDefined();
  return report!.content.categories
    .flatMap((category) => category.subcategories.flatMap((subcategory) => subcategory.phenotypes))
    .map(
      (phenotype) =>
        `${phenotype.phenotypeEn}: ${phenotype.notDetermined ? 'not determined' : phenotype.notAssessed ? 'not assessed' : phenotype.risk}`,
    )
    .sort();
}

/** The demo markers on GRCh38 (VCF alleles on the plus strand), and the calls of two samples. */
const vcfRows: [
  chrom: string,
  pos: number,
  id: string,
  ref: string,
  alt: string,
  first: string,
  second: string,
][] = [
  ['chr1', 11794419, 'rs1801131', 'T', 'G', '0/1', '1/1'],
  ['chr1', 11796321, 'rs1801133', 'G', 'A', '0/0', './.'],
  ['chr1', 169549811, 'rs6025', 'C', 'T', '0/0', '0/0'],
  ['chr2', 135851076, 'rs4988235', 'G', 'A', '1|1', '0|1'],
  ['chr5', 148826877, 'rs1042713', 'G', 'A', '0/1', '0/0'],
  ['chr6', 26090951, 'rs1799945', 'C', 'G', '0/0', '0/1'],
  ['chr6', 26092913, 'rs1800562', 'G', 'A', '0/0', '0/0'],
  ['chr7', 117559590, 'rs113993960', 'ATCT', 'A', '0/0', '0/1'],
  ['chr11', 46739505, 'rs1799963', 'G', 'A', '0/0', '0/0'],
  ['chr11', 66560624, 'rs1815739', 'C', 'T', '0/1', '0/0'],
  ['chr15', 74749576, 'rs762551', 'C', 'A', '1/1', '0/1'],
  ['chr16', 53786615, 'rs9939609', 'T', 'A', '0/0', '0/1'],
  ['chr19', 44908684, 'rs429358', 'T', 'C', '0/0', '0/0'],
  ['chr19', 44908822, 'rs7412', 'C', 'T', '0/0', '0/0'],
];

/** The first sample's calls in the notation: the plus strand, the reference first, F508del as I/D. */
const firstInCatalogue: Record<string, string> = {
  rs1801131: 'T/G',
  rs1801133: 'G/G',
  rs6025: 'C/C',
  rs4988235: 'A/A',
  rs1042713: 'G/A',
  rs1799945: 'C/C',
  rs1800562: 'G/G',
  rs113993960: 'I/I',
  rs1799963: 'G/G',
  rs1815739: 'C/T',
  rs762551: 'A/A',
  rs9939609: 'T/T',
  rs429358: 'T/T',
  rs7412: 'C/C',
};

function vcf(sampleColumns: [string, string]) {
  const lines = [
    '##fileformat=VCFv4.2',
    '##reference=GRCh38',
    '##contig=<ID=chr1,length=248956422>',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...sampleColumns].join('\t'),
    ...vcfRows.map(([chrom, pos, id, ref, alt, first, second]) =>
      [chrom, pos, id, ref, alt, '50', 'PASS', '.', 'GT', first, second].join('\t'),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** bgzip's shape: the text in several gzip members, one after the other. */
function bgzip(text: string) {
  const bytes = Buffer.from(text);
  const third = Math.ceil(bytes.length / 3);
  return Buffer.concat([0, 1, 2].map((k) => gzipSync(bytes.subarray(k * third, (k + 1) * third))));
}

describe('lab formats through the upload', () => {
  it('a bgzipped two-sample VCF gives the CSV’s genotypes and reports; a no-call is stored as such, its phenotype left out, the upload asks for inspection', async () => {
    const first = await sampleAwaitingResults();
    const second = await sampleAwaitingResults();
    const viaCsv = await sampleAwaitingResults();

    const detail = await uploadAndProcess(bgzip(vcf([first.code, second.code])), 'plate.vcf.gz');
    expect(detail).toMatchObject({ format: 'vcf', genomeBuild: 38, paired: 2, unpairable: 0 });
    expect(detail.status).toBe(ResultUploadStatus.CompleteInspectionRequired);
    const counts = Object.fromEntries(
      detail.markerCounts.map((count: { barcode: string }) => [count.barcode, count]),
    );
    expect(counts[first.code]).toMatchObject({ found: 14, noCalls: 0, referenceMismatches: 0, problems: [] });
    expect(counts[second.code]).toMatchObject({
      found: 13,
      noCalls: 1,
      problems: [{ geneCode: 'rs1801133', reason: 'noCall' }],
    });

    const csv = [
      '##strand=plus',
      'barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype',
      ...Object.entries(firstInCatalogue).map(([code, genotype]) => `${viaCsv.code};${code};;;;;${genotype}`),
    ].join('\n');
    await uploadAndProcess(csv, 'same-calls.csv');

    expect(await genotypesOf(first.customerId)).toEqual(firstInCatalogue);
    expect(await genotypesOf(viaCsv.customerId)).toEqual(firstInCatalogue);
    expect(await reportOf(first.customerId)).toEqual(await reportOf(viaCsv.customerId));

    // The second sample's rs1801133 is a no-call: stored as '--' with its reason, and Folate metabolism
    // (rs1801133 + rs1801131) is not determined — no risk, not "not assessed" — rather than defaulted.
    expect((await genotypesOf(second.customerId)).rs1801133).toBe('--');
    const [noCall] = await t.db
      .select({ reason: customerGenotypes.noCallReason })
      .from(customerGenotypes)
      .where(
        sql`${customerGenotypes.customerId} = ${second.customerId} and ${customerGenotypes.geneCode} = 'rs1801133'`,
      );
    expect(noCall).toEqual({ reason: 'noCall' });
    expect(await reportOf(second.customerId)).toContain('Folate metabolism: not determined');
    expect(await reportOf(first.customerId)).toContain('Folate metabolism: 1');
    // Gene information on the stored rows comes from the marker map.
    const [mthfr] = await t.db
      .select({ name: customerGenotypes.geneName, hgvsC: customerGenotypes.hgvsC })
      .from(customerGenotypes)
      .where(eq(customerGenotypes.customerId, first.customerId))
      .orderBy(customerGenotypes.geneCode)
      .limit(1)
      .offset(Object.keys(firstInCatalogue).sort().indexOf('rs1801131'));
    expect(mthfr).toEqual({ name: 'MTHFR', hgvsC: 'NM_005957.5:c.1286A>C' });
  });

  it('one person, five files — the CSV on the plus strand, the CSV on the gene strand, a VCF, a Final Report, a 23andMe file — give byte-identical genotypes and identical reports', async () => {
    // Homozygous Factor V Leiden (F5 reads the minus strand: plus T/T, c.1601G>A on both alleles) with
    // prothrombin G20210A: high risk, and the combination rule fires. Every minus-strand marker of the
    // demo catalogue (MCM6, MTHFR ×2, F5) carries a variant, so a strand slip would show.
    const person: Record<string, string> = {
      rs4988235: 'G/A',
      rs762551: 'C/A',
      rs1801133: 'G/A',
      rs1801131: 'G/G',
      rs6025: 'T/T',
      rs1799963: 'G/A',
      rs429358: 'T/C',
      rs7412: 'C/C',
      rs1800562: 'G/G',
      rs1799945: 'C/G',
      rs1815739: 'C/T',
      rs113993960: 'I/D',
      rs9939609: 'T/A',
      rs1042713: 'G/A',
    };
    const as = (barcode: string): TestSample => ({ barcode, genotypes: person });
    const files: [string, (code: string) => string, string][] = [
      ['plus.csv', (code) => resultsCsv([as(code)], demoMarkers, { strand: 'plus' }), ''],
      ['gene.csv', (code) => resultsCsv([as(code)], demoMarkers, { strand: 'gene', declare: 'column' }), ''],
      ['person.vcf', (code) => vcfOf([as(code)], { build: 38, header: 'reference' }), ''],
      ['FinalReport.txt', (code) => finalReport([as(code)], { strand: 'plus' }), '&GenomeBuild=37'],
      ['genome.txt', (code) => twentyThreeAndMe(as(code), 37), ''],
    ];
    const stored: Record<string, { code: string; genotype: string; noCallReason: string | null }[]> = {};
    const reports: Record<string, unknown> = {};
    for (const [name, write, query] of files) {
      const sample = await sampleAwaitingResults(1);
      const detail = await uploadAndProcess(
        write(sample.code),
        name,
        name === 'genome.txt' ? `&Barcode=${sample.code}` : query,
      );
      expect(detail.status, `${name}: ${detail.exception}`).not.toBe(ResultUploadStatus.Failed);
      expect(detail.paired, name).toBe(1);
      stored[name] = await t.db
        .select({
          code: customerGenotypes.geneCode,
          genotype: customerGenotypes.genotype,
          noCallReason: customerGenotypes.noCallReason,
        })
        .from(customerGenotypes)
        .where(eq(customerGenotypes.customerId, sample.customerId))
        .orderBy(customerGenotypes.geneCode);
      const [report] = await t.db
        .select({ content: products.content, requiresInspection: products.requiresInspection })
        .from(products)
        .where(eq(products.customerId, sample.customerId));
      reports[name] = report;
    }
    const plus = stored['plus.csv'];
    expect(Object.fromEntries((plus ?? []).map((row) => [row.code, row.genotype]))).toEqual(person);
    for (const [name] of files) {
      expect(stored[name], name).toEqual(plus);
      expect(reports[name], name).toEqual(reports['plus.csv']);
    }
    const content = (reports['plus.csv'] as { content: typeof products.$inferSelect.content }).content;
    const leiden = content.categories
      .flatMap((category) => category.subcategories.flatMap((subcategory) => subcategory.phenotypes))
      .find((phenotype) => phenotype.phenotypeEn === 'Factor V Leiden');
    expect(leiden).toMatchObject({
      risk: 3,
      notAssessed: false,
      genes: [{ code: 'rs6025', genotype: 'T/T' }],
    });
    expect(content.combinations?.map((combination) => [combination.nameEn, combination.risk])).toEqual([
      ['Factor V Leiden and prothrombin G20210A together', 3],
    ]);
  });

  it('refuses a VCF naming a sample that is no barcode of ours whole, naming it; nothing is stored', async () => {
    const known = await sampleAwaitingResults();
    const detail = await uploadAndProcess(bgzip(vcf([known.code, 'GD0000TYPO'])), 'typo.vcf.gz');
    expect(detail.status).toBe(ResultUploadStatus.Failed);
    expect(detail.exception).toBe(
      'Line 5: the sample GD0000TYPO is not the barcode of any sample of ours; the file was not processed (correct the column name or remove the sample).',
    );
    expect(await genotypesOf(known.customerId)).toEqual({});
    expect(detail.samples).toEqual([]);
  });

  it('names only gene codes neither the catalogue nor the marker map knows', async () => {
    const sample = await sampleAwaitingResults();
    const csv = [
      '##strand=plus',
      'barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype',
      `${sample.code};rs1042713;ADRB2;;;;G/A`,
      `${sample.code};rs9939609;FTO;;;;T/A`,
      `${sample.code};rs4988235;MCM6;;;;G/G`,
      `${sample.code};FAKE7;X;;;;A/A`,
    ].join('\n');
    const detail = await uploadAndProcess(csv, 'map-genes.csv');
    expect(detail).toMatchObject({ unknownGeneCodes: ['FAKE7'], unknownGeneRows: 1 });
  });

  it('a 23andMe file is read for the barcode named at upload, and refused without one', async () => {
    const person = await sampleAwaitingResults();
    const file = [
      '# This data file generated by 23andMe at: Mon Jan 01 00:00:00 2024',
      '# We are using reference human assembly build 37 (also known as Annotation Release 104).',
      '# rsid\tchromosome\tposition\tgenotype',
      'rs4988235\t2\t136608646\tAG',
      'rs762551\t15\t75041917\tCC',
      'rs1801133\t1\t11856378\tGA',
      'rs1801131\t1\t11854476\tTT',
      'rs113993960\t7\t117199644\tDI',
      'i3000001\t1\t12345\tAA',
      'rs6025\t1\t169519049\t--',
    ].join('\n');

    const refused = await uploadAndProcess(file, 'genome_Jana.txt');
    expect(refused.status).toBe(ResultUploadStatus.Failed);
    expect(refused.exception).toMatch(/barcode/i);
    expect(await genotypesOf(person.customerId)).toEqual({});

    const read = await uploadAndProcess(`${file}\n`, 'genome_Jana.txt', `&Barcode=${person.code}`);
    expect(read).toMatchObject({ format: '23andMe', genomeBuild: 37, paired: 1 });
    const genotypes = await genotypesOf(person.customerId);
    // 23andMe writes the plus strand (of GRCh37): stored as it is, the reference first.
    expect(genotypes).toMatchObject({
      rs4988235: 'G/A',
      rs762551: 'C/C',
      rs1801133: 'G/A',
      rs1801131: 'T/T',
      rs113993960: 'I/D',
      rs6025: '--',
    });
    // Markers of the map the file does not have are no-calls too.
    expect(genotypes.rs7412).toBe('--');
  });

  it('a retest file of some markers keeps the others and names a call that differs; rows calling one marker differently leave it a no-call saying so', async () => {
    const person = await sampleAwaitingResults();
    const header = [
      '# This data file generated by 23andMe at: Mon Jan 01 00:00:00 2024',
      '# We are using reference human assembly build 37 (also known as Annotation Release 104).',
      '# rsid\tchromosome\tposition\tgenotype',
    ];
    const first = [...header, 'rs6025\t1\t169519049\tCT', 'rs4988235\t2\t136608646\tAG'].join('\n');
    expect(await uploadAndProcess(first, 'genome.txt', `&Barcode=${person.code}`)).toMatchObject({
      paired: 1,
    });
    await t.db.update(samples).set({ status: 11 }).where(eq(samples.customerId, person.customerId));

    // The retest: lactase again, and caffeine twice with different calls.
    const retest = [
      ...header,
      'rs4988235\t2\t136608646\tGG',
      'rs762551\t15\t75041917\tAA',
      'rs762551\t15\t75041917\tCC',
    ].join('\n');
    const detail = await uploadAndProcess(retest, 'retest.txt', `&Barcode=${person.code}`);
    // Lactase's call differs from the one stored: the new one is stored, named for inspection.
    expect(detail).toMatchObject({ paired: 1, status: ResultUploadStatus.CompleteInspectionRequired });
    expect(detail.samples[0].contradictedMarkers).toEqual([
      { geneCode: 'rs4988235', before: 'G/A', after: 'G/G' },
    ]);
    const stored = Object.fromEntries(
      (
        await t.db
          .select({
            code: customerGenotypes.geneCode,
            genotype: customerGenotypes.genotype,
            reason: customerGenotypes.noCallReason,
          })
          .from(customerGenotypes)
          .where(eq(customerGenotypes.customerId, person.customerId))
      ).map((row) => [row.code, [row.genotype, row.reason]]),
    );
    expect(stored).toMatchObject({
      rs6025: ['C/T', null],
      rs4988235: ['G/G', null],
      rs762551: ['--', 'conflictingCalls'],
      rs7412: ['--', 'absent'],
    });
  });

  it('refuses a file in no known format and a truncated gzip whole, storing nothing', async () => {
    const unknown = await uploadAndProcess('Just some notes\nabout the plate\n', 'notes.txt');
    expect(unknown.status).toBe(ResultUploadStatus.Failed);
    expect(unknown.exception).toBeTruthy();
    expect(unknown.samples).toEqual([]);

    const sample = await sampleAwaitingResults();
    const whole = bgzip(vcf([sample.code, 'GD00000000']));
    const truncated = await uploadAndProcess(whole.subarray(0, whole.length - 20), 'cut.vcf.gz');
    expect(truncated.status).toBe(ResultUploadStatus.Failed);
    expect(truncated.exception).toMatch(/gzip|truncated|compressed/i);
    expect(await genotypesOf(sample.customerId)).toEqual({});
    expect(
      await t.db.select().from(resultUploadFiles).where(eq(resultUploadFiles.uploadId, truncated.id)),
    ).toEqual([]);
  });

  it('an upload sent twice under one Idempotency-Key is stored once, the repeat answered with the first answer', async () => {
    const sample = await sampleAwaitingResults();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/results/upload?FileName=retried.vcf',
        headers: {
          ...lab,
          'content-type': 'application/octet-stream',
          'idempotency-key': `upload-${sample.code}`,
        },
        payload: vcf([sample.code, 'GD00000001']),
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
  });

  it('stores the file in pieces as it streams, and refuses one past the limit (413) leaving nothing', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = await t.db.select({ count: sql<number>`count(*)::int` }).from(resultUploads);
    // Chunked, with no Content-Length: the limit is held as the bytes arrive.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/admin/results/upload?FileName=huge.vcf',
          headers: { ...lab, 'content-type': 'application/octet-stream', 'accept-language': 'en' },
          agent: false,
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        },
      );
      // The server may answer and close before every byte is sent: a write then fails, as it should.
      request.on('error', (error) => {
        if (!request.writableEnded) reject(error);
      });
      const piece = Buffer.alloc(64 * 1024, 0x41);
      let sent = 0;
      const write = () => {
        while (sent < uploadLimit * 2) {
          sent += piece.length;
          if (!request.write(piece)) return request.once('drain', write);
        }
        request.end();
      };
      write();
    });
    t.app.server.closeAllConnections();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toBe('The results file is too large (at most 1 MB).');
    const after = await t.db.select({ count: sql<number>`count(*)::int` }).from(resultUploads);
    expect(after).toEqual(before);
  });
});

// Last in the file: it adds a marker on X to the map.
describe('X as the customer carries it', () => {
  it("a man's X call is one allele whichever way the file writes it; a woman's single allele is no call", async () => {
    await t.db.insert(markers).values({
      geneCode: 'rs5030868',
      rsid: 'rs5030868',
      geneName: 'G6PD',
      chromosome: 'X',
      positionGrch37: 153762634,
      reference: 'G',
      alternative: 'A',
    });
    await t.heard();
    // Each file its own (the same file twice is refused as a repeat): the barcode in a comment.
    const twentyThreeAndMeOf = (genotype: string, barcode: string) =>
      [
        `# This data file of ${barcode} generated by 23andMe at: Mon Jan 01 00:00:00 2024`,
        '# We are using reference human assembly build 37 (also known as Annotation Release 104).',
        '# rsid\tchromosome\tposition\tgenotype',
        'rs6025\t1\t169519049\tCC',
        `rs5030868\tX\t153762634\t${genotype}`,
      ].join('\n');
    const stored = async (gender: number, genotype: string) => {
      const person = await sampleAwaitingResults(gender);
      await uploadAndProcess(
        twentyThreeAndMeOf(genotype, person.code),
        'genome.txt',
        `&Barcode=${person.code}`,
      );
      const [row] = await t.db
        .select({ genotype: customerGenotypes.genotype, reason: customerGenotypes.noCallReason })
        .from(customerGenotypes)
        .where(
          sql`${customerGenotypes.customerId} = ${person.customerId} and ${customerGenotypes.geneCode} = 'rs5030868'`,
        );
      return row;
    };
    expect(await stored(1, 'A')).toEqual({ genotype: 'A', reason: null });
    expect(await stored(1, 'AA')).toEqual({ genotype: 'A', reason: null });
    expect(await stored(1, 'GA')).toEqual({ genotype: 'G/A', reason: null });
    expect(await stored(2, 'GA')).toEqual({ genotype: 'G/A', reason: null });
    expect(await stored(2, 'A')).toEqual({ genotype: '--', reason: 'oneAllele' });
  });
});
