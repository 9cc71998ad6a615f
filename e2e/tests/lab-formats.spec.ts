import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { demo, signIn, switchLanguage } from '../support/session';

/** The demo's bgzipped VCF (api seed data): three samples awaiting results, the first with a no-call. */
const demoVcf = readFileSync(new URL('../../api/src/seed/data/demo-results-fresh.vcf.gz', import.meta.url));

test.describe('lab formats', () => {
  // `@alone`: its counts are against the whole marker map, to which markers.spec adds markers of its own.
  test('the lab uploads a bgzipped VCF and sees the per-sample marker counts and the generated reports, in Czech and English', {
    tag: '@alone',
  }, async ({ page }) => {
    await signIn(page, demo.lab);
    await page.getByTestId('nav-results').click();
    await expect(page.getByTestId('results-upload-options')).toBeVisible();
    await page
      .getByTestId('results-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'plate-42.vcf.gz', mimeType: 'application/gzip', buffer: demoVcf });
    await expect(page.getByText('Soubor plate-42.vcf.gz byl nahrán a zpracovává se…')).toBeVisible();
    const row = page.getByTestId('results-table-row').filter({ hasText: 'plate-42.vcf.gz' });
    // The first sample's no-call asks for an inspection.
    await expect(row.getByTestId('result-status')).toHaveText('Dokončeno – nutná kontrola', {
      timeout: 45_000,
    });
    await row.locator('[data-testid^=result-view-]').click();

    await expect(page.getByTestId('result-detail-format')).toHaveText('VCF');
    await expect(page.getByTestId('result-detail-build')).toHaveText('GRCh38');
    const markerRows = page.getByTestId('result-marker-row');
    await expect(markerRows).toHaveCount(3);
    const first = markerRows.first();
    await expect(first.getByTestId('result-marker-found')).toHaveText('13');
    await expect(first.getByTestId('result-marker-no-calls')).toHaveText('1');
    await expect(first.getByTestId('result-marker-problems')).toHaveText('rs1801133 (bez určení)');
    await expect(markerRows.nth(1).getByTestId('result-marker-problems')).toHaveText('Vše určeno');

    // Each sample paired and got its report.
    const samples = page.getByTestId('result-sample-row');
    await expect(samples).toHaveCount(3);
    for (const report of await samples.getByTestId('result-sample-report').all())
      await expect(report).toContainText('Výsledek #');
    await expectAccessible(page);

    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('result-marker-counts')).toContainText('Markers per sample');
    await expect(first.getByTestId('result-marker-problems')).toHaveText('rs1801133 (no call)');
    await expect(page.getByTestId('result-detail-status')).toHaveText('Complete – inspection required');
    await expectAccessible(page);

    // The first sample's customer: the stored genotype of rs1801133 is a no-call, said in words.
    await samples.first().locator('a[href*="/customers/view/"]').click();
    await expect(page).toHaveURL(/\/customers\/view\/\d+$/);
    const noCall = page.locator('[data-testid=gene-row][data-gene=rs1801133]').getByTestId('gene-genotype');
    await expect(noCall).toHaveText('not determined (no call)');
    await expect(
      page.locator('[data-testid=gene-row][data-gene=rs4988235]').getByTestId('gene-genotype'),
    ).toHaveText(/^[GA]\/[GA]$/);
  });
});
