import { parseGeneCodes } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../seed/templates.js';
import { type CatalogueGeneCombination, generateReport, prepareCatalogue } from './generation.js';

/**
 * The demo catalogue with made-up ids: gene combination i (0-based, in demoCatalogue's order) has id
 * i + 1, its template j has id (i + 1) * 100 + j + 1. So lactose C/C is 101, caffeine A/C 202.
 */
function demoEntries(overrides: (index: number) => Partial<CatalogueGeneCombination> = () => ({})) {
  const ids = new Map<string, number>();
  const idOf = (key: string) => {
    if (!ids.has(key)) ids.set(key, ids.size + 1);
    return ids.get(key) ?? 0;
  };
  return demoCatalogue.map((entry, i): CatalogueGeneCombination => {
    const genes = parseGeneCodes(entry.genes);
    if (!genes.ok) throw new Error(entry.genes);
    return {
      id: i + 1,
      geneCodes: genes.value.codes,
      phenotype: entry.phenotype[0],
      phenotypeEn: entry.phenotype[1],
      gender: entry.gender,
      defaultText: entry.defaultText[0],
      defaultTextEn: entry.defaultText[1],
      defaultRisk: entry.defaultRisk,
      clinicalWeight: entry.clinicalWeight,
      category: { id: idOf(entry.category[0]), name: entry.category[0], nameEn: entry.category[1] },
      subcategory: {
        id: 1000 + idOf(`${entry.category[0]}/${entry.subcategory[0]}`),
        name: entry.subcategory[0],
        nameEn: entry.subcategory[1],
      },
      templates: entry.templates.map((template, j) => ({
        id: (i + 1) * 100 + j + 1,
        risk: template.risk,
        text: template.text[0],
        textEn: template.text[1],
        genotypeCombinations: template.rows,
      })),
      ...overrides(i),
    };
  });
}
const catalogue = prepareCatalogue(demoEntries());

const customer = {
  rs4988235: 'G/G',
  rs762551: 'A/C',
  rs1801133: 'A/G',
  rs1801131: 'T/T',
  rs6025: 'C/C',
  rs1800562: 'AG',
  rs1799945: 'gc',
  RS1815739: 'TC',
  rs113993960: 'ID',
  rs99999: 'A/A', // in no gene combination
};

/** Category → subcategory → [phenotype, template id, risk]. */
function outline(report: ReturnType<typeof generateReport>) {
  return report.content.categories.map((c) => [
    c.name,
    c.subcategories.map((s) => [s.name, s.phenotypes.map((p) => [p.phenotypeEn, p.templateId, p.risk])]),
  ]);
}

