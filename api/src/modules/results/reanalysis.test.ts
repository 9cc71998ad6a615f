import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent } from '../../../test/consent.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  auditLog,
  customerGenotypes,
  customers,
  geneCombinations,
  products,
  productTemplates,
  reanalysisRuns,
  templateGenotypeCombinations,
  templates,
} from '../../db/schema/index.js';
import { publishAsDoctor, reportFor as releasedReportFor } from '../products/test-fixtures.js';
import type { PreparedCatalogue } from './generation.js';
import { generateReport } from './generation.service.js';
import { reanalyseJob, runReanalysis } from './reanalysis.js';

let t: TestApp;
let doctor: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
});
afterAll(() => t.close());

let seq = 0;
async function reportFor(genotypes: Record<string, string>) {
  const [customer] = await t.db
    .insert(customers)
    .values({
      name: 'Reanalýza',
      surname: `Zákazník ${++seq}`,
      email: `reanalysis-${seq}-${Date.now()}@example.test`,
      gender: 2,
      registrationSource: 1,
    })
    .returning({ id: customers.id });
  await giveConsent(t.db, customer!.id);
  await t.db.insert(customerGenotypes).values(
    Object.entries(genotypes).map(([geneCode, genotype]) => ({
      customerId: customer!.id,
      geneCode,
      genotype,
      noCallReason: genotype === '--' ? 'failedQc' : null,
    })),
  );
  const report = await transaction(t.db, (tx) => generateReport(tx, { customerId: customer!.id }));
  return report.productId;
}

async function templateFor(geneKey: string, genotypeKey: string) {
  const [row] = await t.db
    .select({ id: templates.id, risk: templates.risk, phenotype: geneCombinations.phenotype })
    .from(templates)
    .innerJoin(geneCombinations, eq(geneCombinations.id, templates.geneCombinationId))
    .innerJoin(templateGenotypeCombinations, eq(templateGenotypeCombinations.templateId, templates.id))
    .where(
      and(eq(geneCombinations.geneKey, geneKey), eq(templateGenotypeCombinations.genotypeKey, genotypeKey)),
    );
  return row!;
}

const snapshot = async () =>
  new Map(
    (await t.db.select({ id: products.id, content: products.content }).from(products)).map((p) => [
      p.id,
      JSON.stringify(p.content),
    ]),
  );

