import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import {
  auditLog,
  combinationRules,
  geneCombinations,
  markers,
  templateCategories,
  templateGenotypeCombinations,
  templates,
} from '../../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, payload, headers });
const en = { 'accept-language': 'en' };

let seq = 0;
/** A gene code no other test and no marker uses. */
const freshGene = () => `rs8${process.pid % 1000}${++seq}${Date.now() % 100000}`;

async function geneCombinationByKey(key: string) {
  const [row] = await t.db.select().from(geneCombinations).where(eq(geneCombinations.geneKey, key));
  return row;
}

/** The demo template of `gene` for a genotype key (`G/G`), with its phenotype. */
async function demoTemplate(gene: string, genotype: string) {
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

const count = async (table: typeof templates | typeof geneCombinations | typeof combinationRules) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

function newTemplate(genes: string, rows: Record<string, string>[], overrides: Record<string, unknown> = {}) {
  return {
    category: 'Výživa',
    subCategory: 'Vitaminy',
    geneCombination: genes,
    phenotype: `Fenotyp ${genes}`,
    phenotypeEn: `Phenotype ${genes}`,
    gender: 3,
    genotypeCombinations: rows,
    templateText: '<p>Text</p>',
    risk: 2,
    ...overrides,
  };
}

describe('genotypes checked against the marker map (issue 34)', () => {
  it('refuses gene-strand alleles of a minus-strand marker, storing nothing; the plus strand is taken, reference first', async () => {
    const gene = freshGene();
    const templatesBefore = await count(templates);
    const combinationsBefore = await count(geneCombinations);
    // rs6025 (F5, c.1601G>A) is plus C/T: its gene-strand G/A is not the notation.
    const refused = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate(`rs6025, ${gene}`, [{ rs6025: 'G/A', [gene]: 'A/A' }], {
        category: 'Hematologie (test)',
        categoryEn: 'Haematology (test)',
        subCategory: 'Srážlivost (test)',
        subCategoryEn: 'Clotting (test)',
      }),
    );
    expect(refused.statusCode).toBe(422);
    const message = 'Genotyp G/A genu rs6025 není zapsán na plusovém vlákně mapy markerů (alely C a T).';
    expect(refused.json().error).toMatchObject({
      code: 'RULE_BROKEN',
      message,
      fields: { 'genotypeCombinations.0': message },
    });
    expect(await count(templates)).toBe(templatesBefore);
    expect(await count(geneCombinations)).toBe(combinationsBefore);
    expect(
      await t.db.select().from(templateCategories).where(eq(templateCategories.name, 'Hematologie (test)')),
    ).toEqual([]);

    const accepted = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate(`rs6025, ${gene}`, [
        { rs6025: 't/c', [gene]: 'A/A' },
        { rs6025: 'TT', [gene]: 'A/A' },
      ]),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().genotypeCombinations).toEqual([
      { rs6025: 'C/T', [gene]: 'A/A' },
      { rs6025: 'T/T', [gene]: 'A/A' },
    ]);

    // An edit is held to the same rule, and leaves the rows as they were.
    const edit = await call(
      'PATCH',
      '/api/admin/templates/edit',
      { templateId: accepted.json().id, genotypeCombinations: [{ rs6025: 'A/A', [gene]: 'A/A' }] },
      { ...admin, ...en },
    );
    expect(edit.statusCode).toBe(422);
    expect(edit.json().error.fields).toEqual({
      'genotypeCombinations.0':
        'The genotype A/A of rs6025 is not written on the plus strand of the marker map (alleles C and T).',
    });
    const after = await call('GET', `/api/admin/templates/gettemplate?Id=${accepted.json().id}`);
    expect(after.json().genotypeCombinations).toEqual(accepted.json().genotypeCombinations);
  });

  it('takes a gene the marker map does not know as written', async () => {
    const gene = freshGene();
    const response = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate(gene, [{ [gene]: 'T/C' }, { [gene]: 'G/G' }]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().genotypeCombinations).toEqual([{ [gene]: 'T/C' }, { [gene]: 'G/G' }]);
  });

  it('answers the wizard check with the message on the row; an indel is I/D', async () => {
    const url = '/api/admin/templates/validate-genotype-combinations';
    const factorV = await geneCombinationByKey('rs6025');
    const refused = await call(
      'POST',
      url,
      { geneCombinationId: factorV!.id, genotypeCombinations: [{ rs6025: 'C/T' }, { rs6025: 'ga' }] },
      { ...admin, ...en },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({
      'genotypeCombinations.1':
        'The genotype G/A of rs6025 is not written on the plus strand of the marker map (alleles C and T).',
    });
    const cftr = await call('POST', url, {
      geneCombination: 'rs113993960',
      genotypeCombinations: [{ rs113993960: 'DEL/DEL' }],
    });
    expect(cftr.statusCode).toBe(422);
    expect(cftr.json().error.message).toBe(
      'Genotyp DEL/DEL genu rs113993960 není zapsán na plusovém vlákně mapy markerů (alely I a D).',
    );
    const lactose = await call('POST', url, {
      geneCombination: 'RS4988235',
      genotypeCombinations: [{ RS4988235: 'ag' }],
    });
    expect(lactose.statusCode).toBe(200);
    expect(lactose.json().genotypeCombinations).toEqual([{ RS4988235: 'G/A' }]);
  });

  it('refuses a combination rule naming a template saved before the map knew its gene', async () => {
    const gene = freshGene();
    const old = await call('PUT', '/api/admin/templates/create', newTemplate(gene, [{ [gene]: 'C/C' }]));
    expect(old.statusCode, old.body).toBe(200);
    // The map learns the gene afterwards: plus G/A, so the template's C/C is the gene's strand.
    await t.db.insert(markers).values({
      geneCode: gene,
      rsid: gene,
      chromosome: '22',
      positionGrch38: 40_000_000 + (seq % 1000),
      reference: 'G',
      alternative: 'A',
      geneStrand: '-',
    });
    const factorV = await demoTemplate('rs6025', 'C/T');
    const rulesBefore = await count(combinationRules);
    const response = await call(
      'PUT',
      '/api/admin/combinationrules',
      {
        Name: `Stará šablona ${gene}`,
        Risk: 2,
        Text: '<p>x</p>',
        Conditions: [
          { GeneCombinationId: old.json().geneCombinationId, TemplateIds: [old.json().id] },
          { GeneCombinationId: factorV.geneCombinationId, TemplateIds: [factorV.templateId] },
        ],
      },
      { ...admin, ...en },
    );
    expect(response.statusCode).toBe(422);
    const message = `Template no. ${old.json().id} writes the genotype C/C of ${gene} other than on the plus strand of the marker map (alleles G and A); correct the template first.`;
    expect(response.json().error).toMatchObject({
      message,
      fields: { 'Conditions.0.TemplateIds': message },
    });
    expect(await count(combinationRules)).toBe(rulesBefore);
    // Corrected to the plus strand, the template can be named.
    const fixed = await call('PATCH', '/api/admin/templates/edit', {
      templateId: old.json().id,
      genotypeCombinations: [{ [gene]: 'G/G' }],
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const retried = await call('PUT', '/api/admin/combinationrules', {
      Name: `Stará šablona ${gene}`,
      Risk: 2,
      Text: '<p>x</p>',
      Conditions: [
        { GeneCombinationId: old.json().geneCombinationId, TemplateIds: [old.json().id] },
        { GeneCombinationId: factorV.geneCombinationId, TemplateIds: [factorV.templateId] },
      ],
    });
    expect(retried.statusCode, retried.body).toBe(200);
  });
});

describe('clinical weight', () => {
  it('a phenotype made by the wizard is a health risk unless told; stored, returned, validated', async () => {
    const plain = freshGene();
    const byDefault = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate(plain, [{ [plain]: 'A/A' }]),
    );
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(byDefault.json().geneCombination).toMatchObject({ clinicalWeight: 2 });

    const carrier = freshGene();
    const weighted = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate(carrier, [{ [carrier]: 'A/A' }], { clinicalWeight: 3 }),
    );
    expect(weighted.statusCode, weighted.body).toBe(200);
    const id = weighted.json().geneCombinationId;
    expect(weighted.json().geneCombination.clinicalWeight).toBe(3);
    const [row] = await t.db.select().from(geneCombinations).where(eq(geneCombinations.id, id));
    expect(row?.clinicalWeight).toBe(3);
    const detail = await call('GET', `/api/admin/genecombinations/getcombination?GeneCombinationId=${id}`);
    expect(detail.json().clinicalWeight).toBe(3);
    const list = await call('GET', `/api/admin/genecombinations?search=${carrier}`);
    expect(list.json().items).toEqual([expect.objectContaining({ id, clinicalWeight: 3 })]);
    const options = await call(
      'GET',
      `/api/admin/templates/getgenecombinations?CategoryId=${row!.subcategoryId}`,
    );
    expect(options.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, clinicalWeight: 3 })]),
    );

    for (const clinicalWeight of [0, 5, 'grave']) {
      const gene = freshGene();
      const bad = await call(
        'PUT',
        '/api/admin/templates/create',
        newTemplate(gene, [{ [gene]: 'A/A' }], { clinicalWeight }),
      );
      expect(bad.statusCode, String(clinicalWeight)).toBe(400);
      expect(bad.json().error.fields.clinicalWeight).toBe('Neplatná hodnota!');
      expect(await geneCombinationByKey(gene)).toBeUndefined();
    }
  });

  it('is edited on the phenotype, audited, and kept when left out', async () => {
    const lactose = await geneCombinationByKey('rs4988235');
    expect(lactose?.clinicalWeight).toBe(4);
    const edited = await call('PATCH', '/api/admin/genecombinations/edit', {
      GeneCombinationId: lactose!.id,
      ClinicalWeight: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().clinicalWeight).toBe(2);
    const kept = await call('PATCH', '/api/admin/genecombinations/edit', {
      GeneCombinationId: lactose!.id,
      Phenotype: 'Intolerance laktózy',
    });
    expect(kept.json().clinicalWeight).toBe(2);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'geneCombination'),
          eq(auditLog.entityId, lactose!.id),
          eq(auditLog.field, 'clinicalWeight'),
        ),
      );
    expect(entries).toEqual([expect.objectContaining({ oldValue: '4', newValue: '2' })]);
    for (const ClinicalWeight of [0, 5, null]) {
      const bad = await call('PATCH', '/api/admin/genecombinations/edit', {
        GeneCombinationId: lactose!.id,
        ClinicalWeight,
      });
      expect(bad.statusCode, String(ClinicalWeight)).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('ClinicalWeight');
    }
    const [row] = await t.db.select().from(geneCombinations).where(eq(geneCombinations.id, lactose!.id));
    expect(row?.clinicalWeight).toBe(2);
  });

  it('on combination rules: health risk unless told, returned, edited and audited, kept when left out', async () => {
    const demoRules = (await call('GET', '/api/admin/combinationrules')).json();
    expect(demoRules.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          nameEn: 'Factor V Leiden and prothrombin G20210A together',
          clinicalWeight: 1,
        }),
      ]),
    );
    const lactose = await demoTemplate('rs4988235', 'G/G');
    const caffeine = await demoTemplate('rs762551', 'C/C');
    const body = {
      Name: 'Váha pravidla (test)',
      Risk: 2,
      Text: '<p>x</p>',
      Conditions: [
        { GeneCombinationId: lactose.geneCombinationId, TemplateIds: [lactose.templateId] },
        { GeneCombinationId: caffeine.geneCombinationId, TemplateIds: [caffeine.templateId] },
      ],
    };
    const bad = await call('PUT', '/api/admin/combinationrules', { ...body, ClinicalWeight: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.ClinicalWeight).toBe('Neplatná hodnota!');

    const created = await call('PUT', '/api/admin/combinationrules', body);
    expect(created.statusCode, created.body).toBe(200);
    const rule = created.json();
    expect(rule.clinicalWeight).toBe(2);

    const edited = await call('PATCH', '/api/admin/combinationrules', {
      ...body,
      Id: rule.id,
      ClinicalWeight: 4,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().clinicalWeight).toBe(4);
    const kept = await call('PATCH', '/api/admin/combinationrules', { ...body, Id: rule.id, Risk: 3 });
    expect(kept.json()).toMatchObject({ risk: 3, clinicalWeight: 4 });
    expect((await call('GET', `/api/admin/combinationrules/rule?Id=${rule.id}`)).json().clinicalWeight).toBe(
      4,
    );
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'combinationRule'),
          eq(auditLog.entityId, rule.id),
          eq(auditLog.field, 'clinicalWeight'),
        ),
      );
    expect(entries).toEqual([expect.objectContaining({ oldValue: '2', newValue: '4' })]);
    const badEdit = await call('PATCH', '/api/admin/combinationrules', {
      ...body,
      Id: rule.id,
      ClinicalWeight: 0,
    });
    expect(badEdit.statusCode).toBe(400);
  });

  it('has a CHECK in the database', async () => {
    const lactose = await geneCombinationByKey('rs4988235');
    await expect(
      t.db.update(geneCombinations).set({ clinicalWeight: 5 }).where(eq(geneCombinations.id, lactose!.id)),
    ).rejects.toMatchObject({ cause: { constraint: 'gene_combinations_clinical_weight_range' } });
    await expect(t.db.update(combinationRules).set({ clinicalWeight: 0 })).rejects.toMatchObject({
      cause: { constraint: 'combination_rules_clinical_weight_range' },
    });
  });
});
