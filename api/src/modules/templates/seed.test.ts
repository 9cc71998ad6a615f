import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/test-app.js';
import { geneCombinations, templateGenotypeCombinations, templates } from '../../db/schema/index.js';
import { demoCatalogue } from '../../seed/templates.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Every genotype of a gene from its alleles: each unordered pair, alleles sorted (the normalised form). */
const genotypesOf = (alleles: string[]) => {
  const sorted = [...new Set(alleles)].sort();
  return sorted.flatMap((a, i) => sorted.slice(i).map((b) => `${a}/${b}`));
};

describe('the demo catalogue', () => {
  it('holds DOMAIN §3 with default texts and risks', async () => {
    const all = await t.db.select().from(geneCombinations);
    expect(all.map((g) => g.phenotypeEn).sort()).toEqual(demoCatalogue.map((p) => p.phenotype[1]).sort());
    for (const gc of all) {
      expect(gc.defaultTemplate, gc.phenotypeEn).toMatch(/^<p>.+<\/p>$/);
      expect(gc.defaultTemplateEn, gc.phenotypeEn).toMatch(/^<p>.+<\/p>$/);
      expect(gc.defaultTemplateRisk, gc.phenotypeEn).toBeGreaterThanOrEqual(1);
    }
    const texts = await t.db.select().from(templates);
    for (const template of texts) {
      expect(template.templateText).toMatch(/^<p>.+<\/p>$/);
      expect(template.templateEnText).toMatch(/^<p>.+<\/p>$/);
    }
  });

  it('covers every genotype combination of each gene combination exactly once', async () => {
    const all = await t.db.select().from(geneCombinations);
    const rows = await t.db.select().from(templateGenotypeCombinations);
    for (const gc of all) {
      const mine = rows.filter((r) => r.geneCombinationId === gc.id);
      let expected = [''];
      for (const code of gc.geneCodes) {
        const alleles = mine.flatMap((r) => (r.genotypes[code] ?? '').split('/'));
        expected = expected.flatMap((prefix) =>
          genotypesOf(alleles).map((g) => `${prefix}${prefix ? ';' : ''}${code.toLowerCase()}=${g}`),
        );
      }
      const canonical = (key: string) => key.split(';').sort().join(';');
      const keys = mine.map((r) => r.genotypeKey);
      expect(new Set(keys).size, gc.phenotypeEn).toBe(keys.length);
      expect(keys.map(canonical).sort(), gc.phenotypeEn).toEqual(expected.map(canonical).sort());
    }
  });
});
