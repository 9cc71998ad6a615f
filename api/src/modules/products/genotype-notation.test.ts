import { compareFindings } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { customers, products, type ReportContent } from '../../db/schema/index.js';
import { closeReportPdfRenderer } from './report-pdf/render.js';
import { reportFor } from './test-fixtures.js';

// Issue 34 "One genotype, one answer" on the report: every genotype read as a clinician reads it
// (HGVS c., zygosity in words, plus-strand alleles), a no-call as a result ("not determined", with
// its cause, an open point of publication, a section of the PDF), and the summary in clinical order.

let t: TestApp;
let doctor: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
});
afterAll(async () => {
  await closeReportPdfRenderer();
  await t.close();
});

const get = (url: string, headers = doctor) => t.app.inject({ method: 'GET', url, headers });
const patch = (payload: object, headers = doctor) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/products/', payload, headers });
const getProduct = async (id: number) => {
  const response = await get(`/api/admin/products/getproduct?ProductId=${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** The PDF's text, soft hyphens removed and whitespace collapsed. */
async function pdfText(query: string): Promise<string> {
  const response = await get(`/api/admin/products/pdfpreview?${query}`);
  expect(response.statusCode).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
  try {
    const result = await parser.getText();
    return result.pages.map((page) => page.text.replace(/\u00ad\s*/g, '').replace(/\s+/g, ' ')).join(' ');
  } finally {
    await parser.destroy();
  }
}

type Gene = { code: string; genotype: string; [key: string]: unknown };
type Phenotype = { phenotype: string; genes: Gene[]; [key: string]: unknown };
const phenotypesOf = (category: { subcategories: { phenotypes: Phenotype[] }[] }) =>
  category.subcategories.flatMap((s) => s.phenotypes);

async function allPhenotypes(productId: number, categoryIds: number[]): Promise<Phenotype[]> {
  const categories = await Promise.all(
    categoryIds.map(async (id) => {
      const response = await get(
        `/api/admin/products/getcategory?ProductId=${productId}&ProductCategoryId=${id}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json();
    }),
  );
  return categories.flatMap(phenotypesOf);
}

describe('the clinician reads each genotype: HGVS c., zygosity in words, plus-strand alleles', () => {
  it("getproduct's gene table and getcategory's phenotype genes read rs6025 T/T as homozygous, gene-strand A/A", async () => {
    const r = await reportFor(t, { genotypes: { rs6025: 'T/T', rs762551: 'C/A' } });
    const product = await getProduct(r.productId);
    expect(product.genes).toEqual([
      {
        code: 'rs6025',
        name: 'Gen rs6025',
        hgvsC: 'NM_000130.5:c.1601G>A',
        protein: '',
        transcript: '',
        genotype: 'T/T',
        zygosity: 'homozygous',
        geneGenotype: 'A/A',
        noCallReason: null,
      },
      {
        code: 'rs762551',
        name: 'Gen rs762551',
        hgvsC: 'NM_000761.5:c.-9-154C>A',
        protein: '',
        transcript: '',
        genotype: 'C/A',
        zygosity: 'heterozygous',
        geneGenotype: 'C/A',
        noCallReason: null,
      },
    ]);
    expect(product.notDetermined).toEqual([]);

    const phenotypes = await allPhenotypes(
      r.productId,
      product.categories.map((c: { id: number }) => c.id),
    );
    const leiden = phenotypes.find((p) => p.phenotype === 'Faktor V Leiden');
    expect(leiden).toMatchObject({
      clinicalWeight: 1,
      notDetermined: false,
      notAssessed: false,
      genes: [
        {
          code: 'rs6025',
          genotype: 'T/T',
          hgvsC: 'NM_000130.5:c.1601G>A',
          zygosity: 'homozygous',
          geneGenotype: 'A/A',
          noCallReason: null,
          // The marker map's notation, so the assessment dialog reads templates the same way.
          notation: { reference: 'C', alternative: 'T', geneStrand: '-', hgvsC: 'NM_000130.5:c.1601G>A' },
        },
      ],
    });
  });

  it('reads a content generated before issue 34 with weight 2 and nothing not determined', async () => {
    const r = await reportFor(t);
    const [row] = await t.db
      .select({ content: products.content })
      .from(products)
      .where(eq(products.id, r.productId));
    const legacy: ReportContent = {
      categories: row!.content.categories.map((c) => ({
        ...c,
        subcategories: c.subcategories.map((s) => ({
          ...s,
          phenotypes: s.phenotypes.map(({ clinicalWeight: _w, notDetermined: _n, ...p }) => p),
        })),
      })),
      combinations: [
        {
          ruleId: 999,
          name: 'Stará kombinace',
          nameEn: 'Old combination',
          risk: 2,
          text: '',
          textEn: '',
          phenotypes: [],
        },
      ],
    };
    await t.db.update(products).set({ content: legacy }).where(eq(products.id, r.productId));
    const product = await getProduct(r.productId);
    expect(product.combinations).toEqual([expect.objectContaining({ ruleId: 999, clinicalWeight: 2 })]);
    expect(product.notDetermined).toEqual([]);
    expect(product.categories.every((c: { notDeterminedCount: number }) => c.notDeterminedCount === 0)).toBe(
      true,
    );
    const phenotypes = await allPhenotypes(
      r.productId,
      product.categories.map((c: { id: number }) => c.id),
    );
    expect(phenotypes.length).toBeGreaterThan(0);
    for (const phenotype of phenotypes)
      expect(phenotype).toMatchObject({ clinicalWeight: 2, notDetermined: false });
  });

  it('the PDF prints the zygosity in words with the plus-strand alleles, in cs and en', async () => {
    const r = await reportFor(t, { genotypes: { rs6025: 'T/T', rs762551: 'C/A' } });
    const cs = await pdfText(`Id=${r.productId}`);
    expect(cs).toContain('NM_000130.5:c.1601G>A');
    expect(cs).toContain('homozygot pro variantu plusové vlákno T/T');
    expect(cs).toContain('heterozygot plusové vlákno C/A');
    const en = await pdfText(`Id=${r.productId}&locale=en`);
    expect(en).toContain('homozygous for the variant plus strand T/T');
    expect(en).toContain('heterozygous plus strand C/A');
  });
});