const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/products/reanalyse', headers: doctor, payload });
const getRun = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/admin/products/reanalysis?Id=${id}`, headers: doctor })
  ).json();

describe('reanalysis', () => {
  it('after a template edit changes exactly the reports using it, logs it, keeps status and doctor texts', async () => {
    const caffeine = await templateFor('rs762551', 'rs762551=A/C');
    const affected = await reportFor({ rs762551: 'A/C', rs4988235: 'GG' });
    const untouched = await reportFor({ rs4988235: 'GG' });
    await t.db
      .update(products)
      .set({ status: 3, doctorIntro: '<p>Úvod lékaře</p>' })
      .where(eq(products.id, affected));
    const users = await t.db
      .select({ id: productTemplates.productId })
      .from(productTemplates)
      .where(eq(productTemplates.templateId, caffeine.id));
    const before = await snapshot();

    // The template is edited: a new risk and text.
    const newRisk = caffeine.risk === 3 ? 2 : 3;
    await t.db
      .update(templates)
      .set({ risk: newRisk, templateText: '<p>Nový text</p>' })
      .where(eq(templates.id, caffeine.id));

    const response = await post({});
    expect(response.statusCode).toBe(202);
    const queued = response.json();
    expect(queued).toMatchObject({
      productId: null,
      status: 1,
      done: 0,
      requestedBy: { userName: 'MUDr. David Dvořák' },
    });
    // One reanalysis of all at a time.
    const again = await post({});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Reanalýza všech výsledků už probíhá.');
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/reanalysis/current',
      headers: doctor,
    });
    expect(current.json().run).toMatchObject({ id: queued.id, status: 1 });

    await runReanalysis(t.db, queued.id, { batchSize: 7 });
    const done = await getRun(queued.id);
    expect(done).toMatchObject({
      status: 3,
      total: before.size,
      done: before.size,
      changed: users.length,
      error: null,
    });
    expect(done.finishedAt).not.toBeNull();

    const after = await snapshot();
    const changedIds = [...after.keys()]
      .filter((id) => after.get(id) !== before.get(id))
      .sort((a, b) => a - b);
    expect(changedIds).toEqual(users.map((u) => u.id).sort((a, b) => a - b));
    expect(changedIds).toContain(affected);
    expect(changedIds).not.toContain(untouched);

    const [report] = await t.db.select().from(products).where(eq(products.id, affected));
    expect(report).toMatchObject({ status: 3, doctorIntro: '<p>Úvod lékaře</p>' });
    expect(report!.lastChangeAt).not.toBeNull();
    const phenotype = report!.content.categories
      .flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes))
      .find((p) => p.templateId === caffeine.id);
    expect(phenotype).toMatchObject({ risk: newRisk, text: '<p>Nový text</p>' });

    const log = await t.db
      .select({
        field: auditLog.field,
        old: auditLog.oldValue,
        new: auditLog.newValue,
        by: auditLog.changedBy,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, affected)));
    expect(log).toEqual([
      {
        field: `phenotype: ${caffeine.phenotype}`,
        old: `risk ${caffeine.risk} · template ${caffeine.id}`,
        new: `risk ${newRisk} · template ${caffeine.id}`,
        by: queued.requestedBy.id,
      },
    ]);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, untouched))),
    ).toEqual([]);

    // Finished: a new reanalysis of all may start; running it again changes nothing.
    const next = await post({});
    expect(next.statusCode).toBe(202);
    await runReanalysis(t.db, next.json().id);
    expect(await getRun(next.json().id)).toMatchObject({ status: 3, changed: 0, done: before.size });
  });

  it('leaves a released report whose open point the doctor confirmed as it was: no inspection again, the validation kept', async () => {
    // rs762551 not called: not determined, published preliminarily with the open points confirmed.
    const r = await releasedReportFor(t, { genotypes: { rs762551: '--', rs4988235: 'GG' } });
    await publishAsDoctor(t, r.productId, 4, { Confirmations: ['inspection', 'notDetermined'] });
    const read = async () =>
      (
        await t.db
          .select({
            requiresInspection: products.requiresInspection,
            validatedAt: products.technicallyValidatedAt,
            lastChangeAt: products.lastChangeAt,
          })
          .from(products)
          .where(eq(products.id, r.productId))
      )[0];
    const published = await read();
    expect(published?.requiresInspection).toBe(false);
    expect(published?.validatedAt).not.toBeNull();

    const response = await post({ ProductId: r.productId });
    await runReanalysis(t.db, response.json().id);
    expect(await getRun(response.json().id)).toMatchObject({ status: 3, done: 1, changed: 0 });
    expect(await read()).toEqual(published);
  });

  it('reanalyses one report; 404 for an unknown one', async () => {
    const productId = await reportFor({ rs4988235: 'GA' });
    const lactose = await templateFor('rs4988235', 'rs4988235=A/G');
    await t.db
      .update(templates)
      .set({ templateEnText: '<p>New text</p>' })
      .where(eq(templates.id, lactose.id));
    const response = await post({ ProductId: productId });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ productId, total: 1, status: 1 });
    await runReanalysis(t.db, response.json().id);
    expect(await getRun(response.json().id)).toMatchObject({ status: 3, total: 1, done: 1, changed: 1 });
    const log = await t.db
      .select({ old: auditLog.oldValue, new: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, productId)));
    expect(log).toEqual([
      {
        old: `risk ${lactose.risk} · template ${lactose.id}`,
        new: `risk ${lactose.risk} · template ${lactose.id} · new text`,
      },
    ]);

    expect((await post({ ProductId: 99_999_999 })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/products/reanalysis?Id=99999999',
          headers: doctor,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a report from before clinical weights gains them without a change-log row; a no-call keeps its reason', async () => {
    const productId = await reportFor({ rs4988235: 'GG', rs1815739: '--' });
    // As stored before issue 34: no weights, no not-determined flag, no reasons.
    const [stored] = await t.db
      .select({ content: products.content })
      .from(products)
      .where(eq(products.id, productId));
    const older = {
      categories: stored!.content.categories.map((category) => ({
        ...category,
        subcategories: category.subcategories.map((subcategory) => ({
          ...subcategory,
          phenotypes: subcategory.phenotypes
            .filter((phenotype) => !phenotype.notDetermined)
            .map(({ clinicalWeight: _weight, notDetermined: _flag, ...phenotype }) => phenotype),
        })),
      })),
      combinations: [],
    };
    await t.db.update(products).set({ content: older }).where(eq(products.id, productId));
    const response = await post({ ProductId: productId });
    await runReanalysis(t.db, response.json().id);
    const [after] = await t.db
      .select({ content: products.content })
      .from(products)
      .where(eq(products.id, productId));
    const phenotypes = after!.content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
    expect(phenotypes.map((p) => [p.phenotypeEn, p.clinicalWeight, p.notDetermined])).toEqual([
      ['Power vs endurance', 4, true],
      ['Lactose intolerance', 4, false],
    ]);
    expect(phenotypes[0]?.genes).toEqual([{ code: 'rs1815739', genotype: '--', noCallReason: 'failedQc' }]);
    // Only the phenotype that appeared is logged, as not determined.
    const log = await t.db
      .select({ field: auditLog.field, old: auditLog.oldValue, new: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, productId)));
    expect(log).toEqual([
      { field: 'phenotype: Silové vs. vytrvalostní předpoklady', old: '—', new: 'not determined' },
    ]);
  });

  it('a failing run is retried, resumes, and fails [4] with the error on the last attempt', async () => {
    const broken = { geneCombinations: null } as unknown as PreparedCatalogue;
    const first = (await post({})).json();
    await expect(
      reanalyseJob(t.db, { data: { runId: first.id }, retryCount: 0, retryLimit: 5 }, { catalogue: broken }),
    ).rejects.toThrow();
    expect(await getRun(first.id)).toMatchObject({ status: 2, done: 0 });
    // The retry succeeds and completes the run.
    await reanalyseJob(t.db, { data: { runId: first.id }, retryCount: 1, retryLimit: 5 });
    expect(await getRun(first.id)).toMatchObject({ status: 3 });

    const second = (await post({})).json();
    await expect(
      reanalyseJob(t.db, { data: { runId: second.id }, retryCount: 5, retryLimit: 5 }, { catalogue: broken }),
    ).rejects.toThrow();
    const failed = await getRun(second.id);
    expect(failed.status).toBe(4);
    expect(failed.error).toBeTruthy();
    const [row] = await t.db.select().from(reanalysisRuns).where(eq(reanalysisRuns.id, second.id));
    expect(row!.finishedAt).not.toBeNull();
    // A failed run no longer blocks a new one.
    expect((await post({})).statusCode).toBe(202);
  });
});
