import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import {
  auditLog,
  customers,
  geneCombinations,
  outboxMessages,
  products,
  reportDocuments,
  templateCategories,
  templateGenotypeCombinations,
  templates,
} from '../../db/schema/index.js';
import { publishAsDoctor, reportFor, withdrawConsent } from '../products/test-fixtures.js';

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

async function categoryByName(name: string) {
  const [row] = await t.db.select().from(templateCategories).where(eq(templateCategories.name, name));
  return row!;
}
async function geneCombinationByKey(key: string) {
  const [row] = await t.db.select().from(geneCombinations).where(eq(geneCombinations.geneKey, key));
  return row;
}

let seq = 0;
/** A new gene code no other test uses. */
const freshGene = () => `rs9${process.pid % 1000}${++seq}${Date.now() % 100000}`;

function newTemplate(overrides: Record<string, unknown> = {}) {
  const gene = freshGene();
  return {
    category: 'Výživa',
    subCategory: 'Vitaminy',
    geneCombination: gene,
    phenotype: `Fenotyp ${gene}`,
    phenotypeEn: `Phenotype ${gene}`,
    gender: 3,
    genotypeCombinations: [{ [gene]: 'A/A' }],
    templateText: '<p>Text</p>',
    templateEnText: '<p>Text</p>',
    note: 'poznámka',
    risk: 1,
    ...overrides,
  };
}