describe('a no-call is a result: the phenotype is not determined', () => {
  // MTHFR rs1801133 not called (failed QC): "Metabolismus folátu" needs it with rs1801131.
  const genotypes = { rs1801133: '--', rs1801131: 'T/G', rs6025: 'C/T', rs4988235: 'G/G', rs762551: 'C/A' };
  const noCallReasons = { rs1801133: 'failedQc' };

  it('getproduct lists it with the gene and its cause, counts it apart from the unassessed, and opens a point', async () => {
    const r = await reportFor(t, { genotypes, noCallReasons });
    const product = await getProduct(r.productId);
    expect(product.notDetermined).toEqual([
      {
        geneCombinationId: expect.any(Number),
        phenotype: 'Metabolismus folátu',
        phenotypeEn: 'Folate metabolism',
        genes: [{ code: 'rs1801133', noCallReason: 'failedQc' }],
      },
    ]);
    expect(product.notAssessed).toEqual([]);
    expect(product.openPoints).toEqual(['inspection', 'notDetermined', 'emptyIntro']);
    const nutrition = product.categories.find((c: { nameEn: string }) => c.nameEn === 'Nutrition');
    expect(nutrition).toMatchObject({ notDeterminedCount: 1, notAssessedCount: 0 });
    // Not a risk: the category's highest risk is the assessed phenotypes' (lactose intolerance, high).
    expect(nutrition.highestRisk).toBe(3);
    expect(product.genes.find((g: Gene) => g.code === 'rs1801133')).toMatchObject({
      genotype: '--',
      zygosity: 'noCall',
      geneGenotype: '--',
      noCallReason: 'failedQc',
      hgvsC: 'NM_005957.5:c.665C>T',
    });
    expect(product.summary.map((f: { name: string }) => f.name)).not.toContain('Metabolismus folátu');

    const [folate] = (
      await allPhenotypes(
        r.productId,
        product.categories.map((c: { id: number }) => c.id),
      )
    ).filter((p) => p.phenotype === 'Metabolismus folátu');
    expect(folate).toMatchObject({
      notDetermined: true,
      notAssessed: false,
      risk: null,
      templateId: null,
      genes: expect.arrayContaining([
        expect.objectContaining({
          code: 'rs1801133',
          genotype: '--',
          zygosity: 'noCall',
          noCallReason: 'failedQc',
        }),
        expect.objectContaining({ code: 'rs1801131', genotype: 'T/G', zygosity: 'heterozygous' }),
      ]),
    });

    // The doctor cannot assess it: it needs a new sample.
    const assess = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/phenotype',
      payload: {
        ProductId: r.productId,
        GeneCombinationId: folate!.geneCombinationId,
        Risk: 1,
        Text: '<p>x</p>',
      },
      headers: doctor,
    });
    expect(assess.statusCode).toBe(422);
    expect(assess.json().error.message).toBe(
      'Fenotyp nelze posoudit: potřebný marker nebyl určen. Je třeba nové vyšetření vzorku.',
    );
  });

  it('a preliminary publication asks the doctor to confirm it (422 in cs and en) and publishes once confirmed; a final one refuses it', async () => {
    const r = await reportFor(t, { genotypes, noCallReasons });
    // No promises in a final report (issue 35): the phenotype is withheld or the report preliminary.
    const final = await patch({
      Id: r.productId,
      Status: 3,
      Confirmations: ['inspection', 'notAssessed', 'notDetermined', 'emptyIntro'],
    });
    expect(final.statusCode).toBe(422);
    const refused = await patch({ Id: r.productId, Status: 4, Confirmations: ['inspection', 'emptyIntro'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'Výsledek nelze zveřejnit, dokud lékař nepotvrdí každý otevřený bod. 1 neurčený fenotyp (marker bez určení). Zpráva ho uvede jako neurčený a doporučí nové vyšetření.',
    );
    const english = await patch(
      { Id: r.productId, Status: 4, Confirmations: ['inspection', 'emptyIntro'] },
      { ...doctor, 'accept-language': 'en' },
    );
    expect(english.statusCode).toBe(422);
    expect(english.json().error.message).toBe(
      'The report cannot be published until the doctor confirms each open point. 1 phenotype not determined (a marker not called). The report states it as not determined and advises a retest.',
    );
    expect((await getProduct(r.productId)).status).toBe(1);

    const published = await patch({
      Id: r.productId,
      Status: 4,
      Confirmations: ['inspection', 'notAssessed', 'notDetermined', 'emptyIntro'],
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 4, openPoints: ['notDetermined', 'emptyIntro'] });
    expect(
      published
        .json()
        .changeLog.filter((c: { field: string }) => c.field === 'confirmed')
        .map((c: { newValue: string }) => c.newValue)
        .sort(),
    ).toEqual(['emptyIntro', 'inspection', 'notDetermined']);
  });

  it('the PDF prints a section of its own with the cause per gene and the retest advice, in cs and en', async () => {
    const r = await reportFor(t, { genotypes, noCallReasons });
    const cs = await pdfText(`Id=${r.productId}`);
    expect(cs).toContain('Výsledek: neurčeno');
    expect(cs).toContain('neurčeno (no call) marker neprošel kontrolou kvality');
    expect(cs).toContain('Neurčené fenotypy');
    expect(cs).toMatch(/Metabolismus folátu Výživa rs1801133: marker neprošel kontrolou kvality \? neurčeno/);
    expect(cs).toContain('Doporučujeme nové vyšetření vzorku');
    // The old, wrong cause is gone; a phenotype whose gene the results do not name at all is left out,
    // as on the screen (DOMAIN §2), not "not determined".
    expect(cs).not.toContain('chybí některý z potřebných genů');
    expect(cs).not.toMatch(/Protrombin G20210A Srdce a cévy rs1799963/);

    await t.db.update(customers).set({ language: 'en' }).where(eq(customers.id, r.customerId));
    const en = await pdfText(`Id=${r.productId}`);
    expect(en).toContain('Result: not determined');
    expect(en).toContain('not determined (no call) the marker failed quality control');
    expect(en).toContain('Phenotypes not determined');
    expect(en).toMatch(
      /Folate metabolism Nutrition rs1801133: the marker failed quality control \? not determined/,
    );
    expect(en).toContain('We advise a retest of the sample');
    expect(en).not.toContain('Datum narození');
  });
});

