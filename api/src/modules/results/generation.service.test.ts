import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent } from '../../../test/consent.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import type { Principal } from '../../auth/principal.js';
import { transaction } from '../../db/client.js';
import {
  auditLog,
  customerGenotypes,
  customers,
  geneCombinations,
  products,
  productTemplates,
  type ReportContent,
  templateGenotypeCombinations,
  templates,
  users,
} from '../../db/schema/index.js';
import { eraseCustomer } from '../../privacy/erasure.js';
import { demoPassword } from '../../seed/demo.js';
import { generateReport, generateReports, loadCatalogue } from './generation.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let seq = 0;
async function customerWith(genotypes: Record<string, string>, gender = 2, consented = true) {
  const [row] = await t.db
    .insert(customers)
    .values({
      name: 'Gen',
      surname: `Zákazník ${++seq}`,
      email: `generation-${seq}-${Date.now()}@example.test`,
      gender,
      registrationSource: 1,
    })
    .returning({ id: customers.id });
  await t.db.insert(customerGenotypes).values(
    Object.entries(genotypes).map(([geneCode, genotype]) => ({
      customerId: row!.id,
      geneCode,
      genotype,
      noCallReason: genotype === '--' ? 'noCall' : null,
    })),
  );
  if (consented) await giveConsent(t.db, row!.id);
  return row!.id;
}

/** The template of a gene combination (by gene key) one of whose genotype keys is `key`. */
async function templateFor(geneKey: string, genotypeKey: string) {
  const [row] = await t.db
    .select({ id: templates.id, customerCount: templates.customerCount })
    .from(templates)
    .innerJoin(geneCombinations, eq(geneCombinations.id, templates.geneCombinationId))
    .innerJoin(templateGenotypeCombinations, eq(templateGenotypeCombinations.templateId, templates.id))
    .where(
      and(eq(geneCombinations.geneKey, geneKey), eq(templateGenotypeCombinations.genotypeKey, genotypeKey)),
    );
  return row!;
}
const counts = async (ids: number[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ id: templates.id, count: templates.customerCount })
        .from(templates)
        .where(inArray(templates.id, ids))
    ).map((row) => [row.id, row.count]),
  );
const usedTemplates = async (productId: number) =>
  (await t.db.select().from(productTemplates).where(eq(productTemplates.productId, productId)))
    .map((row) => row.templateId)
    .sort((a, b) => a - b);
const phenotypes = (content: ReportContent) =>
  content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));