describe('the wizard pick lists', () => {
  it('lists categories, their subcategories and gene combinations', async () => {
    const categories = await call('GET', '/api/admin/templates/getcategories');
    expect(categories.statusCode).toBe(200);
    const names = categories.json().map((c: { name: string }) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Výživa', 'Srdce a cévy', 'Metabolismus', 'Sport', 'Reprodukční genetika']),
    );
    const nutrition = await categoryByName('Výživa');
    const subs = await call('GET', `/api/admin/templates/getsubcategories?CategoryId=${nutrition.id}`);
    expect(subs.json().map((s: { nameEn: string }) => s.nameEn)).toEqual(
      expect.arrayContaining(['Intolerances', 'Metabolism', 'Vitamins']),
    );
    expect(subs.json()[0]).toMatchObject({ parentId: nutrition.id });

    const byCategory = (
      await call('GET', `/api/admin/templates/getgenecombinations?categoryid=${nutrition.id}`)
    ).json();
    expect(byCategory.map((g: { phenotypeEn: string }) => g.phenotypeEn)).toEqual(
      expect.arrayContaining(['Lactose intolerance', 'Caffeine metabolism', 'Folate metabolism']),
    );
    const vitamins = await t.db
      .select()
      .from(templateCategories)
      .where(and(eq(templateCategories.parentId, nutrition.id), eq(templateCategories.name, 'Vitaminy')));
    const bySub = (
      await call('GET', `/api/admin/templates/getgenecombinations?CategoryId=${vitamins[0]!.id}`)
    ).json();
    const folate = bySub.find((g: { phenotypeEn: string }) => g.phenotypeEn === 'Folate metabolism');
    expect(folate).toMatchObject({
      combinationGeneCode: 'rs1801133, rs1801131',
      geneCodes: ['rs1801133', 'rs1801131'],
      phenotype: 'Metabolismus folátu',
      gender: 3,
    });
    expect(folate).toHaveProperty('id');
  });

  it('answers 404 for unknown categories and a subcategory asked for its subcategories', async () => {
    expect((await call('GET', '/api/admin/templates/getsubcategories?CategoryId=999999')).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/admin/templates/getgenecombinations?CategoryId=999999')).statusCode).toBe(
      404,
    );
    const [sub] = await t.db
      .select()
      .from(templateCategories)
      .where(sql`${templateCategories.parentId} is not null`);
    expect(
      (await call('GET', `/api/admin/templates/getsubcategories?CategoryId=${sub!.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('POST admin/genecombinations/validate-gene-combination', () => {
  const url = '/api/admin/genecombinations/validate-gene-combination';

  it('refuses the same code twice, trimmed and ignoring case, in cs and en', async () => {
    const cs = await call('POST', url, { GeneCombination: 'rs123, RS123 ' });
    expect(cs.statusCode).toBe(400);
    expect(cs.json().error).toMatchObject({
      message: 'Některé geny mají stejný kód',
      fields: { GeneCombination: 'Některé geny mají stejný kód' },
    });
    const english = await call('POST', url, { geneCombination: 'rs1,rs2,rs1' }, { ...admin, ...en });
    expect(english.json().error.message).toBe('Some of the genes have the same code');
  });

  it('refuses an existing gene combination in any order and case with 409', async () => {
    const response = await call('POST', url, { GeneCombination: ' RS1801131 , rs1801133' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Genová kombinace již existuje!');
    const english = await call('POST', url, { GeneCombination: 'rs4988235' }, { ...admin, ...en });
    expect(english.json().error.message).toBe('Gene combination already exists!');
  });

  it('accepts new codes, and a gene combination checked against itself while edited', async () => {
    const response = await call('POST', url, { GeneCombination: 'rs1111, rs2222' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      valid: true,
      combinationGeneCode: 'rs1111, rs2222',
      geneCodes: ['rs1111', 'rs2222'],
    });
    const lactose = await geneCombinationByKey('rs4988235');
    const self = await call('POST', url, { GeneCombination: 'RS4988235', GeneCombinationId: lactose!.id });
    expect(self.statusCode).toBe(200);
  });
});

describe('POST admin/templates/validate-genotype-combinations', () => {
  const url = '/api/admin/templates/validate-genotype-combinations';

  it('names equal rows with their 1-based numbers, genotypes compared normalised', async () => {
    const response = await call('POST', url, {
      geneCombination: 'rs1801133, rs1801131',
      genotypeCombinations: [
        { rs1801133: 'G/G', rs1801131: 'T/T' },
        { rs1801133: 'G/A', rs1801131: 'T/G' },
        { rs1801133: 'A/A', rs1801131: 'T/T' },
        { rs1801131: 'gt', RS1801133: 'AG' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'Kombinace 2 a 4 jsou stejné!',
      fields: { 'genotypeCombinations.3': 'Kombinace 2 a 4 jsou stejné!' },
    });
    const english = await call(
      'POST',
      url,
      { geneCombination: 'rs1', genotypeCombinations: [{ rs1: 'C/T' }, { rs1: 'tc' }] },
      { ...admin, ...en },
    );
    expect(english.json().error.message).toBe('Combinations 1 and 2 are equal!');
  });

  it('wants a genotype for every gene and no other gene', async () => {
    const response = await call(
      'POST',
      url,
      {
        geneCombination: 'rs1801133, rs1801131',
        genotypeCombinations: [
          { rs1801133: 'G/G', rs1801131: 'T/T' },
          { rs1801133: 'G/G' },
          { rs1801133: 'G/G', rs1801131: 'T/T', rs6025: 'C/T' },
          { rs1801133: 'C/Q', rs1801131: 'T/T' },
        ],
      },
      { ...admin, ...en },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'genotypeCombinations.1': 'Combination 2 has no genotype for the gene rs1801131!',
      'genotypeCombinations.2':
        'Combination 3 contains the gene rs6025, which is not in the gene combination!',
      'genotypeCombinations.3':
        'The genotype "C/Q" of the gene rs1801133 in combination 4 is not valid (e.g. C/T or CT)!',
    });
  });

  it("refuses a combination another template of the gene combination has, but not the template's own", async () => {
    const lactose = await geneCombinationByKey('rs4988235');
    const taken = await call('POST', url, {
      geneCombinationId: lactose!.id,
      genotypeCombinations: [{ rs4988235: 'ag' }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      message: 'Kombinace 1 je již použita v jiné šabloně této genové kombinace!',
      fields: {
        'genotypeCombinations.0': 'Kombinace 1 je již použita v jiné šabloně této genové kombinace!',
      },
    });
    const [own] = await t.db
      .select({ templateId: templateGenotypeCombinations.templateId })
      .from(templateGenotypeCombinations)
      .where(
        and(
          eq(templateGenotypeCombinations.geneCombinationId, lactose!.id),
          eq(templateGenotypeCombinations.genotypeKey, 'rs4988235=A/G'),
        ),
      );
    const mine = await call('POST', url, {
      templateId: own!.templateId,
      genotypeCombinations: [{ rs4988235: 'AG' }, { rs4988235: 'aa' }],
    });
    expect(mine.statusCode).toBe(200);
    // A mapped marker's alleles come back in the notation's order: the reference (G) first.
    expect(mine.json()).toEqual({
      valid: true,
      genotypeCombinations: [{ rs4988235: 'G/A' }, { rs4988235: 'A/A' }],
    });
  });
});

describe('PUT admin/templates/create', () => {
  it('creates category, subcategory, gene combination and template from new names', async () => {
    const response = await call('PUT', '/api/admin/templates/create', {
      categoryId: 0,
      category: 'Neurologie',
      subCategoryId: null,
      subCategory: 'Spánek',
      geneCombinationId: null,
      geneCombination: 'rs73598374, rs5751876',
      phenotype: 'Citlivost na kofein ve spánku',
      phenotypeEn: 'Caffeine and sleep',
      gender: 2,
      genotypeCombinations: [
        { rs73598374: 'C/C', rs5751876: 'T/T' },
        { rs73598374: 'ct', rs5751876: 'TC' },
      ],
      templateText: '<p>Spíte dobře.</p>',
      templateEnText: '<p>You sleep well.</p>',
      note: 'test',
      UserId: 12345,
      risk: 4,
    });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      category: { name: 'Neurologie' },
      subCategory: { name: 'Spánek' },
      phenotype: 'Citlivost na kofein ve spánku',
      phenotypeEn: 'Caffeine and sleep',
      geneCodes: ['rs73598374', 'rs5751876'],
      combinationGeneCode: 'rs73598374, rs5751876',
      gender: 2,
      risk: 4,
      customerCount: 0,
      templateText: '<p>Spíte dobře.</p>',
      templateEnText: '<p>You sleep well.</p>',
      note: 'test',
      genotypeCombinations: [
        { rs73598374: 'C/C', rs5751876: 'T/T' },
        { rs73598374: 'C/T', rs5751876: 'T/C' },
      ],
      createdBy: { userName: 'Alena Adminová' },
      updatedBy: { userName: 'Alena Adminová' },
      defaultTemplateRisk: null,
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'template'));
    expect(entries.some((e) => e.entityId === created.id && e.field === 'created')).toBe(true);
    const gc = await call(
      'GET',
      `/api/admin/genecombinations/getcombination?GeneCombinationId=${created.geneCombinationId}`,
    );
    expect(gc.json()).toMatchObject({ templateCount: 1, category: { name: 'Neurologie' } });
  });

  it('reuses an existing category named the same, ignoring case', async () => {
    const before = await t.db.select().from(templateCategories);
    const response = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({ category: 'VÝŽIVA', subCategory: 'vitaminy' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().category.name).toBe('Výživa');
    expect(response.json().subCategory.name).toBe('Vitaminy');
    expect(await t.db.select().from(templateCategories)).toHaveLength(before.length);
  });

  it('takes existing ids, and refuses ids that do not fit together', async () => {
    const heart = await categoryByName('Srdce a cévy');
    const [lipids] = await t.db
      .select()
      .from(templateCategories)
      .where(eq(templateCategories.name, 'Lipidy'));
    const ok = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({
        category: undefined,
        subCategory: undefined,
        categoryId: heart.id,
        subCategoryId: lipids!.id,
      }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().subCategory).toEqual({ id: lipids!.id, name: 'Lipidy', nameEn: 'Lipids' });

    const nutrition = await categoryByName('Výživa');
    const mismatch = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({ categoryId: nutrition.id, subCategoryId: lipids!.id }),
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.fields).toHaveProperty('subCategoryId');
    const unknownGc = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({ geneCombinationId: 999999 }),
    );
    expect(unknownGc.statusCode).toBe(422);
  });

  it('adds a template to an existing gene combination, refusing combinations another template has', async () => {
    const first = (await call('PUT', '/api/admin/templates/create', newTemplate())).json();
    const gene = first.geneCodes[0];
    const second = await call('PUT', '/api/admin/templates/create', {
      geneCombinationId: first.geneCombinationId,
      genotypeCombinations: [{ [gene]: 'a/g' }, { [gene]: 'GG' }],
      templateText: '<p>Druhá</p>',
      risk: 2,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ category: { name: 'Výživa' }, templateEnText: '', risk: 2 });
    const clash = await call(
      'PUT',
      '/api/admin/templates/create',
      {
        geneCombinationId: first.geneCombinationId,
        genotypeCombinations: [{ [gene]: 'C/C' }, { [gene]: 'ga' }],
        templateText: '<p>Třetí</p>',
        risk: 3,
      },
      { ...admin, ...en },
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(
      'Combination 2 is already used by another template of this gene combination!',
    );
  });

  it('refuses an existing gene combination given by codes', async () => {
    const response = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({ geneCombination: 'RS6025' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      message: 'Genová kombinace již existuje!',
      fields: { geneCombination: 'Genová kombinace již existuje!' },
    });
  });

  it('requires the new gene combination fields when no id is given', async () => {
    const response = await call('PUT', '/api/admin/templates/create', {
      genotypeCombinations: [{ rs1: 'A/A' }],
      templateText: '<p>x</p>',
      risk: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(
      ['category', 'gender', 'geneCombination', 'phenotype', 'subCategory'].sort(),
    );
  });

  it('is one transaction: a refusal after the new names were written leaves nothing behind', async () => {
    const gene = freshGene();
    const response = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({
        category: 'Dermatologie',
        subCategory: 'Kůže',
        geneCombination: gene,
        genotypeCombinations: [{ [gene]: 'A/G' }, { [gene]: 'ga' }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Kombinace 1 a 2 jsou stejné!');
    expect(
      await t.db.select().from(templateCategories).where(eq(templateCategories.name, 'Dermatologie')),
    ).toEqual([]);
    expect(await t.db.select().from(templateCategories).where(eq(templateCategories.name, 'Kůže'))).toEqual(
      [],
    );
    expect(await geneCombinationByKey(gene.toLowerCase())).toBeUndefined();
  });

  it('lets exactly one of two concurrent creations of the same new gene combination win', async () => {
    const payload = newTemplate({ category: 'Oftalmologie', subCategory: 'Sítnice' });
    const results = await Promise.all([
      call('PUT', '/api/admin/templates/create', payload),
      call('PUT', '/api/admin/templates/create', payload),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().error.message).toBe('Genová kombinace již existuje!');
    const key = String(payload.geneCombination).toLowerCase();
    expect(await t.db.select().from(geneCombinations).where(eq(geneCombinations.geneKey, key))).toHaveLength(
      1,
    );
    expect(
      await t.db.select().from(templateCategories).where(eq(templateCategories.name, 'Oftalmologie')),
    ).toHaveLength(1);
  });

  it('enforces risk 1–4 and gender 1–3 in the API', async () => {
    for (const risk of [0, 5, 'high', 2.5]) {
      const response = await call('PUT', '/api/admin/templates/create', newTemplate({ risk }));
      expect(response.statusCode, String(risk)).toBe(400);
      expect(response.json().error.fields.risk).toBe('Riziko musí být 1 až 4!');
    }
    for (const gender of [0, 4]) {
      const response = await call('PUT', '/api/admin/templates/create', newTemplate({ gender }), {
        ...admin,
        ...en,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.gender).toBe(
        'The gender must be 1 (male), 2 (female) or 3 (both)!',
      );
    }
  });

  it('sanitises texts: scripts and handlers go, formatting, links, YouTube and own images stay', async () => {
    const response = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({
        templateText:
          '<p onclick="steal()">Ahoj <strong>světe</strong><script>alert(1)</script></p>' +
          '<a href="javascript:alert(1)">x</a><a href="https://genodesk.test" target="_blank">web</a>' +
          '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
          '<img src="/api/media/0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a42" alt="a" onerror="x()">',
      }),
    );
    expect(response.statusCode).toBe(200);
    const text = response.json().templateText as string;
    expect(text).not.toMatch(/script|onclick|onerror|javascript/);
    expect(text).toContain('<p>Ahoj <strong>světe</strong></p>');
    expect(text).toContain(
      '<a href="https://genodesk.test" target="_blank" rel="noopener noreferrer">web</a>',
    );
    expect(text).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>');
    expect(text).toContain('<img src="/api/media/0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a42" alt="a" />');
  });

  it('refuses embedded media with an empty or unsupported URL', async () => {
    const cases: [string, string][] = [
      ['<iframe src="https://evil.example/embed/x"></iframe>', 'mediaUrlUnsupported'],
      ['<iframe src="http://www.youtube.com/embed/x"></iframe>', 'mediaUrlUnsupported'],
      ['<iframe src=""></iframe>', 'mediaUrlEmpty'],
      ['<iframe></iframe>', 'mediaUrlEmpty'],
      ['<img src="http://example.com/a.png">', 'mediaImageNotOwn'],
      ['<img src="https://cdn.genodesk.test/a.png">', 'mediaImageNotOwn'],
      ['<img src="">', 'mediaUrlEmpty'],
    ];
    const expected: Record<string, string> = {
      mediaUrlUnsupported:
        'The URL of an embedded video is not supported (https only; videos from YouTube or Vimeo)!',
      mediaUrlEmpty: 'The URL of an embedded image or video must not be empty!',
      mediaImageNotOwn: 'Images can only be added by uploading them to the app.',
    };
    for (const [html, key] of cases) {
      const response = await call(
        'PUT',
        '/api/admin/templates/create',
        newTemplate({ templateEnText: html }),
        {
          ...admin,
          ...en,
        },
      );
      expect(response.statusCode, html).toBe(400);
      expect(response.json().error.fields, html).toEqual({ templateEnText: expected[key] });
    }
    const vimeo = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({ templateText: '<iframe src="https://player.vimeo.com/video/76979871"></iframe>' }),
    );
    expect(vimeo.statusCode).toBe(200);
  });
});

describe('the database holds the invariants too', () => {
  it('has CHECKs on risk and gender', async () => {
    const lactose = await geneCombinationByKey('rs4988235');
    await expect(
      t.db.insert(templates).values({ geneCombinationId: lactose!.id, templateText: 'x', risk: 5 }),
    ).rejects.toMatchObject({ cause: { constraint: 'templates_risk_range' } });
    await expect(
      t.db.update(geneCombinations).set({ gender: 0 }).where(eq(geneCombinations.id, lactose!.id)),
    ).rejects.toMatchObject({ cause: { constraint: 'gene_combinations_gender_range' } });
    await expect(
      t.db
        .update(geneCombinations)
        .set({ defaultTemplateRisk: 9 })
        .where(eq(geneCombinations.id, lactose!.id)),
    ).rejects.toMatchObject({ cause: { constraint: 'gene_combinations_default_risk_range' } });
  });

  it('refuses an equal genotype combination in a second template of one gene combination', async () => {
    const lactose = await geneCombinationByKey('rs4988235');
    const [template] = await t.db
      .insert(templates)
      .values({ geneCombinationId: lactose!.id, templateText: 'x', risk: 1 })
      .returning();
    await expect(
      t.db.insert(templateGenotypeCombinations).values({
        templateId: template!.id,
        geneCombinationId: lactose!.id,
        position: 0,
        genotypes: { rs4988235: 'G/G' },
        genotypeKey: 'rs4988235=G/G',
      }),
    ).rejects.toMatchObject({ cause: { constraint: 'template_genotype_combinations_key' } });
    // The row must name the template's own gene combination.
    const caffeine = await geneCombinationByKey('rs762551');
    await expect(
      t.db.insert(templateGenotypeCombinations).values({
        templateId: template!.id,
        geneCombinationId: caffeine!.id,
        position: 0,
        genotypes: { rs762551: 'GG' },
        genotypeKey: 'rs762551=G/G',
      }),
    ).rejects.toMatchObject({ cause: { constraint: 'template_genotype_combinations_template_fk' } });
    await t.db.delete(templates).where(eq(templates.id, template!.id));
  });
});

describe('PATCH admin/templates/edit', () => {
  it('edits texts, risk and genotype combinations, audited, and accepts an e-mail for affected customers', async () => {
    const created = (await call('PUT', '/api/admin/templates/create', newTemplate())).json();
    const gene = created.geneCodes[0];
    const outboxBefore = await t.db.select().from(outboxMessages);
    const doctor = await t.authAs(demo.doctor);
    const response = await call(
      'PATCH',
      '/api/admin/templates/edit',
      {
        TemplateId: created.id,
        genotypeCombinations: [{ [gene]: 'A/A' }, { [gene]: 'ag' }],
        templateText: '<p>Nový text</p>',
        templateEnText: '<p>New text</p>',
        note: 'upraveno',
        risk: 2,
        emailBody: '<p>Vaše zpráva byla aktualizována.</p>',
      },
      doctor,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailsQueued: 0,
      template: {
        templateText: '<p>Nový text</p>',
        risk: 2,
        note: 'upraveno',
        genotypeCombinations: [{ [gene]: 'A/A' }, { [gene]: 'A/G' }],
        createdBy: { userName: 'Alena Adminová' },
        updatedBy: { userName: 'MUDr. David Dvořák' },
      },
    });
    // No published report uses the new template, so nobody is e-mailed.
    expect(await t.db.select().from(outboxMessages)).toHaveLength(outboxBefore.length);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'template'), eq(auditLog.entityId, created.id)));
    const byField = Object.fromEntries(entries.map((e) => [e.field, e]));
    expect(byField.risk).toMatchObject({ oldValue: '1', newValue: '2' });
    expect(byField.templateText).toMatchObject({ oldValue: '<p>Text</p>', newValue: '<p>Nový text</p>' });
    expect(byField.genotypeCombinations).toMatchObject({
      oldValue: `${gene} A/A`,
      newValue: `${gene} A/A; ${gene} A/G`,
    });
    expect(byField.risk?.changedBy).not.toBeNull();
  });

  /** The template of the caffeine phenotype (rs762551) that `genotypeKey` picks. */
  const caffeineTemplate = async (genotypeKey: string) => {
    const [row] = await t.db
      .select({ id: templates.id, geneCombinationId: templates.geneCombinationId })
      .from(templates)
      .innerJoin(templateGenotypeCombinations, eq(templateGenotypeCombinations.templateId, templates.id))
      .where(eq(templateGenotypeCombinations.genotypeKey, genotypeKey));
    return row!;
  };
  /** Edits the template with a notice as the demo doctor (a physician); answers the e-mails it queued. */
  const notice = async (templateId: number, body = '<p>Vaše zpráva byla aktualizována.</p>') => {
    const before = await t.db.select({ id: outboxMessages.id }).from(outboxMessages);
    const edit = await call(
      'PATCH',
      '/api/admin/templates/edit',
      { templateId, emailBody: body },
      await t.authAs(demo.doctor),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const queued = await t.db
      .select()
      .from(outboxMessages)
      .where(notInArray(outboxMessages.id, before.map((row) => row.id).concat(0)));
    expect(edit.json().emailsQueued).toBe(queued.length);
    return queued;
  };

  it('e-mails the customers holding the template in a released report who want e-mails and hold a valid consent; only a physician writes', async () => {
    const fast = await caffeineTemplate('rs762551=A/A');
    const slow = await caffeineTemplate('rs762551=C/C');
    const published = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    const preliminary = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    // A report only generated has told its customer nothing.
    const generated = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    const otherResult = await reportFor(t, { genotypes: { rs762551: 'C/C' } });
    const noEmails = await reportFor(t, { genotypes: { rs762551: 'A/A' }, notifyByEmail: false });
    const withdrawn = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    for (const r of [published, otherResult, noEmails, withdrawn]) await publishAsDoctor(t, r.productId);
    await publishAsDoctor(t, preliminary.productId, 4);
    await withdrawConsent(t, withdrawn.customerId);

    // The catalogue's administrator is no physician: refused, nothing changed, nobody written to.
    const before = await t.db.select({ id: outboxMessages.id }).from(outboxMessages);
    const byAdmin = await call(
      'PATCH',
      '/api/admin/templates/edit',
      { templateId: fast.id, note: 'oprava', emailBody: '<p>Změna.</p>' },
      { ...admin, ...en },
    );
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.fields).toEqual({
      emailBody:
        'Only a physician may write to customers about their results (the qualification “Physician” on the user).',
    });
    expect((await t.db.select().from(templates).where(eq(templates.id, fast.id)))[0]?.note).not.toBe(
      'oprava',
    );
    expect(await t.db.select({ id: outboxMessages.id }).from(outboxMessages)).toHaveLength(before.length);
    // The administrator still edits the catalogue without a notice.
    expect(
      (await call('PATCH', '/api/admin/templates/edit', { templateId: fast.id, note: 'oprava' })).statusCode,
    ).toBe(200);

    const queued = await notice(fast.id);
    const recipients = queued.map((row) => row.recipient);
    expect(recipients).toEqual(expect.arrayContaining([published.email, preliminary.email]));
    for (const untold of [generated, otherResult, noEmails, withdrawn])
      expect(recipients).not.toContain(untold.email);
    // The demo's customers told beside them: each holds a released report whose issued version tells it.
    const demoTold = await t.db
      .selectDistinct({ email: customers.email })
      .from(reportDocuments)
      .innerJoin(products, eq(products.id, reportDocuments.productId))
      .innerJoin(customers, eq(customers.id, products.customerId))
      .where(and(inArray(products.status, [3, 4]), sql`${fast.id} = any(${reportDocuments.templateIds})`));
    for (const recipient of recipients.filter((r) => r !== published.email && r !== preliminary.email))
      expect(demoTold.map((row) => row.email)).toContain(recipient);
    expect(queued[0]).toMatchObject({
      channel: 'email',
      kind: 'template-changed',
      subject: 'GenoDesk – aktualizace vaší genetické zprávy',
      language: 'cs',
    });
    expect(queued[0]?.bodyHtml).toContain('<div><p>Vaše zpráva byla aktualizována.</p></div>');
    expect(queued[0]?.bodyText).toContain('Vaše zpráva byla aktualizována.');
    const toldOfSlow = (await notice(slow.id)).map((row) => row.recipient);
    expect(toldOfSlow).toContain(otherResult.email);
    for (const other of [published, preliminary]) expect(toldOfSlow).not.toContain(other.email);
  });

  it('e-mails a published report’s customer about the templates of its issued version, not about a physician’s change since', async () => {
    const doctor = await t.authAs(demo.doctor);
    const issued = await caffeineTemplate('rs762551=A/A');
    const assessed = await caffeineTemplate('rs762551=C/C');
    const r = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    const toldOf = async (templateId: number) =>
      (await notice(templateId, '<p>Text nálezu se změnil.</p>')).some((row) => row.recipient === r.email);

    await publishAsDoctor(t, r.productId);
    expect(await toldOf(issued.id)).toBe(true);
    expect(await toldOf(assessed.id)).toBe(false);

    // The physician assesses the phenotype anew on the published report; version 1 still tells the other text.
    const assessment = await call(
      'PATCH',
      '/api/admin/products/phenotype',
      { ProductId: r.productId, GeneCombinationId: assessed.geneCombinationId, TemplateId: assessed.id },
      doctor,
    );
    expect(assessment.statusCode, assessment.body).toBe(200);
    const [report] = await t.db
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, r.productId));
    expect(report!.status).toBe(3);
    expect(await toldOf(assessed.id)).toBe(false);
    expect(await toldOf(issued.id)).toBe(true);

    // Issued as version 2, the customer holds the new text.
    await publishAsDoctor(t, r.productId, 3, { Reason: 'Nové posouzení fenotypu.' });
    expect(await toldOf(assessed.id)).toBe(true);
    expect(await toldOf(issued.id)).toBe(false);
  });

  it('keeps fields left out, and refuses a combination another template of the gene combination has', async () => {
    const lactose = await geneCombinationByKey('rs4988235');
    const [highRisk] = await t.db
      .select()
      .from(templates)
      .where(and(eq(templates.geneCombinationId, lactose!.id), eq(templates.risk, 3)));
    const keep = await call('PATCH', '/api/admin/templates/edit', {
      templateId: highRisk!.id,
      note: 'jen poznámka',
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().template).toMatchObject({
      risk: 3,
      note: 'jen poznámka',
      genotypeCombinations: [{ rs4988235: 'G/G' }],
    });
    const clash = await call('PATCH', '/api/admin/templates/edit', {
      templateId: highRisk!.id,
      genotypeCombinations: [{ rs4988235: 'GG' }, { rs4988235: 'AA' }],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toEqual({
      'genotypeCombinations.1': 'Kombinace 2 je již použita v jiné šabloně této genové kombinace!',
    });
    const dup = await call('PATCH', '/api/admin/templates/edit', {
      templateId: highRisk!.id,
      genotypeCombinations: [{ rs4988235: 'GG' }, { rs4988235: 'g/g' }],
    });
    expect(dup.json().error.message).toBe('Kombinace 1 a 2 jsou stejné!');
  });

  it('validates risk, texts and the e-mail body, and answers 404 for an unknown template', async () => {
    const lactose = await geneCombinationByKey('rs4988235');
    const [any] = await t.db.select().from(templates).where(eq(templates.geneCombinationId, lactose!.id));
    expect(
      (await call('PATCH', '/api/admin/templates/edit', { templateId: any!.id, risk: 7 })).statusCode,
    ).toBe(400);
    const media = await call('PATCH', '/api/admin/templates/edit', {
      templateId: any!.id,
      emailBody: '<iframe src="https://evil.example/"></iframe>',
    });
    expect(media.statusCode).toBe(400);
    expect(media.json().error.fields).toHaveProperty('emailBody');
    expect(
      (await call('PATCH', '/api/admin/templates/edit', { templateId: 999999, risk: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('GET admin/templates and gettemplate', () => {
  it('pages, sorts, searches and filters', async () => {
    const page = await call('GET', '/api/admin/templates?pageSize=5&sort=-risk');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ page: 1, pageSize: 5 });
    expect(body.items).toHaveLength(5);
    expect(body.total).toBeGreaterThanOrEqual(27);
    expect(body.items[0].risk).toBeGreaterThanOrEqual(body.items[4].risk);
    expect(body.items[0]).toHaveProperty('customerCount', 0);

    const search = (await call('GET', '/api/admin/templates?search=LAKT')).json();
    expect(search.items.length).toBeGreaterThanOrEqual(2);
    expect(search.items.every((i: { phenotype: string }) => i.phenotype === 'Intolerance laktózy')).toBe(
      true,
    );
    expect(search.items[0]).toMatchObject({
      category: { name: 'Výživa', nameEn: 'Nutrition' },
      subCategory: { name: 'Intolerance' },
      geneCodes: ['rs4988235'],
    });

    const heart = await categoryByName('Srdce a cévy');
    const high = (
      await call('GET', `/api/admin/templates?categoryId=${heart.id}&risk=3&pageSize=100`)
    ).json();
    expect(high.items.map((i: { phenotypeEn: string }) => i.phenotypeEn).sort()).toEqual(
      ['APOE genotype', 'Factor V Leiden', 'Prothrombin G20210A'].sort(),
    );
    const mthfr = await geneCombinationByKey('rs1801131,rs1801133');
    const rows = (await call('GET', `/api/admin/templates?geneCombinationId=${mthfr!.id}`)).json();
    expect(rows.total).toBe(3);
    const women = (await call('GET', '/api/admin/templates?gender=2&sort=phenotype&locale=en')).json();
    expect(women.items.every((i: { gender: number }) => i.gender === 2)).toBe(true);
    expect((await call('GET', '/api/admin/templates?sort=password')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/templates?risk=9')).statusCode).toBe(400);
    const beyond = (await call('GET', '/api/admin/templates?page=999')).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(body.total);
  });

  it('answers one template, or 404', async () => {
    const [any] = await t.db.select().from(templates).limit(1);
    const response = await call('GET', `/api/admin/templates/gettemplate?ID=${any!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: any!.id, geneCombination: { id: any!.geneCombinationId } });
    expect((await call('GET', '/api/admin/templates/gettemplate?Id=999999')).statusCode).toBe(404);
  });
});

describe('gene combinations (phenotypes)', () => {
  it('lists them with their template counts', async () => {
    const list = (await call('GET', '/api/admin/genecombinations?search=rs1801133&pageSize=10')).json();
    expect(list.items[0]).toMatchObject({
      phenotype: 'Metabolismus folátu',
      templateCount: 3,
      defaultTemplateRisk: 1,
      subCategory: { nameEn: 'Vitamins' },
    });
    const sorted = (await call('GET', '/api/admin/genecombinations?sort=-templateCount')).json();
    expect(sorted.items[0].templateCount).toBeGreaterThanOrEqual(sorted.items[1].templateCount);
    expect((await call('GET', '/api/admin/genecombinations?sort=nope')).statusCode).toBe(400);
  });

  it('edits phenotype, texts, default risk, gender and gene order, audited', async () => {
    const apoe = await geneCombinationByKey('rs429358,rs7412');
    const response = await call('PATCH', '/api/admin/genecombinations/edit', {
      GeneCombinationId: apoe!.id,
      Phenotype: 'APOE',
      PhenotypeEn: 'APOE',
      Description: '<p>Popis<script>x</script></p>',
      DefaultTemplate: '<p>Výchozí</p>',
      DefaultTemplateEn: '<p>Default</p>',
      Risk: 2,
      Gender: 3,
      GeneCombination: 'RS7412, rs429358',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      phenotype: 'APOE',
      description: '<p>Popis</p>',
      defaultTemplate: '<p>Výchozí</p>',
      defaultTemplateRisk: 2,
      geneCodes: ['RS7412', 'rs429358'],
      templateCount: 7,
    });
    // The templates' rows take the new spelling of the codes.
    const first = response.json().templates[0].genotypeCombinations[0];
    expect(Object.keys(first).sort()).toEqual(['RS7412', 'rs429358']);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'geneCombination'), eq(auditLog.entityId, apoe!.id)));
    expect(entries.map((e) => e.field)).toEqual(
      expect.arrayContaining(['phenotype', 'description', 'defaultTemplate', 'combinationGeneCode']),
    );
  });

  it('refuses other genes while templates exist, a duplicate of another, and bad risk or gender', async () => {
    const caffeine = await geneCombinationByKey('rs762551');
    const inUse = await call('PATCH', '/api/admin/genecombinations/edit', {
      GeneCombinationId: caffeine!.id,
      GeneCombination: 'rs762551, rs2472297',
    });
    expect(inUse.statusCode).toBe(422);
    const fresh = (await call('PUT', '/api/admin/templates/create', newTemplate())).json();
    await call('DELETE', `/api/admin/templates?Id=${fresh.id}`);
    const duplicate = await call('PATCH', '/api/admin/genecombinations/edit', {
      GeneCombinationId: fresh.geneCombinationId,
      GeneCombination: 'rs6025',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Genová kombinace již existuje!');
    const sameCode = await call('PATCH', '/api/admin/genecombinations/edit', {
      GeneCombinationId: fresh.geneCombinationId,
      GeneCombination: 'rs5, rs5',
    });
    expect(sameCode.statusCode).toBe(400);
    const renamed = await call('PATCH', '/api/admin/genecombinations/edit', {
      GeneCombinationId: fresh.geneCombinationId,
      GeneCombination: 'rs8888, rs9999',
    });
    expect(renamed.json().combinationGeneCode).toBe('rs8888, rs9999');
    for (const body of [{ Risk: 0 }, { Risk: 5 }, { Gender: 4 }]) {
      const bad = await call('PATCH', '/api/admin/genecombinations/edit', {
        GeneCombinationId: caffeine!.id,
        ...body,
      });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('PATCH', '/api/admin/genecombinations/edit', { GeneCombinationId: 999999, Phenotype: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes a gene combination together with all its templates', async () => {
    const hfe = await geneCombinationByKey('rs1799945,rs1800562');
    const before = await t.db.select().from(templates).where(eq(templates.geneCombinationId, hfe!.id));
    expect(before).toHaveLength(3);
    const response = await call('DELETE', `/api/admin/genecombinations?GeneCombinationId=${hfe!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: hfe!.id, deletedTemplates: 3 });
    expect(await t.db.select().from(templates).where(eq(templates.geneCombinationId, hfe!.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(templateGenotypeCombinations)
        .where(eq(templateGenotypeCombinations.geneCombinationId, hfe!.id)),
    ).toEqual([]);
    expect(
      (await call('GET', `/api/admin/genecombinations/getcombination?GeneCombinationId=${hfe!.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/admin/genecombinations?GeneCombinationId=${hfe!.id}`)).statusCode,
    ).toBe(404);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'geneCombination'), eq(auditLog.entityId, hfe!.id)));
    expect(entries[0]).toMatchObject({ field: 'deleted', newValue: '3 templates deleted' });
  });

  it('deletes one template', async () => {
    const created = (await call('PUT', '/api/admin/templates/create', newTemplate())).json();
    const response = await call('DELETE', `/api/admin/templates?id=${created.id}`);
    expect(response.json()).toEqual({ id: created.id });
    expect((await call('GET', `/api/admin/templates/gettemplate?Id=${created.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/templates?Id=${created.id}`)).statusCode).toBe(404);
  });
});

describe('template categories', () => {
  it('lists the tree and finds a category by its subcategory', async () => {
    const tree = (await call('GET', '/api/admin/templatecategories?pageSize=100')).json();
    const nutrition = tree.items.find((c: { name: string }) => c.name === 'Výživa');
    expect(nutrition.subcategories.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Intolerance', 'Metabolismus živin', 'Vitaminy']),
    );
    expect(nutrition.geneCombinationCount).toBeGreaterThanOrEqual(3);
    const found = (await call('GET', '/api/admin/templatecategories?search=trombof')).json();
    expect(found.items.map((c: { name: string }) => c.name)).toEqual(['Srdce a cévy']);
    const byCount = (await call('GET', '/api/admin/templatecategories?sort=-geneCombinationCount')).json();
    expect(byCount.items[0].geneCombinationCount).toBeGreaterThanOrEqual(
      byCount.items[1].geneCombinationCount,
    );
  });

  it('answers a category or a subcategory with its parent', async () => {
    const sport = await categoryByName('Sport');
    const category = (
      await call('GET', `/api/admin/templatecategories/getcategory?TemplateCategoryId=${sport.id}`)
    ).json();
    expect(category).toMatchObject({
      name: 'Sport',
      isSubcategory: false,
      parentCategory: null,
      subcategories: [{ name: 'Svaly', nameEn: 'Muscle' }],
      geneCombinationCount: 1,
    });
    expect(category.references).toContain('<li>');
    const sub = (
      await call(
        'GET',
        `/api/admin/templatecategories/getcategory?TemplateCategoryId=${category.subcategories[0].id}`,
      )
    ).json();
    expect(sub).toMatchObject({ isSubcategory: true, parentCategory: { id: sport.id, name: 'Sport' } });
    expect(
      (await call('GET', '/api/admin/templatecategories/getcategory?TemplateCategoryId=999999')).statusCode,
    ).toBe(404);
  });

  it('edits names and texts, audited, refusing a name a sibling has', async () => {
    const sport = await categoryByName('Sport');
    const response = await call('PATCH', '/api/admin/templatecategories/edit', {
      CategoryId: sport.id,
      Name: 'Sport a pohyb',
      NameEn: 'Sport and exercise',
      Description: '<p>Popis</p><img src="/api/media/5d0c3a3e-2b7f-4c55-8f0e-6a8f7d1b2c3d">',
      DescriptionEn: '<p>Description</p>',
      References: '<ol><li>Ref</li></ol><script>x</script>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Sport a pohyb',
      nameEn: 'Sport and exercise',
      references: '<ol><li>Ref</li></ol>',
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'templateCategory'), eq(auditLog.entityId, sport.id)));
    expect(entries.find((e) => e.field === 'name')).toMatchObject({
      oldValue: 'Sport',
      newValue: 'Sport a pohyb',
    });
    const clash = await call('PATCH', '/api/admin/templatecategories/edit', {
      CategoryId: sport.id,
      Name: 'výživa',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields).toEqual({ Name: 'Kategorie s tímto názvem již existuje!' });
    const media = await call('PATCH', '/api/admin/templatecategories/edit', {
      CategoryId: sport.id,
      Description: '<iframe src="https://example.com/x"></iframe>',
    });
    expect(media.statusCode).toBe(400);
    expect(
      (await call('PATCH', '/api/admin/templatecategories/edit', { CategoryId: 999999, Name: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses every template call to a role without Templates.*', async () => {
    const reception = await t.authAs(demo.reception);
    for (const [method, url] of [
      ['GET', '/api/admin/templates'],
      ['GET', '/api/admin/templates/getcategories'],
      ['GET', '/api/admin/genecombinations'],
      ['GET', '/api/admin/templatecategories'],
      ['PUT', '/api/admin/templates/create'],
      ['POST', '/api/admin/templates/validate-genotype-combinations'],
      ['POST', '/api/admin/genecombinations/validate-gene-combination'],
      ['DELETE', '/api/admin/genecombinations?GeneCombinationId=1'],
    ] as const) {
      const response = await call(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
        reception,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets Templates.View read but not write or validate', async () => {
    const lab = await t.authAs(demo.lab);
    expect((await call('GET', '/api/admin/templates', undefined, lab)).statusCode).toBe(200);
    expect((await call('PUT', '/api/admin/templates/create', newTemplate(), lab)).statusCode).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/api/admin/genecombinations/validate-gene-combination',
          { GeneCombination: 'rs1' },
          lab,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', '/api/admin/templatecategories/edit', { CategoryId: 1 }, lab)).statusCode,
    ).toBe(403);
  });
});

describe('a template that requires a consultation (issue 35)', () => {
  it('is set at creation and in the edit, shown in the list and detail, audited; false by default', async () => {
    const plain = await call('PUT', '/api/admin/templates/create', newTemplate());
    expect(plain.statusCode).toBe(200);
    expect(plain.json().requiresConsultation).toBe(false);
    const created = await call(
      'PUT',
      '/api/admin/templates/create',
      newTemplate({ requiresConsultation: true }),
    );
    expect(created.json().requiresConsultation).toBe(true);
    const id = plain.json().id as number;
    const edited = await call('PATCH', '/api/admin/templates/edit', {
      templateId: id,
      requiresConsultation: true,
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('GET', `/api/admin/templates/gettemplate?Id=${id}`)).json().requiresConsultation).toBe(
      true,
    );
    const listed = await call(
      'GET',
      `/api/admin/templates?geneCombinationId=${plain.json().geneCombinationId}`,
    );
    expect(listed.json().items).toEqual([expect.objectContaining({ id, requiresConsultation: true })]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'template'),
          eq(auditLog.entityId, id),
          eq(auditLog.field, 'requiresConsultation'),
        ),
      );
    expect(entry).toMatchObject({ oldValue: 'false', newValue: 'true' });
    const bad = await call('PATCH', '/api/admin/templates/edit', {
      templateId: id,
      requiresConsultation: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });
});
