import { ClinicalWeight, inNotation } from '@genodesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/test-app.js';
import {
  combinationRules,
  geneCombinations,
  markers,
  templateGenotypeCombinations,
  templates,
} from '../../db/schema/index.js';
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

  it('covers every genotype combination of each gene combination exactly once, but homozygous F508del, left to the doctor', async () => {
    // Cystic fibrosis (D/D), not carrier status: the carrier screen has no text for it, so the doctor
    // assesses it (the demo's "not assessed" case).
    const leftToTheDoctor = new Set(['rs113993960=D/D']);
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
      expect(keys.map(canonical).sort(), gc.phenotypeEn).toEqual(
        expected
          .map(canonical)
          .filter((key) => !leftToTheDoctor.has(key))
          .sort(),
      );
    }
  });

  it('writes every genotype of a mapped gene on the plus strand of the marker map, reference first', async () => {
    const map = new Map((await t.db.select().from(markers)).map((m) => [m.geneCode.toLowerCase(), m]));
    const rows = await t.db.select().from(templateGenotypeCombinations);
    expect(rows.length).toBeGreaterThan(0);
    let checked = 0;
    for (const row of rows)
      for (const [gene, genotype] of Object.entries(row.genotypes)) {
        const marker = map.get(gene.toLowerCase());
        // Every demo gene is in the demo marker map.
        expect(marker, gene).toBeDefined();
        if (!marker) continue;
        expect(inNotation(marker, genotype), `${gene} ${genotype}`).toBe(true);
        const [first, second] = genotype.split('/');
        if (second !== undefined && first !== second && marker.reference.length === 1)
          expect(first, `${gene} ${genotype}: the reference first`).toBe(marker.reference);
        checked++;
      }
    expect(checked).toBeGreaterThanOrEqual(rows.length);
  });

  it('classifies every phenotype and rule by its clinical weight', async () => {
    const weights = Object.fromEntries(
      (await t.db.select().from(geneCombinations)).map((g) => [g.phenotypeEn, g.clinicalWeight]),
    );
    expect(weights).toEqual({
      'Lactose intolerance': ClinicalWeight.WellnessTrait,
      'Caffeine metabolism': ClinicalWeight.WellnessTrait,
      'Folate metabolism': ClinicalWeight.HealthRisk,
      'Factor V Leiden': ClinicalWeight.ActionableMedical,
      'Prothrombin G20210A': ClinicalWeight.ActionableMedical,
      'APOE genotype': ClinicalWeight.HealthRisk,
      'Hereditary haemochromatosis': ClinicalWeight.ActionableMedical,
      'Power vs endurance': ClinicalWeight.WellnessTrait,
      'Cystic fibrosis carrier': ClinicalWeight.CarrierStatus,
    });
    const rules = await t.db.select().from(combinationRules);
    expect(rules.map((r) => [r.nameEn, r.clinicalWeight])).toEqual([
      ['Factor V Leiden and prothrombin G20210A together', ClinicalWeight.ActionableMedical],
    ]);
  });
});
