import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import {
  auditLog,
  orders,
  products,
  resultUploadFiles,
  resultUploads,
  samples,
  users,
} from '../db/schema/index.js';
import { openPointsOf } from '../modules/products/products.service.js';
import { openCounts } from '../modules/products/report-view.js';
import { reportContent } from '../modules/results/generation.js';
import { processResultsUpload } from '../modules/results/processing.js';
import {
  demoResultsFile,
  demoResultsFolder,
  freshResultsFile,
  freshVcfFile,
  unknownDemoBarcodes,
} from './results.js';

/** The PDF's text, soft hyphens removed and whitespace collapsed. */
async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).pages
      .map((page) => page.text.replace(/\u00ad\s*/g, '').replace(/\s+/g, ' '))
      .join(' ');
  } finally {
    await parser.destroy();
  }
}

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
        .filter((line) => !line.startsWith('#'))
        .slice(1)
        .map((line) => line.split(';')[0]),
    );
    expect(barcodesInFile.size).toBeGreaterThan(30);
    expect(upload).toMatchObject({
      status: 4, // some reports have a phenotype not assessed or not determined
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
      .leftJoin(samples, eq(samples.id, products.sampleId));
    const fromFile = reports.filter((r) => r.status !== 5);
    expect(fromFile).toHaveLength(barcodesInFile.size);
    expect(new Set(reports.map((r) => r.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(reports.some((r) => !r.inDoctorSection && !r.archived)).toBe(true);
    expect(reports.some((r) => r.inDoctorSection && !r.archived)).toBe(true);
    expect(reports.some((r) => r.archived)).toBe(true);
    expect(reports.some((r) => r.requiresInspection)).toBe(true);
    expect(reports.some((r) => !r.requiresInspection)).toBe(true);
    expect(reports.some((r) => r.doctorIntro !== '')).toBe(true);
    expect(fromFile.every((r) => r.approved)).toBe(true);
    for (const report of fromFile)
      expect([report.status, report.sampleStatus]).toEqual([
        report.status,
        report.status === 3 || report.status === 4 ? 8 : report.status === 2 ? 9 : 6,
      ]);
  });

  it('additional purchases (status 5) come from a second paid order: no sample, and the customer has their published first report', async () => {
    const all = await t.db.select().from(products);
    const additional = all.filter((p) => p.status === 5);
    expect(additional.length).toBeGreaterThan(0);
    for (const report of additional) {
      expect(report.sampleId).toBeNull();
      expect(report.lastChangeAt).toBeNull();
      const first = all.find((p) => p.customerId === report.customerId && p.id !== report.id);
      expect(first).toBeDefined();
      expect(first?.sampleId).not.toBeNull();
      expect(first?.productTypeId).not.toBe(report.productTypeId);
      expect([3, 4]).toContain(first?.status);
      expect(first?.publishedAt?.getTime()).toBeLessThan(report.generatedAt.getTime());
      const [order] = await t.db
        .select()
        .from(orders)
        .where(
          and(eq(orders.customerId, report.customerId), eq(orders.productTypeId, report.productTypeId ?? 0)),
        );
      expect(order).toMatchObject({ complete: true, paidBy: 3 });
      expect(order?.dateOrderPaid?.getTime()).toBeLessThanOrEqual(report.generatedAt.getTime());
      expect(
        await t.db
          .select()
          .from(samples)
          .where(eq(samples.orderId, order?.id ?? 0)),
      ).toEqual([]);
    }
  });

  it('reviewed reports have the change log the editor and the moves would have written, dated between generation and now', async () => {
    const all = await t.db.select().from(products);
    const log = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'product'))
      .orderBy(asc(auditLog.changedAt), asc(auditLog.id));
    const now = Date.now();
    const [doctor] = await t.db.select().from(users).where(eq(users.email, demo.doctor));
    for (const report of all) {
      const rows = log.filter((row) => row.entityId === report.id);
      for (const row of rows) {
        expect(row.changedAt.getTime()).toBeGreaterThan(report.generatedAt.getTime());
        expect(row.changedAt.getTime()).toBeLessThanOrEqual(now);
        expect(row.changedBy).toBe(doctor?.id);
      }
      if (report.status !== 1 && report.status !== 5) {
        expect(rows.length).toBeGreaterThan(0);
        expect(report.lastChangeAt).not.toBeNull();
        const statusRow = rows.find((row) => row.field === 'status');
        expect([statusRow?.oldValue, statusRow?.newValue]).toEqual(['1', String(report.status)]);
        if (report.status === 3 || report.status === 4)
          expect(report.publishedAt).toEqual(statusRow?.changedAt);
        else expect(report.publishedAt).toBeNull();
      }
      expect(report.lastChangeAt).toEqual(rows.at(-1)?.changedAt ?? null);
      const introRow = rows.find((row) => row.field === 'doctorIntro');
      expect(report.doctorsIntroLastChange).toEqual(introRow?.changedAt ?? null);
      if (introRow) expect([introRow.oldValue, introRow.newValue]).toEqual(['', report.doctorIntro]);
      const guardianRow = rows.find((row) => row.field === 'legalGuardianName');
      expect(guardianRow?.newValue ?? null).toBe(report.legalGuardianName);
      const moves = rows.filter((row) => row.field === 'section').map((row) => [row.oldValue, row.newValue]);
      expect(moves).toEqual(
        report.isArchived
          ? [
              ['results', 'doctorSection'],
              ['doctorSection', 'archive'],
            ]
          : report.isInDoctorSection
            ? [['results', 'doctorSection']]
            : [],
      );
    }
    expect(all.some((r) => r.legalGuardianName !== null)).toBe(true);

    // What the doctor sees: an archived published report's change log, newest first.
    const archived = all.find((r) => r.isArchived && r.status === 3);
    expect(archived).toBeDefined();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products/getproduct?ProductId=${archived?.id}`,
      headers: await t.authAs(demo.doctor),
    });
    expect(response.statusCode).toBe(200);
    const product = response.json();
    expect(product.lastChangeAt).toBe(archived?.lastChangeAt?.toISOString());
    expect(product.changeLog[0]).toMatchObject({
      field: 'section',
      oldValue: 'doctorSection',
      newValue: 'archive',
      changedByUser: { id: doctor?.id },
    });
    expect(product.changeLog.at(-1)).toMatchObject({ field: 'section', newValue: 'doctorSection' });
    expect(product.changeLog.map((c: { field: string }) => c.field)).toContain('status');
  });

  it('every released report was issued by its physician as version 1 at its publication: signed, verifiable, nothing unfinished in a final one', async () => {
    const [doctor] = await t.db.select().from(users).where(eq(users.email, demo.doctor));
    const released = await t.db
      .select()
      .from(products)
      .where(inArray(products.status, [3, 4]))
      .orderBy(asc(products.id));
    expect(released.length).toBeGreaterThan(10);
    const headers = await t.authAs(demo.doctor);
    let withheldSeen = false;
    for (const report of released) {
      const { documents } = (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/products/documents?Id=${report.id}`,
          headers,
        })
      ).json();
      expect(documents).toMatchObject([
        {
          version: 1,
          preliminary: report.status === 4,
          createdBy: { id: doctor?.id },
          createdAt: report.publishedAt?.toISOString(),
          replacesVersion: null,
        },
      ]);
      const log = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, report.id)));
      const statusRow = log.find((row) => row.field === 'status');
      expect(log.find((row) => row.field === 'pdfVersion')).toMatchObject({
        newValue: '1',
        changedAt: statusRow?.changedAt,
      });
      // The release's rules, as the editor checks them: the flag reviewed, no open point unconfirmed.
      expect(report.requiresInspection).toBe(false);
      expect(report.doctorId).toBe(doctor?.id);
      const confirmed = log.filter((row) => row.field === 'confirmed').map((row) => row.newValue);
      expect(openPointsOf(report).every((point) => confirmed.includes(point))).toBe(true);
      const open = openCounts(report.content);
      if (report.status === 3) expect(open.notAssessedCount + open.notDeterminedCount).toBe(0);

      // The customer's verification code answers for this version.
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/verify/report',
        payload: { code: documents[0].verificationCode },
        headers,
      });
      expect(verified.json()).toMatchObject({ issued: true, withdrawn: false, version: 1 });

      const withheld = reportContent(report.content)
        .categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes))
        .filter((p) => p.withheld);
      if (withheld.length === 0) continue;
      withheldSeen = true;
      expect(log.filter((row) => row.field.startsWith('withheld: ')).length).toBe(withheld.length);
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/admin/products/document?Id=${report.id}&version=1`,
        headers,
      });
      expect(pdf.statusCode).toBe(200);
      const text = await textOf(pdf.rawPayload);
      for (const phenotype of withheld) expect(text).toContain(`Nevydáno: ${phenotype.phenotype}`);
      // QA: the call rate, a share, was printed as a percentage (0,93 % for 92,9 %).
      const share = report.technicalValidation!.callRate;
      expect(share).toBeGreaterThan(0.5);
      expect(text).toContain(`call rate ${(share * 100).toFixed(1).replace('.', ',')} %`);
    }
    expect(withheldSeen).toBe(true);

    // Published again unchanged, a report asks for the reason of a version 2, as any issued report does.
    const final = released.find((report) => report.status === 3 && !report.isArchived);
    const again = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/',
      headers,
      payload: { Id: final?.id, Status: 3, DoctorIntro: `${final?.doctorIntro}<p>Doplněno.</p>` },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.fields.Reason).toBe(
      'Zpráva už byla vydána jako PDF: uveďte důvod nového vydání.',
    );
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

  it('the fresh VCF pairs three more samples awaiting results through the demo marker map, one no-call asking for inspection', async () => {
    const bytes = readFileSync(path.join(demoResultsFolder, freshVcfFile));
    const lab = await t.authAs(demo.lab);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/results/upload?FileName=${freshVcfFile}`,
      headers: { ...lab, 'content-type': 'application/gzip' },
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
    expect(detail).toMatchObject({
      status: 4,
      format: 'vcf',
      genomeBuild: 38,
      paired: 3,
      unpairable: 0,
      generated: 3,
    });
    expect(detail.markerCounts.map((m: { found: number; noCalls: number }) => [m.found, m.noCalls])).toEqual([
      [13, 1],
      [14, 0],
      [14, 0],
    ]);
  });
});
