import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { validateAsLab } from '../support/release';
import { demo, signIn, switchLanguage } from '../support/session';

// Issue 34 "One genotype, one answer" on the report screen: a no-call is a result (the phenotype is
// "not determined", with the marker's cause, an open point of publication), every genotype is read
// as a clinician reads it (zygosity in words, HGVS c., plus-strand alleles), and the summary puts the
// clinically gravest first.

/** The demo's bgzipped VCF (api seed data): its first sample (GD00010018) has rs1801133 not called. */
const demoVcf = readFileSync(new URL('../../api/src/seed/data/demo-results-fresh.vcf.gz', import.meta.url));

/**
 * The report of the VCF's sample with the no-call: the lab uploads the file unless an earlier spec
 * did (lab-formats.spec.ts, which uploads it in any case: this test is `@alone`, after it, so the two
 * never upload it at once), and reads the report's number off the upload's detail.
 */
async function reportWithNoCall(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const lab = await context.newPage();
  await signIn(lab, demo.lab);
  await lab.getByTestId('nav-results').click();
  await expect(lab.getByTestId('results-table-row').first()).toBeVisible();
  const uploads = lab.getByTestId('results-table-row').filter({ hasText: '.vcf.gz' });
  if ((await uploads.count()) === 0) {
    await lab
      .getByTestId('results-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'plate-no-call.vcf.gz', mimeType: 'application/gzip', buffer: demoVcf });
    await expect(uploads.first().getByTestId('result-status')).toHaveText('Dokončeno – nutná kontrola', {
      timeout: 45_000,
    });
  }
  await uploads.first().locator('[data-testid^=result-view-]').click();
  const noCall = lab.getByTestId('result-marker-row').filter({ hasText: 'rs1801133' });
  await expect(noCall).toHaveCount(1);
  const barcode = (await noCall.getAttribute('data-barcode')) ?? '';
  const report = lab
    .locator(`[data-testid=result-sample-row][data-barcode="${barcode}"]`)
    .getByTestId('result-sample-report');
  await expect(report).toContainText('Výsledek #');
  const id = /#(\d+)/.exec(await report.innerText())?.[1] ?? '';
  expect(id).toMatch(/^\d+$/);
  await context.close();
  return id;
}

const texts = {
  cs: {
    notDeterminedTitle: 'Neurčené fenotypy',
    folate: 'Metabolismus folátu',
    cause: 'rs1801133: laboratoř marker nezavolala (no call)',
    rule: 'Faktor V Leiden a protrombin G20210A současně',
    weight1: 'Klinicky významné (s doporučeným postupem)',
    notDetermined: 'neurčeno',
    noCall: 'neurčeno (bez určení)',
    noCallCause: 'Příčina: laboratoř marker nezavolala (no call)',
    homozygous: 'homozygot pro variantu',
    geneStrand: 'vlákno genu A/A',
    plus: 'plusové vlákno T/T',
    openPoint:
      'Zveřejnit i s 1 neurčeným fenotypem; zpráva ho uvede jako neurčený a doporučí nové vyšetření vzorku.',
    publishBlocked: 'Zveřejnit zatím nelze:',
    openPhenotypes: 'Konečná zpráva potřebuje každý fenotyp posouzený nebo vyřazený',
  },
  en: {
    notDeterminedTitle: 'Not determined phenotypes',
    folate: 'Folate metabolism',
    cause: 'rs1801133: the laboratory did not call the marker (no call)',
    rule: 'Factor V Leiden and prothrombin G20210A together',
    weight1: 'Actionable medical',
    notDetermined: 'not determined',
    noCall: 'not determined (no call)',
    noCallCause: 'Cause: the laboratory did not call the marker (no call)',
    homozygous: 'homozygous for the variant',
    geneStrand: "gene's strand A/A",
    plus: 'plus strand T/T',
    openPoint:
      'Publish with the 1 phenotype not determined; the report states it as not determined and advises a retest of the sample.',
    publishBlocked: 'Cannot publish yet:',
    openPhenotypes: 'A final report needs every phenotype assessed or withheld',
  },
} as const;

async function checkReport(page: Page, id: string, words: (typeof texts)[keyof typeof texts]) {
  await page.goto(`/customers/products/${id}`);

  // The phenotype not determined, with the marker and its cause.
  const notDetermined = page.getByTestId('product-not-determined');
  await expect(notDetermined).toContainText(words.notDeterminedTitle);
  await expect(notDetermined.getByTestId('product-not-determined-phenotype')).toHaveCount(1);
  await expect(notDetermined).toContainText(words.folate);
  await expect(notDetermined.getByTestId('product-not-determined-gene')).toHaveText(words.cause);

  // The summary: the fired combination (actionable medical, high) first, its weight in words.
  const first = page.getByTestId('report-finding').first();
  await expect(first).toHaveAttribute('data-kind', 'combination');
  await expect(first.getByTestId('report-finding-name')).toHaveText(words.rule);
  await expect(first.getByTestId('finding-weight')).toHaveText(words.weight1);

  // In its category: "not determined", never a risk; the no-called gene with its cause.
  const category = page
    .getByTestId('report-category')
    .filter({ has: page.getByTestId('category-not-determined') });
  await category.locator('button').first().click();
  const phenotype = page.locator('[data-testid="report-phenotype"][data-not-determined]');
  await expect(phenotype).toHaveCount(1);
  await expect(phenotype.getByTestId('risk-badge')).toHaveText(words.notDetermined);
  const gene = phenotype.locator('[data-testid=phenotype-gene][data-gene=rs1801133]');
  await expect(gene.getByTestId('gene-genotype')).toHaveText(words.noCall);
  await expect(gene.getByTestId('gene-no-call-reason')).toHaveText(words.noCallCause);

  // The gene table: Factor V Leiden in the clinician's notation, the no-call with its cause.
  const table = page.getByTestId('product-genes');
  const f5 = table.locator('[data-testid=gene-row][data-gene=rs6025]');
  await expect(f5.getByTestId('gene-zygosity')).toHaveText(words.homozygous);
  // F5 reads the minus strand: the alleles as its HGVS c. reads them, the plus strand's under them.
  await expect(f5.getByTestId('gene-strand')).toHaveText(words.geneStrand);
  await expect(f5.getByTestId('gene-plus-strand')).toHaveText(words.plus);
  await expect(f5.getByTestId('gene-hgvs')).toHaveText('NM_000130.5:c.1601G>A');
  const mthfr = table.locator('[data-testid=gene-row][data-gene=rs1801133]');
  await expect(mthfr.getByTestId('gene-genotype')).toHaveText(words.noCall);
  await expect(mthfr.getByTestId('gene-no-call-reason')).toHaveText(words.noCallCause);

  // A final report is not published with it (issue 35: assessed or withheld first); a preliminary one
  // asks to confirm it: the report will say "not determined" and advise a retest.
  await page.getByTestId('product-edit').click();
  await expect(page.getByTestId('product-publish')).toBeDisabled();
  // Why, said beside it (a disabled button shows no tooltip).
  await expect(page.getByTestId('product-publish-blocked')).toContainText(words.publishBlocked);
  await expect(page.getByTestId('product-publish-blocked')).toContainText(words.openPhenotypes);
  await page.getByTestId('product-preliminary').click();
  await expect(page.getByTestId('product-open-points')).toContainText(words.openPoint);
  await expect(page.getByTestId('product-open-point-not-determined')).toContainText(
    `${words.folate} (${words.cause})`,
  );
  await expect(page.getByTestId('product-preliminary-confirm')).toBeDisabled();
  await page.getByTestId('product-preliminary-cancel').click();
}

test.describe('a no-call on the report', () => {
  test('the report screen shows the phenotype not determined with its cause, genotypes in words, the gravest finding first, and the open point to publish (cs, en)', {
    tag: '@alone',
  }, async ({ page, browser }) => {
    const id = await reportWithNoCall(browser);
    // The lab's specialist validated it: the doctor's publish dialog is open to them.
    await validateAsLab(page.request, id);
    await signIn(page, demo.doctor);
    await checkReport(page, id, texts.cs);
    await switchLanguage(page, 'EN');
    await checkReport(page, id, texts.en);
  });
});
