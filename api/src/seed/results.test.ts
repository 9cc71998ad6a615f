import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { products, resultUploadFiles, resultUploads, samples } from '../db/schema/index.js';
import { processResultsUpload } from '../modules/results/processing.js';
import { demoResultsFile, demoResultsFolder, freshResultsFile, unknownDemoBarcodes } from './results.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('the demo results', () => {
  it('the committed file was processed at seed time: every barcode paired, reports in every status and section', async () => {
    const [upload] = await t.db
      .select()
      .from(resultUploads)
      .where(eq(resultUploads.fileName, demoResultsFile));
    const barcodesInFile = new Set(
      readFileSync(path.join(demoResultsFolder, demoResultsFile), 'utf8')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(';')[0]),
    );
    expect(barcodesInFile.size).toBeGreaterThan(30);
    expect(upload).toMatchObject({
      status: 4, // some reports fall back to default texts
      paired: barcodesInFile.size,
      unpairable: 0,
      toBeGenerated: barcodesInFile.size,
      generated: barcodesInFile.size,
    });
    expect(await t.db.select().from(resultUploadFiles)).toEqual([]);

    const reports = await t.db
      .select({
        status: products.status,
        inDoctorSection: products.isInDoctorSection,
        archived: products.isArchived,
        requiresInspection: products.requiresInspection,
        doctorIntro: products.doctorIntro,
        sampleStatus: samples.status,
        approved: products.approvedByLaboratory,
      })
      .from(products)
      .innerJoin(samples, eq(samples.id, products.sampleId));
    expect(reports).toHaveLength(barcodesInFile.size);
    expect(new Set(reports.map((r) => r.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(reports.some((r) => !r.inDoctorSection && !r.archived)).toBe(true);
    expect(reports.some((r) => r.inDoctorSection && !r.archived)).toBe(true);
    expect(reports.some((r) => r.archived)).toBe(true);
    expect(reports.some((r) => r.requiresInspection)).toBe(true);
    expect(reports.some((r) => !r.requiresInspection)).toBe(true);
    expect(reports.some((r) => r.doctorIntro !== '')).toBe(true);
    expect(reports.every((r) => r.approved)).toBe(true);
    for (const report of reports)
      expect([report.status, report.sampleStatus]).toEqual([
        report.status,
        report.status === 3 || report.status === 4 ? 8 : report.status === 2 ? 9 : 6,
      ]);
  });

  it('the fresh file pairs samples still awaiting results and leaves its unknown barcodes unpairable', async () => {
    const bytes = readFileSync(path.join(demoResultsFolder, freshResultsFile));
    const lab = await t.authAs(demo.lab);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/results/upload?FileName=${freshResultsFile}`,
      headers: { ...lab, 'content-type': 'text/csv' },
      payload: bytes,
    });
    expect(response.statusCode).toBe(202);
    await processResultsUpload(t.db, response.json().id);
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/results/getresult?Id=${response.json().id}`,
        headers: lab,
      })
    ).json();
    expect(detail).toMatchObject({ status: 4, paired: 6, unpairable: 2, generated: 6 });
    expect(detail.unpairables.map((u: { barcode: string; reason: string }) => [u.barcode, u.reason])).toEqual(
      unknownDemoBarcodes.map((code) => [code, 'unknownBarcode']),
    );
    const generated = await t.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(samples, eq(samples.id, products.sampleId))
      .where(and(isNotNull(products.sampleId), inArray(samples.status, [6])));
    expect(generated.length).toBeGreaterThanOrEqual(6);
  });
});