describe('report generation (DOMAIN §2) on the demo catalogue', () => {
  it('places every phenotype whose genes are all known, with its template, grouped and sorted', () => {
    const report = generateReport(catalogue, { gender: 1, genotypes: customer });
    expect(outline(report)).toEqual([
      ['Metabolismus', [['Železo', [['Hereditary haemochromatosis', 702, 2]]]]],
      ['Reprodukční genetika', [['Přenašečství', [['Cystic fibrosis carrier', 902, 2]]]]],
      ['Sport', [['Svaly', [['Power vs endurance', 802, 1]]]]],
      ['Srdce a cévy', [['Trombofilie', [['Factor V Leiden', 401, 1]]]]],
      [
        'Výživa',
        [
          ['Intolerance', [['Lactose intolerance', 101, 3]]],
          ['Metabolismus živin', [['Caffeine metabolism', 202, 2]]],
          ['Vitaminy', [['Folate metabolism', 302, 2]]],
        ],
      ],
    ]);
    expect(report.pairedPhenotypesCount).toBe(7);
    expect(report.templateIds).toEqual([101, 202, 302, 401, 702, 802, 902]);
    expect(report.requiresInspection).toBe(false);

    const folate = report.content.categories[4]?.subcategories[2]?.phenotypes[0];
    expect(folate).toMatchObject({
      geneCombinationId: 3,
      phenotype: 'Metabolismus folátu',
      text: demoCatalogue[2]?.templates[1]?.text[0],
      textEn: demoCatalogue[2]?.templates[1]?.text[1],
      genes: [
        { code: 'rs1801133', genotype: 'A/G' },
        { code: 'rs1801131', genotype: 'T/T' },
      ],
    });
    // Gene codes match whatever their case; genotypes are shown upper-cased in the order given.
    expect(report.content.categories[2]?.subcategories[0]?.phenotypes[0]?.genes).toEqual([
      { code: 'rs1815739', genotype: 'T/C' },
    ]);
    expect(report.content.categories[1]?.subcategories[0]?.phenotypes[0]?.text).toBe(
      demoCatalogue[8]?.templates[1]?.text[0],
    );
  });

  it('compares genotypes normalised: TC, ct and C/T pick one template', () => {
    for (const genotype of ['C/T', 'TC', 'ct', 't/c']) {
      const report = generateReport(catalogue, { gender: 2, genotypes: { rs6025: genotype } });
      expect(report.templateIds, genotype).toEqual([402]);
    }
  });

  it('leaves out a phenotype of the other gender and one none of whose markers was tested', () => {
    const femaleOnly = prepareCatalogue(demoEntries((i) => (i === 8 ? { gender: 2 } : {})));
    const genotypes = { rs113993960: 'I/I', rs1799963: 'G/G' };
    const man = generateReport(femaleOnly, { gender: 1, genotypes });
    expect(outline(man)).toEqual([['Srdce a cévy', [['Trombofilie', [['Prothrombin G20210A', 501, 1]]]]]]);
    expect(man.pairedPhenotypesCount).toBe(1);
    const woman = generateReport(femaleOnly, { gender: 2, genotypes });
    expect(woman.templateIds).toEqual([501, 901]);
    expect(woman.pairedPhenotypesCount).toBe(2);
    // Male-only: absent for a woman.
    const maleOnly = prepareCatalogue(demoEntries((i) => (i === 8 ? { gender: 1 } : {})));
    expect(generateReport(maleOnly, { gender: 2, genotypes }).templateIds).toEqual([501]);
  });

  it('does not leave out in silence a phenotype the file tested in part: not determined, the missing marker absent', () => {
    // APOE needs rs429358 and rs7412; the file names only the first.
    const report = generateReport(catalogue, { gender: 1, genotypes: { rs429358: 'T/T', rs6025: 'C/C' } });
    const apoe = report.content.categories
      .flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes))
      .find((p) => p.phenotypeEn === 'APOE genotype');
    expect(apoe).toMatchObject({
      notDetermined: true,
      notAssessed: false,
      templateId: null,
      risk: null,
      text: '',
      textEn: '',
      genes: [
        { code: 'rs429358', genotype: 'T/T' },
        { code: 'rs7412', genotype: '--', noCallReason: 'absent' },
      ],
    });
    expect(report.requiresInspection).toBe(true);
    // Only Factor V Leiden is paired; the not determined one is placed but not counted.
    expect(report.pairedPhenotypesCount).toBe(1);
    // A no-call the file gave keeps its own cause beside a missing marker.
    const both = generateReport(catalogue, {
      gender: 1,
      genotypes: { rs429358: '--' },
      noCallReasons: { rs429358: 'failedQc' },
    });
    expect(both.content.categories[0]?.subcategories[0]?.phenotypes[0]?.genes).toEqual([
      { code: 'rs429358', genotype: '--', noCallReason: 'failedQc' },
      { code: 'rs7412', genotype: '--', noCallReason: 'absent' },
    ]);
  });

  it('leaves a phenotype no template matches not assessed: no risk, the default text; the report requires inspection', () => {
    const report = generateReport(catalogue, {
      gender: 2,
      // Genotypes outside the catalogue's (a lab file could not give them now; generation still must not guess).
      genotypes: { rs6025: 'A/A', rs4988235: 'G/A', rs429358: 'T/T', rs7412: 'A/G' },
    });
    expect(report.requiresInspection).toBe(true);
    expect(report.pairedPhenotypesCount).toBe(3);
    expect(report.templateIds).toEqual([102]);
    const heart = report.content.categories.find((c) => c.name === 'Srdce a cévy');
    expect(heart?.subcategories.map((s) => s.name)).toEqual(['Lipidy', 'Trombofilie']);
    expect(heart?.subcategories[0]?.phenotypes[0]).toMatchObject({
      phenotypeEn: 'APOE genotype',
      templateId: null,
      risk: null,
      notAssessed: true,
      assessedBy: null,
      text: demoCatalogue[5]?.defaultText[0],
      textEn: demoCatalogue[5]?.defaultText[1],
    });
    // The gene combination's default risk (1, "low") never reaches the report.
    expect(heart?.subcategories[1]?.phenotypes[0]).toMatchObject({
      phenotypeEn: 'Factor V Leiden',
      templateId: null,
      risk: null,
      notAssessed: true,
      text: demoCatalogue[3]?.defaultText[0],
    });
  });

  it("keeps a doctor's assessment while the genotypes stay, and drops it when they change", () => {
    const first = generateReport(catalogue, { gender: 2, genotypes: { rs6025: 'A/A' } });
    const phenotype = first.content.categories[0]?.subcategories[0]?.phenotypes[0];
    if (!phenotype) throw new Error('no phenotype');
    const assessed = {
      categories: [
        {
          ...first.content.categories[0],
          subcategories: [
            {
              ...first.content.categories[0]?.subcategories[0],
              phenotypes: [
                {
                  ...phenotype,
                  templateId: 403,
                  risk: 3,
                  text: 'posouzeno',
                  textEn: 'assessed',
                  notAssessed: false,
                  assessedBy: { id: 7, userName: 'MUDr. Lékařka', at: '2026-11-24T10:00:00.000Z' },
                },
              ],
            },
          ],
        },
      ],
    } as typeof first.content;
    const again = generateReport(catalogue, { gender: 2, genotypes: { rs6025: 'a/a' }, previous: assessed });
    expect(again.requiresInspection).toBe(false);
    expect(again.templateIds).toEqual([403]);
    expect(again.content.categories[0]?.subcategories[0]?.phenotypes[0]).toMatchObject({
      risk: 3,
      text: 'posouzeno',
      notAssessed: false,
      assessedBy: { userName: 'MUDr. Lékařka' },
    });
    const changed = generateReport(catalogue, {
      gender: 2,
      genotypes: { rs6025: 'G/G' },
      previous: assessed,
    });
    expect(changed.requiresInspection).toBe(true);
    expect(changed.content.categories[0]?.subcategories[0]?.phenotypes[0]).toMatchObject({
      risk: null,
      notAssessed: true,
      assessedBy: null,
    });
  });

  it('adds a combination rule when every condition holds: factor V Leiden and prothrombin variants together', () => {
    // Factor V Leiden is demo gene combination 4 (templates 401 C/C, 402 C/T, 403 T/T); prothrombin is 5.
    const withRule = prepareCatalogue(demoEntries(), [
      {
        id: 1,
        name: 'F5 a F2 současně',
        nameEn: 'F5 and F2 together',
        risk: 3,
        clinicalWeight: 1,
        text: 'vysoké riziko trombózy',
        textEn: 'high thrombosis risk',
        conditions: [
          { geneCombinationId: 4, templateIds: [402, 403] },
          { geneCombinationId: 5, templateIds: [502, 503] },
        ],
      },
    ]);
    const both = generateReport(withRule, { gender: 1, genotypes: { rs6025: 'C/T', rs1799963: 'G/A' } });
    expect(both.content.combinations).toEqual([
      {
        ruleId: 1,
        name: 'F5 a F2 současně',
        nameEn: 'F5 and F2 together',
        risk: 3,
        clinicalWeight: 1,
        text: 'vysoké riziko trombózy',
        textEn: 'high thrombosis risk',
        phenotypes: [
          { geneCombinationId: 4, phenotype: 'Faktor V Leiden', phenotypeEn: 'Factor V Leiden' },
          { geneCombinationId: 5, phenotype: 'Protrombin G20210A', phenotypeEn: 'Prothrombin G20210A' },
        ],
      },
    ]);
    // Each moderate on its own; only one variant: no combination.
    const phenotypes = both.content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
    expect(phenotypes.map((p) => p.risk)).toEqual([2, 2]);
    const one = generateReport(withRule, { gender: 1, genotypes: { rs6025: 'C/T', rs1799963: 'G/G' } });
    expect(one.content.combinations).toEqual([]);
    const unassessed = generateReport(withRule, {
      gender: 1,
      genotypes: { rs6025: 'C/T', rs1799963: 'C/C' },
    });
    expect(unassessed.content.combinations).toEqual([]);
  });

  it('reports a phenotype whose gene was not called as not determined: no template, risk or text, never "not assessed"; the report requires inspection', () => {
    const report = generateReport(catalogue, {
      gender: 1,
      genotypes: { rs1815739: '--', rs6025: 'C/T', rs1801133: 'G/A', rs1801131: '--' },
      noCallReasons: { RS1815739: 'failedQc', rs1801131: 'noCall' },
    });
    const phenotypes = report.content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
    const byName = new Map(phenotypes.map((p) => [p.phenotypeEn, p]));
    expect(byName.get('Power vs endurance')).toEqual({
      geneCombinationId: 8,
      phenotype: 'Silové vs. vytrvalostní předpoklady',
      phenotypeEn: 'Power vs endurance',
      templateId: null,
      risk: null,
      text: '',
      textEn: '',
      genes: [{ code: 'rs1815739', genotype: '--', noCallReason: 'failedQc' }],
      clinicalWeight: demoCatalogue[7]?.clinicalWeight,
      notDetermined: true,
      notAssessed: false,
      assessedBy: null,
      requiresConsultation: false,
    });
    // One gene of two not called: the whole phenotype is not determined, the called gene still shown.
    expect(byName.get('Folate metabolism')).toMatchObject({
      notDetermined: true,
      templateId: null,
      genes: [
        { code: 'rs1801133', genotype: 'G/A' },
        { code: 'rs1801131', genotype: '--', noCallReason: 'noCall' },
      ],
    });
    expect(byName.get('Factor V Leiden')).toMatchObject({ notDetermined: false, templateId: 402, risk: 2 });
    expect(report.requiresInspection).toBe(true);
    expect(report.pairedPhenotypesCount).toBe(1);
    expect(report.templateIds).toEqual([402]);
  });

  it('answers an empty report for no genotypes', () => {
    expect(generateReport(catalogue, { gender: 1, genotypes: {} })).toEqual({
      content: { categories: [], combinations: [] },
      pairedPhenotypesCount: 0,
      templateIds: [],
      requiresInspection: false,
    });
  });
});
