import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { searchList } from '../support/lists';
import { demo, signIn, switchLanguage } from '../support/session';

const freshDemoFile = new URL('../../api/src/seed/data/demo-results-fresh.csv', import.meta.url);
const header = 'barcode,gene_code,gene_name,hgvs_c,protein,transcript,genotype';

/** The fresh demo results file (api seed data) with one more row, for a barcode no sample has. */
function resultsFile(unknownBarcode: string): string {
  const text = readFileSync(freshDemoFile, 'utf8').replace(/\s+$/, '');
  // After the `##strand=plus` declaration: the header, then the rows.
  const lines = text.split(/\r?\n/).filter((line) => !line.startsWith('##'));
  const delimiter = (lines[0] ?? '').includes(';') ? ';' : ',';
  const firstRow = lines[1] ?? '';
  return `${text}\n${unknownBarcode}${firstRow.slice(firstRow.indexOf(delimiter))}\n`;
}

async function upload(page: Page, name: string, content: string) {
  await page
    .getByTestId('results-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
}

const uploadRow = (page: Page, fileName: string) =>
  page.getByTestId('results-table-row').filter({ hasText: fileName });

test.describe('lab results', () => {
  test('the lab uploads a results file, follows it to completion, sees the unknown barcode; duplicates and malformed files are refused', async ({
    page,
  }) => {
    const stamp = Date.now();
    const unknownBarcode = `E2E${stamp}`;
    const fileName = `vysledky-${stamp}.csv`;
    const brokenName = `vadny-${stamp}.csv`;

    await signIn(page, demo.lab);
    await page.getByTestId('nav-results').click();
    await expect(page).toHaveURL(/\/results$/);
    await expect(page.getByRole('heading', { name: 'Laboratorní výsledky' })).toBeVisible();
    const content = resultsFile(unknownBarcode);

    await upload(page, fileName, content);
    await expect(page.getByText(`Soubor ${fileName} byl nahrán a zpracovává se…`)).toBeVisible();
    const row = uploadRow(page, fileName);
    await expect(row).toHaveCount(1);
    // The list polls while the job works; the unknown barcode asks for an inspection.
    await expect(row.getByTestId('result-status')).toHaveText('Dokončeno – nutná kontrola', {
      timeout: 45_000,
    });
    await expect(row.getByTestId('result-unpairable')).not.toHaveText('0');
    await expect(row.getByTestId('result-paired')).not.toHaveText('0');

    await row.locator('[data-testid^=result-view-]').click();
    await expect(page).toHaveURL(/\/results\/\d+$/);
    await expect(page.getByTestId('result-detail-file-name')).toHaveText(fileName);
    await expect(page.getByTestId('result-detail-status')).toHaveText('Dokončeno – nutná kontrola');
    const unknown = page.locator(`[data-testid=result-unpairable-row][data-barcode="${unknownBarcode}"]`);
    await expect(unknown.getByTestId('result-unpairable-reason')).toHaveText('Neznámý čárový kód');
    await expect(unknown).toContainText(
      String(content.split('\n').findIndex((l) => l.startsWith(unknownBarcode)) + 1),
    );
    // The paired samples are listed, each with its generated report.
    const pairedRows = page.getByTestId('result-sample-row');
    await expect(pairedRows.first()).toBeVisible();
    await expect(pairedRows.first().getByTestId('result-sample-report')).toContainText('Výsledek #');

    // A paired sample's customer now has genotypes, and the sample has left the lab.
    const unpairable = await page
      .getByTestId('result-unpairable-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-barcode')));
    const fileBarcodes = content
      .split('\n')
      .filter((line) => !line.startsWith('##'))
      .slice(1)
      .map((line) => line.split(/[,;]/)[0]?.replace(/"/g, '') ?? '')
      .filter(Boolean);
    const paired = fileBarcodes.find((b) => !unpairable.includes(b));
    expect(paired).toBeTruthy();
    await page.getByTestId('nav-samples').click();
    await searchList(page, 'samples-table', paired ?? '');
    await expect(page.getByTestId('samples-table-row')).toHaveCount(1);
    await expect(page.getByTestId('samples-table-row').getByTestId('sample-status')).toHaveText(
      'Laboratorní analýza dokončena',
    );
    await page.getByTestId('samples-table-row').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/customers\/view\/\d+$/);
    await expect(page.getByTestId('customer-results').getByTestId('gene-row').first()).toBeVisible();
    await expect(page.getByTestId('customer-results')).toContainText('Genotypy');

    // The same file again: refused, nothing new in the list.
    await page.getByTestId('nav-results').click();
    await upload(page, fileName, content);
    await expect(page.getByText(/Tento soubor s výsledky už byl nahrán/)).toBeVisible();
    await expect(uploadRow(page, fileName)).toHaveCount(1);

    // A malformed file fails and names every bad line.
    await upload(
      page,
      brokenName,
      `${header}\nGD-BROKEN,MTHFR,Methylenetetrahydrofolate reductase\nGD-BROKEN,rs1801133,MTHFR,,,,Q/Q\n`,
    );
    const broken = uploadRow(page, brokenName);
    await expect(broken.getByTestId('result-status')).toHaveText('Chyba', { timeout: 30_000 });
    // The list says why (issue 37), not only that it failed: no need to open the row.
    await expect(broken.getByTestId('result-failure')).toContainText('Řádek 3: neplatný genotyp „Q/Q“.');
    await expect(uploadRow(page, fileName).getByTestId('result-failure')).toHaveCount(0);
    await broken.locator('[data-testid^=result-view-]').click();
    await expect(page.getByTestId('result-exception')).toContainText('Řádek 2');
    await expect(page.getByTestId('result-exception')).toContainText('Řádek 3: neplatný genotyp „Q/Q“.');

    // English: the exception comes localized from the API, the labels from the contract.
    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('result-exception')).toContainText('Line 2');
    await expect(page.getByTestId('result-detail-status')).toHaveText('Failed');
    await page.getByTestId('nav-results').click();
    await expect(page.getByText('Drop a results file here or click to choose one')).toBeVisible();
    await expect(uploadRow(page, fileName).getByTestId('result-status')).toHaveText(
      'Complete – inspection required',
    );
    await expect(uploadRow(page, brokenName).getByTestId('result-failure')).toContainText(
      'Line 3: invalid genotype "Q/Q".',
    );
  });

  test('one notation: a strand-ambiguous marker in a CSV without a declared strand is refused whole; codes neither the catalogue nor the map knows are counted in Czech plurals', async ({
    page,
  }) => {
    const stamp = Date.now();
    await signIn(page, demo.lab);
    await page.getByTestId('nav-results').click();

    // HFE H63D (rs1799945) is C/G on the plus strand: its complement is itself, so the file must say its strand.
    const ambiguous = `ambiguous-${stamp}.csv`;
    await upload(
      page,
      ambiguous,
      `${header}\nGD${stamp},rs6025,F5,,,,C/T\nGD${stamp},rs1799945,HFE,,,,C/G\nGD${stamp},rs9939609,FTO,,,,A/T\n`,
    );
    const refused = uploadRow(page, ambiguous);
    await expect(refused.getByTestId('result-status')).toHaveText('Chyba', { timeout: 30_000 });
    await refused.locator('[data-testid^=result-view-]').click();
    const exception = page.getByTestId('result-exception');
    await expect(exception).toContainText(
      'Řádek 3: marker rs1799945 má alely C/G (A/T nebo C/G), z nichž nelze poznat vlákno; uveďte vlákno souboru',
    );
    await expect(exception).toContainText('Řádek 4: marker rs9939609');
    await expect(page.getByTestId('result-detail-status')).toHaveText('Chyba');
    await switchLanguage(page, 'EN');
    await expect(exception).toContainText(
      'Line 3: the marker rs1799945 has the alleles C/G (A/T or C/G), which cannot tell the strand; declare the file’s strand',
    );

    // Declared, the same calls are read; two rows of a code nobody knows are named with the right plural.
    await switchLanguage(page, 'CS');
    await page.getByTestId('nav-results').click();
    const declared = `declared-${stamp}.csv`;
    await upload(
      page,
      declared,
      `##strand=plus\n${header}\nGDA${stamp},rs1799945,HFE,,,,C/G\nGDA${stamp},FAKE${stamp},X,,,,A/A\nGDB${stamp},FAKE${stamp},X,,,,A/G\nGDB${stamp},rs1042713,ADRB2,,,,G/A\n`,
    );
    const read = uploadRow(page, declared);
    await expect(read.getByTestId('result-status')).toHaveText('Dokončeno – nutná kontrola', {
      timeout: 30_000,
    });
    await read.locator('[data-testid^=result-view-]').click();
    const unknownGenes = page.getByTestId('result-unknown-genes');
    await expect(unknownGenes).toContainText(
      `Katalog ani mapa markerů tyto kódy neznají (2 řádky): FAKE${stamp}.`,
    );
    await expect(unknownGenes).not.toContainText('rs1042713');
    await switchLanguage(page, 'EN');
    await expect(unknownGenes).toContainText(
      `Neither the catalogue nor the marker map knows these codes (2 rows): FAKE${stamp}.`,
    );
  });
});
