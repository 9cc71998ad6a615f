import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import { templateGenotypeCombinations } from '../../db/schema/index.js';
import { reportFor } from '../products/test-fixtures.js';
import { loadCatalogue, reanalyseProducts } from '../results/generation.service.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, payload, headers });

/** The demo template of `gene` for `genotype`, with its phenotype (gene combination). */
async function templateOf(gene: string, genotype: string) {
  const [row] = await t.db
    .select({
      templateId: templateGenotypeCombinations.templateId,
      geneCombinationId: templateGenotypeCombinations.geneCombinationId,
    })
    .from(templateGenotypeCombinations)
    .where(eq(templateGenotypeCombinations.genotypeKey, `${gene}=${genotype}`));
  if (!row) throw new Error(`no demo template ${gene} ${genotype}`);
  return row;
}

const product = async (productId: number) =>
  (await call('GET', `/api/admin/products/getproduct?ProductId=${productId}`)).json();

describe('combination rules', () => {
  it('the demo rule flags factor V Leiden and prothrombin variants together at generation: high risk', async () => {
    const both = await reportFor(t, { genotypes: { rs6025: 'C/T', rs1799963: 'G/A' } });
    expect((await product(both.productId)).combinations).toEqual([
      expect.objectContaining({
        name: 'Faktor V Leiden a protrombin G20210A současně',
        nameEn: 'Factor V Leiden and prothrombin G20210A together',
        risk: 3,
        phenotypes: [
          expect.objectContaining({ phenotype: 'Faktor V Leiden' }),
          expect.objectContaining({ phenotype: 'Protrombin G20210A' }),
        ],
      }),
    ]);
    const one = await reportFor(t, { genotypes: { rs6025: 'C/T', rs1799963: 'G/G' } });
    expect((await product(one.productId)).combinations).toEqual([]);
  });

  it('a new rule changes the report at reanalysis, logged; editing and deleting it follow', async () => {
    const lactose = await templateOf('rs4988235', 'G/G');
    const caffeine = await templateOf('rs762551', 'A/C');
    const report = await reportFor(t, { genotypes: { rs4988235: 'GG', rs762551: 'C/A' } });
    expect((await product(report.productId)).combinations).toEqual([]);

    const created = await call('PUT', '/api/admin/combinationrules', {
      Name: 'Laktóza a kofein (test)',
      NameEn: 'Lactose and caffeine (test)',
      Risk: 2,
      Text: '<p>Kombinace.</p>',
      Conditions: [
        { GeneCombinationId: lactose.geneCombinationId, TemplateIds: [lactose.templateId] },
        { GeneCombinationId: caffeine.geneCombinationId, TemplateIds: [caffeine.templateId] },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const rule = created.json();
    expect(
      rule.conditions.map((c: { templates: { genotypes: string }[] }) => c.templates[0]?.genotypes),
    ).toEqual(['rs4988235 G/G', 'rs762551 C/A']);

    const reanalyse = async () => {
      const catalogue = await transaction(t.db, (tx) => loadCatalogue(tx));
      return transaction(t.db, (tx) => reanalyseProducts(tx, [report.productId], catalogue, null));
    };
    expect(await reanalyse()).toBe(1);
    const after = await product(report.productId);
    expect(after.combinations).toEqual([expect.objectContaining({ ruleId: rule.id, risk: 2 })]);
    expect(after.changeLog).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'combination: Laktóza a kofein (test)',
          oldValue: '—',
          newValue: 'risk 2',
        }),
      ]),
    );

    const edited = await call('PATCH', '/api/admin/combinationrules', {
      Id: rule.id,
      Name: 'Laktóza a kofein (test)',
      Risk: 3,
      Text: '<p>Kombinace, vyšší riziko.</p>',
      Conditions: [
        { GeneCombinationId: lactose.geneCombinationId, TemplateIds: [lactose.templateId] },
        { GeneCombinationId: caffeine.geneCombinationId, TemplateIds: [caffeine.templateId] },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await reanalyse();
    expect((await product(report.productId)).combinations).toEqual([expect.objectContaining({ risk: 3 })]);

    expect((await call('DELETE', `/api/admin/combinationrules?Id=${rule.id}`)).statusCode).toBe(200);
    await reanalyse();
    expect((await product(report.productId)).combinations).toEqual([]);
    expect((await call('GET', `/api/admin/combinationrules/rule?Id=${rule.id}`)).statusCode).toBe(404);
  });

  it('validates with clear messages and stores nothing; needs the catalogue permissions', async () => {
    const lactose = await templateOf('rs4988235', 'G/G');
    const caffeine = await templateOf('rs762551', 'A/C');
    const base = {
      Name: 'Neplatné pravidlo',
      Risk: 2,
      Text: '<p>x</p>',
      Conditions: [
        { GeneCombinationId: lactose.geneCombinationId, TemplateIds: [lactose.templateId] },
        { GeneCombinationId: caffeine.geneCombinationId, TemplateIds: [caffeine.templateId] },
      ],
    };
    const one = await call('PUT', '/api/admin/combinationrules', {
      ...base,
      Conditions: base.Conditions.slice(0, 1),
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().error.fields.Conditions).toBe('Pravidlo potřebuje alespoň dva fenotypy.');
    const twice = await call('PUT', '/api/admin/combinationrules', {
      ...base,
      Conditions: [base.Conditions[0], base.Conditions[0]],
    });
    expect(twice.json().error.fields.Conditions).toBe('Každý fenotyp může být v pravidle jen jednou.');
    const foreign = await call('PUT', '/api/admin/combinationrules', {
      ...base,
      Conditions: [
        { GeneCombinationId: lactose.geneCombinationId, TemplateIds: [caffeine.templateId] },
        base.Conditions[1],
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.message).toBe('Šablona nepatří k tomuto fenotypu.');
    const demoName = await call('PUT', '/api/admin/combinationrules', {
      ...base,
      Name: 'faktor v leiden a protrombin g20210a současně',
    });
    expect(demoName.statusCode).toBe(409);
    const reception = await t.authAs(demo.reception);
    expect((await call('PUT', '/api/admin/combinationrules', base, reception)).statusCode).toBe(403);
    const list = (await call('GET', '/api/admin/combinationrules?search=neplatn')).json();
    expect(list.total).toBe(0);
  });
});