describe('the summary: graver clinical weight first, then graver risk, every fired combination', () => {
  it('puts the fired FVL + F2 combination (weight 1, high) above lactose intolerance (weight 4, high), on screen and in the PDF', async () => {
    const r = await reportFor(t, {
      genotypes: { rs4988235: 'G/G', rs6025: 'C/T', rs1799963: 'G/A', rs762551: 'C/A' },
    });
    const product = await getProduct(r.productId);
    const rule = 'Faktor V Leiden a protrombin G20210A současně';
    expect(product.combinations).toEqual([
      expect.objectContaining({ name: rule, clinicalWeight: 1, risk: 3 }),
    ]);
    const summary = product.summary as {
      kind: string;
      name: string;
      risk: number;
      clinicalWeight: number;
    }[];
    expect(summary[0]).toMatchObject({ kind: 'combination', name: rule, clinicalWeight: 1, risk: 3 });
    const lactose = summary.findIndex((f) => f.name === 'Intolerance laktózy');
    expect(summary[lactose]).toMatchObject({ kind: 'phenotype', clinicalWeight: 4, risk: 3 });
    expect(lactose).toBeGreaterThan(0);
    for (let i = 1; i < summary.length; i++)
      expect(compareFindings(summary[i - 1]!, summary[i]!)).toBeLessThanOrEqual(0);
    // Only increased risks among the phenotypes.
    for (const finding of summary.filter((f) => f.kind === 'phenotype'))
      expect([2, 3]).toContain(finding.risk);

    const cs = await pdfText(`Id=${r.productId}`);
    const start = cs.indexOf('Souhrn: zvýšená rizika a kombinace nálezů');
    expect(start).toBeGreaterThan(0);
    const table = cs.slice(start);
    expect(table.indexOf(rule)).toBeGreaterThan(0);
    expect(table.indexOf(rule)).toBeLessThan(table.indexOf('Intolerance laktózy'));
    expect(table).toMatch(
      /Klinicky významné \(s doporučeným postupem\) ●●● vysoké Faktor V Leiden a protrombin G20210A současně Kombinace nálezů/,
    );
    expect(table).toMatch(/Životní styl \/ vlastnost ●●● vysoké Intolerance laktózy Výživa/);
    const en = await pdfText(`Id=${r.productId}&locale=en`);
    expect(en).toMatch(
      /Actionable medical ●●● high Factor V Leiden and prothrombin G20210A together Combined finding/,
    );
    expect(en.indexOf('Factor V Leiden and prothrombin')).toBeLessThan(en.indexOf('Lactose intolerance'));
  });
});