describe('generateReport (service)', () => {
  it('refuses to generate for a customer without a valid consent, whichever path forgot to ask', async () => {
    const customerId = await customerWith({ rs762551: 'A/C' }, 2, false);
    await expect(transaction(t.db, (tx) => generateReport(tx, { customerId }))).rejects.toThrow(
      `report generation asked for customers without a valid consent: ${customerId}`,
    );
    expect(await t.db.select().from(products).where(eq(products.customerId, customerId))).toEqual([]);
  });

  it('writes the report, its templates and the templates’ customer counts', async () => {
    const lactose = await templateFor('rs4988235', 'rs4988235=G/G');
    const caffeine = await templateFor('rs762551', 'rs762551=A/C');
    const folate = await templateFor('rs1801131,rs1801133', 'rs1801131=T/T;rs1801133=A/G');
    const ids = [lactose.id, caffeine.id, folate.id];
    // The demo seed's reports already use some templates: counts are compared with these.
    const before = await counts(ids);
    const plus = (added: Record<number, number>) =>
      Object.fromEntries(ids.map((id) => [id, (before[id] ?? 0) + (added[id] ?? 0)]));
    const customerId = await customerWith({
      rs4988235: 'GG',
      rs762551: 'C/A',
      rs1801133: 'G/A',
      rs1801131: 'T/T',
      rs113993960: 'D/D', // no template: not assessed, inspection
      rs1815739: '--', // not called: not determined, inspection
      rs7412: 'C/C', // APOE without rs429358: not determined, the missing marker absent
    });
    const otherId = await customerWith({ rs762551: 'ac' });

    const result = await transaction(t.db, (tx) => generateReport(tx, { customerId }));
    expect(result).toMatchObject({ created: true, pairedPhenotypesCount: 4, requiresInspection: true });
    expect(result.templateIds).toEqual([...ids].sort((a, b) => a - b));
    const [product] = await t.db.select().from(products).where(eq(products.id, result.productId));
    expect(product).toMatchObject({
      customerId,
      status: 1,
      pairedPhenotypesCount: 4,
      requiresInspection: true,
      isArchived: false,
      isInDoctorSection: false,
    });
    expect(phenotypes(product!.content).map((p) => [p.phenotypeEn, p.templateId])).toEqual([
      ['Cystic fibrosis carrier', null],
      ['Power vs endurance', null],
      ['APOE genotype', null],
      ['Lactose intolerance', lactose.id],
      ['Caffeine metabolism', caffeine.id],
      ['Folate metabolism', folate.id],
    ]);
    expect(phenotypes(product!.content)[1]).toMatchObject({
      notDetermined: true,
      notAssessed: false,
      risk: null,
      genes: [{ code: 'rs1815739', genotype: '--', noCallReason: 'noCall' }],
    });
    expect(phenotypes(product!.content)[2]).toMatchObject({
      notDetermined: true,
      genes: [
        { code: 'rs429358', genotype: '--', noCallReason: 'absent' },
        { code: 'rs7412', genotype: 'C/C' },
      ],
    });
    expect(await usedTemplates(result.productId)).toEqual(result.templateIds);
    expect(await counts(ids)).toEqual(plus({ [lactose.id]: 1, [caffeine.id]: 1, [folate.id]: 1 }));

    // A second customer, generated with a catalogue loaded once (as a batch does).
    const catalogue = await loadCatalogue(t.db);
    await transaction(t.db, (tx) => generateReport(tx, { customerId: otherId }, catalogue));
    expect(await counts(ids)).toEqual(plus({ [lactose.id]: 1, [caffeine.id]: 2, [folate.id]: 1 }));

    // Erasing a customer removes their report and recounts the templates it used.
    const [admin] = await t.db.select().from(users).where(eq(users.email, demo.admin));
    await eraseCustomer(
      t.db,
      { id: admin!.id, email: admin!.email, hasSecondFactor: false } as Principal,
      otherId,
      { Password: demoPassword, Reason: 'the data subject asked (test)' },
      { address: '127.0.0.1', userAgent: null },
    );
    expect(await t.db.select().from(products).where(eq(products.customerId, otherId))).toEqual([]);
    expect(await counts(ids)).toEqual(plus({ [lactose.id]: 1, [caffeine.id]: 1, [folate.id]: 1 }));
  });

  it('generates a batch: one report per customer and product type, even when a customer comes twice', async () => {
    const caffeine = await templateFor('rs762551', 'rs762551=A/C');
    const before = (await counts([caffeine.id]))[caffeine.id] ?? 0;
    const twice = await customerWith({ rs762551: 'A/C' });
    const existing = await customerWith({ rs762551: 'C/C' });
    const first = await transaction(t.db, (tx) => generateReport(tx, { customerId: existing }));
    // The customer's genotypes change before the batch, so their report is regenerated, not duplicated.
    await t.db
      .update(customerGenotypes)
      .set({ genotype: 'C/A' })
      .where(eq(customerGenotypes.customerId, existing));

    const results = await transaction(t.db, (tx) =>
      generateReports(tx, [{ customerId: twice }, { customerId: existing }, { customerId: twice }]),
    );
    expect(results.map((r) => r.created)).toEqual([true, false, false]);
    expect(results[2]!.productId).toBe(results[0]!.productId);
    expect(results[1]!.productId).toBe(first.productId);
    for (const customerId of [twice, existing]) {
      const reports = await t.db.select().from(products).where(eq(products.customerId, customerId));
      expect(reports).toHaveLength(1);
      expect(phenotypes(reports[0]!.content).map((p) => p.templateId)).toEqual([caffeine.id]);
    }
    expect((await counts([caffeine.id]))[caffeine.id]).toBe(before + 2);
  });

  it('regenerates in place: only the affected content changes, doctor texts stay; a released report whose content changed goes back to evaluation', async () => {
    const slow = await templateFor('rs762551', 'rs762551=C/C');
    const fast = await templateFor('rs762551', 'rs762551=A/A');
    const leiden = await templateFor('rs6025', 'rs6025=C/T');
    const before = await counts([slow.id, fast.id, leiden.id]);
    const customerId = await customerWith({ rs762551: 'CC', rs6025: 'TC' }, 1);
    const first = await transaction(t.db, (tx) => generateReport(tx, { customerId }));
    await t.db
      .update(products)
      .set({ status: 3, doctorIntro: '<p>Úvod lékaře</p>', doctorIntroReproductiveGeneticsEnabled: true })
      .where(eq(products.id, first.productId));
    const [original] = await t.db.select().from(products).where(eq(products.id, first.productId));

    // A template's text is edited: regeneration changes that phenotype only.
    await t.db
      .update(templates)
      .set({ templateText: '<p>Upravený text</p>' })
      .where(eq(templates.id, leiden.id));
    const second = await transaction(t.db, (tx) => generateReport(tx, { customerId }));
    expect(second).toMatchObject({ productId: first.productId, created: false });
    const [regenerated] = await t.db.select().from(products).where(eq(products.id, first.productId));
    // The published report's findings changed unsigned: back to the physician, in its change log.
    expect(regenerated).toMatchObject({
      status: 1,
      doctorIntro: '<p>Úvod lékaře</p>',
      doctorIntroReproductiveGeneticsEnabled: true,
    });
    const statusLog = await t.db
      .select({ oldValue: auditLog.oldValue, newValue: auditLog.newValue, changedBy: auditLog.changedBy })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'product'),
          eq(auditLog.entityId, first.productId),
          eq(auditLog.field, 'status'),
        ),
      );
    expect(statusLog).toEqual([{ oldValue: '3', newValue: '1', changedBy: null }]);
    // Generated again from the same genotypes and catalogue, a released report stays released.
    await t.db.update(products).set({ status: 4 }).where(eq(products.id, first.productId));
    await transaction(t.db, (tx) => generateReport(tx, { customerId }));
    const [same] = await t.db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, first.productId));
    expect(same?.status).toBe(4);
    const [leidenBefore, caffeineBefore] = phenotypes(original!.content);
    const [leidenAfter, caffeineAfter] = phenotypes(regenerated!.content);
    expect(caffeineAfter).toEqual(caffeineBefore);
    expect(leidenAfter).toEqual({ ...leidenBefore, text: '<p>Upravený text</p>' });
    expect(await counts([slow.id, fast.id, leiden.id])).toEqual({
      [slow.id]: (before[slow.id] ?? 0) + 1,
      [fast.id]: before[fast.id],
      [leiden.id]: (before[leiden.id] ?? 0) + 1,
    });

    // New genotypes: the lost template's count falls, the gained one's rises.
    await t.db
      .update(customerGenotypes)
      .set({ genotype: 'A/A' })
      .where(and(eq(customerGenotypes.customerId, customerId), eq(customerGenotypes.geneCode, 'rs762551')));
    await transaction(t.db, (tx) => generateReport(tx, { customerId }));
    expect(await counts([slow.id, fast.id, leiden.id])).toEqual({
      [slow.id]: before[slow.id],
      [fast.id]: (before[fast.id] ?? 0) + 1,
      [leiden.id]: (before[leiden.id] ?? 0) + 1,
    });
    expect(await usedTemplates(first.productId)).toEqual([fast.id, leiden.id].sort((a, b) => a - b));
  });
});
