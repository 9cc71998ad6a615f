import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleWithBarcode } from '../../../test/samples.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import {
  auditLog,
  customerGenotypes,
  products,
  resultUploadFiles,
  resultUploadSamples,
  resultUploads,
  resultUploadUnpairables,
  samples,
} from '../../db/schema/index.js';
import { processResultsUpload } from './processing.js';
import { processUploadJob, resultsWorkers } from './workers.js';

let t: TestApp;
let lab: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  lab = await t.authAs(demo.lab);
});
afterAll(() => t.close());

const header = 'barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype';
/** A customer with a paid order and a sample in `status` carrying a fresh barcode. */
const sampleIn = (status: number, gender = 2) =>
  sampleWithBarcode(t.db, { status, gender, label: 'Laboratorní' });

const row = (barcode: string, gene: string, genotype: string) =>
  `${barcode};${gene};GENE-${gene};c.${gene};p.${gene};NM_${gene};${genotype}`;

async function upload(text: string, fileName = 'vysledky.csv', headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/results/upload?FileName=${encodeURIComponent(fileName)}`,
    headers: { ...lab, 'content-type': 'text/csv', ...headers },
    payload: text,
  });
}
async function detail(id: number, locale = 'cs') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/results/getresult?Id=${id}`,
    headers: { ...lab, 'accept-language': locale },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const sampleStatus = async (id: number) =>
  (await t.db.select({ status: samples.status }).from(samples).where(eq(samples.id, id)))[0]?.status;
const genotypesOf = async (customerId: number) =>
  (
    await t.db
      .select({ code: customerGenotypes.geneCode, genotype: customerGenotypes.genotype })
      .from(customerGenotypes)
      .where(eq(customerGenotypes.customerId, customerId))
  ).sort((a, b) => a.code.localeCompare(b.code));

describe('POST admin/results/upload and the processing job', () => {
  it('pairs the samples awaiting results, stores genotypes, generates reports and lists unpairables', async () => {
    const received = await sampleIn(4, 2);
    const inAnalysis = await sampleIn(11, 1);
    const published = await sampleIn(8);
    const file = [
      header,
      row(received.code, 'rs4988235', 'cc'),
      row(received.code, 'rs762551', 'C/A'),
      row('GD99999999', 'rs762551', 'A/A'),
      row(inAnalysis.code, 'rs762551', 'AC'),
      row(published.code, 'rs762551', 'A/C'),
      row(inAnalysis.code, 'rs113993960', 'D/D'),
    ].join('\n');

    const response = await upload(file);
    expect(response.statusCode).toBe(202);
    const created = response.json();
    expect(created).toMatchObject({
      fileName: 'vysledky.csv',
      fileSize: Buffer.byteLength(file),
      status: 1,
      paired: 0,
      uploadedBy: { userName: 'Lucie Laborantová' },
      finishedAt: null,
      exception: null,
    });

    await processResultsUpload(t.db, created.id);
    const result = await detail(created.id);
    expect(result).toMatchObject({
      status: 4, // complete – inspection required: unpairable barcodes, and CFTR D/D has no template
      paired: 2,
      unpairable: 2,
      toBeGenerated: 2,
      generated: 2,
      exception: null,
    });
    expect(result.finishedAt).not.toBeNull();
    expect(result.unpairables).toEqual([
      { barcode: 'GD99999999', reason: 'unknownBarcode', line: 4, sampleStatus: null },
      { barcode: published.code, reason: 'sampleNotAwaitingResults', line: 6, sampleStatus: 8 },
    ]);

    // Paired samples: lab analysis finished [6], audited; the published one is untouched.
    expect(await sampleStatus(received.sampleId)).toBe(6);
    expect(await sampleStatus(inAnalysis.sampleId)).toBe(6);
    expect(await sampleStatus(published.sampleId)).toBe(8);
    const sampleAudit = await t.db
      .select({ id: auditLog.entityId, old: auditLog.oldValue, new: auditLog.newValue })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'sample'),
          inArray(auditLog.entityId, [received.sampleId, inAnalysis.sampleId]),
        ),
      );
    expect(sampleAudit).toHaveLength(2);
    expect(sampleAudit).toContainEqual({ id: received.sampleId, old: '4', new: '6' });

    // Genotypes on the plus strand of the marker map (the file's gene-strand `cc` of MCM6 is plus G/G),
    // read as the clinician reads them, with the file's other columns.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/admin/results/getcustomerresult?CustomerId=${received.customerId}`,
      headers: lab,
    });
    expect(info.json().genes).toEqual([
      {
        code: 'rs4988235',
        name: 'GENE-rs4988235',
        hgvsC: 'NM_005915.6:c.1917+326C>T',
        protein: 'p.rs4988235',
        transcript: 'NM_rs4988235',
        genotype: 'G/G',
        zygosity: 'wildType',
        geneGenotype: 'C/C',
        noCallReason: null,
      },
      {
        code: 'rs762551',
        name: 'GENE-rs762551',
        hgvsC: 'NM_000761.5:c.-9-154C>A',
        protein: 'p.rs762551',
        transcript: 'NM_rs762551',
        genotype: 'C/A',
        zygosity: 'heterozygous',
        geneGenotype: 'C/A',
        noCallReason: null,
      },
    ]);
    expect(await genotypesOf(published.customerId)).toEqual([]);

    // One report per paired customer, from the lab, for the sample's product type.
    const reports = await t.db
      .select()
      .from(products)
      .where(
        inArray(products.customerId, [received.customerId, inAnalysis.customerId, published.customerId]),
      );
    expect(reports).toHaveLength(2);
    const receivedReport = reports.find((p) => p.customerId === received.customerId);
    expect(receivedReport).toMatchObject({
      sampleId: received.sampleId,
      productTypeId: received.productTypeId,
      status: 1,
      approvedByLaboratory: true,
      requiresInspection: false,
      pairedPhenotypesCount: 2,
    });
    expect(reports.find((p) => p.customerId === inAnalysis.customerId)).toMatchObject({
      requiresInspection: true,
      pairedPhenotypesCount: 2,
    });
    const links = await t.db
      .select()
      .from(resultUploadSamples)
      .where(eq(resultUploadSamples.uploadId, created.id));
    expect(
      links.map((l) => [l.sampleId, l.productId, l.requiresInspection, l.generatedAt !== null]).sort(),
    ).toEqual(
      [
        [received.sampleId, receivedReport!.id, false, true],
        [inAnalysis.sampleId, reports.find((p) => p.customerId === inAnalysis.customerId)!.id, true, true],
      ].sort(),
    );
    // The bytes are gone once processed.
    expect(
      await t.db.select().from(resultUploadFiles).where(eq(resultUploadFiles.uploadId, created.id)),
    ).toEqual([]);

    // The list, newest first, searchable by file name.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/results?search=vysledky',
      headers: lab,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ id: created.id, status: 4, paired: 2, unpairable: 2 });
  });

  it('completes [3] when every barcode pairs and every phenotype has a template; stored genotypes are updated', async () => {
    const sample = await sampleIn(10);
    // Genotypes from an earlier analysis: the file's gene replaces its row (a no-call then, so no call
    // differs), the other stays.
    await t.db.insert(customerGenotypes).values([
      { customerId: sample.customerId, geneCode: 'RS4988235', genotype: '--', noCallReason: 'noCall' },
      { customerId: sample.customerId, geneCode: 'rs9939609', genotype: 'T/A' },
    ]);
    const response = await upload(
      `${header.replaceAll(';', ',')}\r\n${row(sample.code, 'rs4988235', 'A/G').replaceAll(';', ',')}\r\n`,
      'komplet.csv',
    );
    expect(response.statusCode).toBe(202);
    await processResultsUpload(t.db, response.json().id);
    expect(await detail(response.json().id)).toMatchObject({
      status: 3,
      paired: 1,
      unpairable: 0,
      generated: 1,
      unpairables: [],
    });
    expect(await sampleStatus(sample.sampleId)).toBe(6);
    expect(await genotypesOf(sample.customerId)).toEqual([
      { code: 'rs4988235', genotype: 'G/A' },
      { code: 'rs9939609', genotype: 'T/A' },
    ]);
  });

  it('a malformed file stores nothing and fails naming the line, in Czech and English', async () => {
    const sample = await sampleIn(4);
    const unknownAndValid = [
      header,
      row(sample.code, 'rs4988235', 'C/C'),
      row('GD88888888', 'rs762551', 'A/A'),
      row(sample.code, 'rs762551', 'C/X'),
    ].join('\n');
    const response = await upload(unknownAndValid, 'spatny.csv');
    const id = response.json().id as number;
    await processResultsUpload(t.db, id);

    const cs = await detail(id, 'cs');
    expect(cs).toMatchObject({ status: 5, paired: 0, unpairable: 0, generated: 0, unpairables: [] });
    expect(cs.exception).toBe('Řádek 4: neplatný genotyp „C/X“.');
    expect((await detail(id, 'en')).exception).toBe('Line 4: invalid genotype "C/X".');
    expect(await genotypesOf(sample.customerId)).toEqual([]);
    expect(await sampleStatus(sample.sampleId)).toBe(4);
    expect(await t.db.select().from(products).where(eq(products.customerId, sample.customerId))).toEqual([]);
    expect(await t.db.select().from(resultUploadSamples).where(eq(resultUploadSamples.uploadId, id))).toEqual(
      [],
    );
    expect(await t.db.select().from(resultUploadFiles).where(eq(resultUploadFiles.uploadId, id))).toEqual([]);

    // A failed file may be uploaded again (fixed or not): it is a new upload.
    const again = await upload(unknownAndValid, 'spatny.csv');
    expect(again.statusCode).toBe(202);
    expect(again.json().id).not.toBe(id);
  });

  it('a file with three bad lines fails naming all three, in Czech and English', async () => {
    const sample = await sampleIn(4);
    const file = [
      header,
      row(sample.code, 'rs4988235', 'C/C'),
      row(sample.code, 'rs762551', 'C/X'),
      row('', 'rs1801133', 'A/A'),
      row(sample.code, 'rs1801133', 'C/T'),
      `${sample.code};rs9939609;FTO;;;A/T`,
    ].join('\n');
    const response = await upload(file, 'tri-chyby.csv');
    await processResultsUpload(t.db, response.json().id);
    const cs = await detail(response.json().id, 'cs');
    expect(cs.status).toBe(5);
    expect(cs.exception).toBe(
      [
        'Řádek 3: neplatný genotyp „C/X“.',
        'Řádek 4: chybí hodnota ve sloupci barcode.',
        'Řádek 6: počet hodnot je 6, očekáváno 7.',
      ].join('\n'),
    );
    expect((await detail(response.json().id, 'en')).exception).toBe(
      [
        'Line 3: invalid genotype "C/X".',
        'Line 4: the column barcode has no value.',
        'Line 6: the number of values is 6, expected 7.',
      ].join('\n'),
    );
    expect(await genotypesOf(sample.customerId)).toEqual([]);
  });

  it('names gene codes the catalogue does not know, keeps them out of the report, and lists the paired samples with their reports', async () => {
    const sample = await sampleIn(4);
    const file = [
      header,
      row(sample.code, 'rs4988235', 'G/A'),
      row(sample.code, 'FAKE1', 'A/A'),
      row('GD77777777', 'fake1', 'A/G'),
    ].join('\n');
    const response = await upload(file, 'neznamy-gen.csv');
    await processResultsUpload(t.db, response.json().id);
    const result = await detail(response.json().id);
    expect(result).toMatchObject({ unknownGeneCodes: ['FAKE1'], unknownGeneRows: 2, paired: 1 });
    // Stored as the lab measured it (a catalogue that learns the code reads it at reanalysis)…
    expect(await genotypesOf(sample.customerId)).toEqual([
      { code: 'FAKE1', genotype: 'A/A' },
      { code: 'rs4988235', genotype: 'G/A' },
    ]);
    // …but in no report: neither its content nor its gene table.
    const [report] = await t.db.select().from(products).where(eq(products.customerId, sample.customerId));
    expect(JSON.stringify(report?.content)).not.toMatch(/fake1/i);
    const shown = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/products/getproduct?ProductId=${report!.id}`,
        headers: await t.authAs(demo.doctor),
      })
    ).json();
    expect(shown.genes.map((g: { code: string }) => g.code)).toEqual(['rs4988235']);
    expect(result.samples).toEqual([
      {
        sampleId: sample.sampleId,
        barcode: sample.code,
        customerId: sample.customerId,
        customerName: sample.customerName,
        productId: report!.id,
        requiresInspection: report!.requiresInspection,
        contradictedMarkers: [],
        held: null,
        heldMessage: null,
      },
    ]);
  });

  it('refuses the same file twice (409 with the date) and an empty file (400)', async () => {
    const sample = await sampleIn(11);
    const file = [header, row(sample.code, 'rs762551', 'A/C')].join('\n');
    const first = await upload(file, 'jednou.csv');
    expect(first.statusCode).toBe(202);
    const second = await upload(file, 'podruhe.csv', { 'accept-language': 'en' });
    expect(second.statusCode).toBe(409);
    // The date in the reader's language: '22 Nov 2026, 02:37'.
    expect(second.json().error.message).toMatch(
      /^This results file has already been uploaded \(\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\)\.$/,
    );
    const byQuery = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results/upload?FileName=x.csv&locale=en',
      headers: { ...lab, 'content-type': 'text/csv' },
      payload: file,
    });
    expect(byQuery.json().error.message).toMatch(/^This results file has already been uploaded/);
    await processResultsUpload(t.db, first.json().id);
    const third = await upload(file, 'potreti.csv');
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toMatch(/^Tento soubor s výsledky už byl nahrán \(.*\d{4}.*\)\.$/);
    const uploads = await t.db
      .select({ id: resultUploads.id })
      .from(resultUploads)
      .where(inArray(resultUploads.fileName, ['jednou.csv', 'podruhe.csv', 'potreti.csv']));
    expect(uploads).toHaveLength(1);
    expect(await genotypesOf(sample.customerId)).toHaveLength(1);

    // Two identical uploads at once: one wins, the other is refused.
    const racer = await sampleIn(11);
    const raced = [header, row(racer.code, 'rs762551', 'C/C')].join('\n');
    const both = await Promise.all([upload(raced, 'a.csv'), upload(raced, 'b.csv')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);

    // QA: an empty file said "Choose a results file." although one was chosen. It says it is empty,
    // in either language, and nothing of it is stored; a request with no file at all still asks for one.
    const empty = await upload('', 'prazdny.csv');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Vybraný soubor je prázdný (0 bajtů).');
    const emptyEn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results/upload?FileName=empty.csv&locale=en',
      headers: { ...lab, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(0),
    });
    expect(emptyEn.statusCode).toBe(400);
    expect(emptyEn.json().error.message).toBe('The chosen file is empty (0 bytes).');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/results/upload?FileName=none.csv&locale=en',
      headers: lab,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Choose a results file.');
    expect(
      await t.db
        .select({ id: resultUploads.id })
        .from(resultUploads)
        .where(inArray(resultUploads.fileName, ['prazdny.csv', 'empty.csv', 'none.csv'])),
    ).toEqual([]);
  });

  it('a retried job resumes and duplicates nothing', async () => {
    const a = await sampleIn(4);
    const b = await sampleIn(5);
    const file = [header, row(a.code, 'rs762551', 'C/A'), row(b.code, 'rs762551', 'C/C')].join('\n');
    const id = (await upload(file, 'opakovani.csv')).json().id as number;
    await processResultsUpload(t.db, id);
    // Processed again (a job delivered twice): nothing changes.
    await processResultsUpload(t.db, id);
    // Interrupted during generation: the job resumes with the reports not generated yet.
    await t.db
      .update(resultUploads)
      .set({ status: 2, generated: 1, finishedAt: null })
      .where(eq(resultUploads.id, id));
    await t.db
      .update(resultUploadSamples)
      .set({ generatedAt: null })
      .where(and(eq(resultUploadSamples.uploadId, id), eq(resultUploadSamples.sampleId, b.sampleId)));
    await processResultsUpload(t.db, id);

    expect(await detail(id)).toMatchObject({ status: 3, paired: 2, generated: 2, toBeGenerated: 2 });
    expect(
      await t.db
        .select()
        .from(products)
        .where(inArray(products.customerId, [a.customerId, b.customerId])),
    ).toHaveLength(2);
    expect(
      await t.db.select().from(resultUploadSamples).where(eq(resultUploadSamples.uploadId, id)),
    ).toHaveLength(2);
    expect(
      await t.db.select().from(resultUploadUnpairables).where(eq(resultUploadUnpairables.uploadId, id)),
    ).toEqual([]);
    expect(await genotypesOf(a.customerId)).toEqual([{ code: 'rs762551', genotype: 'C/A' }]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sample'), inArray(auditLog.entityId, [a.sampleId, b.sampleId])));
    expect(audits).toHaveLength(2);
  });

  it('the queued job is processed by the worker', async () => {
    const sample = await sampleIn(11);
    const response = await upload([header, row(sample.code, 'rs762551', 'A/C')].join('\n'), 'fronta.csv');
    expect(response.statusCode).toBe(202);
    await resultsWorkers(t);
    let status = 1;
    for (let attempt = 0; attempt < 100 && status < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await detail(response.json().id)).status;
    }
    expect(status).toBe(3);
    expect(await sampleStatus(sample.sampleId)).toBe(6);
    await t.jobs.boss.offWork('process-results-upload');
    await t.jobs.boss.offWork('reanalyse');
  });

  it('a job failing on its last attempt fails the upload; earlier attempts leave it to the retry', async () => {
    const sample = await sampleIn(11);
    const response = await upload([header, row(sample.code, 'rs762551', 'C/C')].join('\n'), 'havarie.csv');
    const id = response.json().id as number;
    const crash = async () => {
      throw new Error('database gone');
    };
    await expect(
      processUploadJob(t.db, { data: { uploadId: id }, retryCount: 0, retryLimit: 5 }, crash),
    ).rejects.toThrow('database gone');
    expect(await detail(id)).toMatchObject({ status: 1, exception: null });
    await expect(
      processUploadJob(t.db, { data: { uploadId: id }, retryCount: 5, retryLimit: 5 }, crash),
    ).rejects.toThrow();
    const failed = await detail(id, 'en');
    expect(failed).toMatchObject({ status: 5, exception: 'An unexpected server error occurred.' });
    expect(await t.db.select().from(resultUploadFiles).where(eq(resultUploadFiles.uploadId, id))).toEqual([]);
    expect(await sampleStatus(sample.sampleId)).toBe(11);
  });
});
