import { expect, type Page, test } from '@playwright/test';
import { searchList } from '../support/lists';
import { demo, signIn, staffApi, switchLanguage } from '../support/session';

async function createMarker(geneCode: string, position: number) {
  const api = await staffApi();
  const created = await api.post('/api/admin/templates/markers', {
    data: {
      GeneCode: geneCode,
      Rsid: `rs${position}`,
      GeneName: 'E2EGENE',
      Chromosome: '22',
      PositionGrch37: position + 1000,
      PositionGrch38: position,
      Reference: 'G',
      Alternative: 'A',
      GeneStrand: '-',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const marker = (await created.json()) as { id: number };
  await api.dispose();
  return marker;
}

/**
 * The markers these tests made leave the map when they end: the lab's files are counted against the
 * whole map (lab-formats.spec expects the demo's), and an extra marker there is a no-call in every sample.
 */
test.afterAll(async () => {
  const api = await staffApi();
  const found = await api.get('/api/admin/templates/markers', { params: { search: 'E2E-', pageSize: 100 } });
  expect(found.status()).toBe(200);
  const { items } = (await found.json()) as { items: { id: number; geneCode: string }[] };
  for (const marker of items.filter((m) => m.geneCode.startsWith('E2E-'))) {
    const deleted = await api.delete('/api/admin/templates/markers', { params: { Id: marker.id } });
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
  await api.dispose();
});

const header =
  'GeneCode;Rsid;GeneName;HgvsC;Protein;Transcript;Chromosome;PositionGrch37;PositionGrch38;Reference;Alternative;GeneStrand';

/** Opens the map from the navigation and searches it. */
async function openMap(page: Page, search?: string) {
  await page.getByTestId('nav-markers').click();
  await expect(page).toHaveURL(/\/templates\/markers/);
  await expect(page.getByTestId('markers-table-row').first()).toBeVisible();
  if (search) {
    await searchList(page, 'markers-table', search);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(search)}`));
  }
}

const rowOf = (page: Page, geneCode: string) =>
  page.getByTestId('markers-table-row').filter({ has: page.getByText(geneCode, { exact: true }) });

for (const language of ['cs', 'en'] as const) {
  const texts =
    language === 'cs'
      ? {
          title: 'Mapa markerů',
          saved: (code: string) => `Marker ${code} je uložen.`,
          required: 'Pole je povinné!',
          position: 'Zadejte pozici alespoň v jednom sestavení (GRCh37 nebo GRCh38).',
          strand: 'Nejednoznačný řetězec',
          refused: 'Soubor nebyl importován a v mapě se nic nezměnilo: 2 chybné řádky.',
          line3: 'Řádek 3, Reference: Alela na plusovém řetězci smí obsahovat jen A, C, G a T.',
          line4: 'Řádek 4: kód genu e2e-import-cs je v souboru už na řádku 2.',
          imported: 'Přidáno 1, změněno 0, beze změny 0.',
        }
      : {
          title: 'Marker map',
          saved: (code: string) => `The marker ${code} is saved.`,
          required: 'This field is required!',
          position: 'Enter the position in at least one build (GRCh37 or GRCh38).',
          strand: 'Strand-ambiguous',
          refused: 'The file was not imported and nothing in the map changed: 2 bad lines.',
          line3: 'Line 3, Reference: An allele on the plus strand may contain only A, C, G and T.',
          line4: 'Line 4: the gene code e2e-import-en is already on line 2 of the file.',
          imported: '1 added, 0 changed, 0 unchanged.',
        };
  const inLanguage = async (page: Page) => {
    await signIn(page, demo.admin);
    if (language === 'en') await switchLanguage(page, 'EN');
  };
  const suffix = language.toUpperCase();

  test.describe(`the marker map (${language})`, () => {
    test('the list shows the demo map; a marker’s position is edited and saved', async ({ page }) => {
      const geneCode = `E2E-EDIT-${suffix}`;
      const position = language === 'cs' ? 40_000_100 : 40_000_200;
      await createMarker(geneCode, position);
      await inLanguage(page);
      await openMap(page);
      await expect(page.getByTestId('page-title')).toHaveText(texts.title);
      // The demo's C/G marker (HFE H63D) says it is strand-ambiguous in words.
      await searchList(page, 'markers-table', 'rs1799945');
      await expect(page.getByTestId('markers-table-row')).toHaveCount(1);
      await expect(page.getByTestId('marker-strand-ambiguous')).toHaveText(texts.strand);

      await searchList(page, 'markers-table', geneCode);
      const row = rowOf(page, geneCode);
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('marker-grch38')).toHaveText(`22:${position}`);
      await row.click();
      await expect(page.getByTestId('marker-form')).toBeVisible();
      await expect(page.getByTestId('marker-PositionGrch38')).toHaveValue(String(position));
      await page.getByTestId('marker-PositionGrch38').fill(String(position + 7));
      await page.getByTestId('marker-submit').click();
      await expect(page.getByText(texts.saved(geneCode))).toBeVisible();
      await expect(page).toHaveURL(/\/templates\/markers(\?|$)/);

      await searchList(page, 'markers-table', geneCode);
      await expect(rowOf(page, geneCode).getByTestId('marker-grch38')).toHaveText(`22:${position + 7}`);
      // Saved, not just shown: a fresh load says the same.
      await page.reload();
      await expect(rowOf(page, geneCode).getByTestId('marker-grch38')).toHaveText(`22:${position + 7}`);
    });

    test('a marker is created (the form checks it first) and deleted after confirmation', async ({
      page,
    }) => {
      const geneCode = `E2E-NEW-${suffix}`;
      await inLanguage(page);
      await openMap(page);
      await page.getByTestId('marker-create').click();
      await page.getByTestId('marker-submit').click();
      await expect(page.getByTestId('marker-form').getByText(texts.required).first()).toBeVisible();

      await page.getByTestId('marker-GeneCode').fill(geneCode);
      await page.getByTestId('marker-Rsid').fill('rs12345');
      await page.getByTestId('marker-GeneName').fill('E2EGENE');
      await page.getByTestId('marker-Chromosome').click();
      await page.getByRole('option', { name: 'X', exact: true }).click();
      await page.getByTestId('marker-Reference').fill('a');
      await page.getByTestId('marker-Alternative').fill('t');
      await expect(page.getByTestId('marker-form-strand-ambiguous')).toHaveText(texts.strand);
      await page.getByTestId('marker-GeneStrand-minus').check();
      await page.getByTestId('marker-submit').click();
      await expect(page.getByText(texts.position)).toBeVisible();
      await page.getByTestId('marker-PositionGrch38').fill(language === 'cs' ? '41000100' : '41000200');
      await page.getByTestId('marker-submit').click();
      await expect(page.getByText(texts.saved(geneCode))).toBeVisible();

      await searchList(page, 'markers-table', geneCode);
      const row = rowOf(page, geneCode);
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('marker-strand-ambiguous')).toHaveText(texts.strand);
      await row.locator('[data-testid^="marker-delete-"]').click();
      await page.getByTestId('marker-delete-confirm').click();
      await expect(page.getByTestId('markers-table-empty')).toBeVisible();
    });

    test('a CSV with bad lines is refused whole, naming each; a good one is imported', async ({ page }) => {
      const geneCode = `E2E-IMPORT-${suffix}`;
      const position = language === 'cs' ? 42_000_100 : 42_000_200;
      await inLanguage(page);
      await openMap(page);
      const bad = [
        header,
        `${geneCode};;;;;;21;;${position};C;T;+`,
        `E2E-BAD-${suffix};;;;;;21;;${position + 1};N;T;+`,
        `${geneCode.toLowerCase()};;;;;;21;;${position + 2};C;T;+`,
      ].join('\r\n');
      await page
        .getByTestId('markers-import-input')
        .setInputFiles({ name: 'map.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      const refusal = page.getByTestId('markers-import-errors');
      await expect(refusal).toContainText(texts.refused);
      await expect(page.getByTestId('markers-import-error-lines').getByRole('listitem')).toHaveText([
        texts.line3,
        texts.line4,
      ]);
      // Nothing was stored.
      await searchList(page, 'markers-table', geneCode);
      await expect(page.getByTestId('markers-table-empty')).toBeVisible();

      const good = [header, `${geneCode};;;;;;21;;${position};C;T;+`].join('\n');
      await page
        .getByTestId('markers-import-input')
        .setInputFiles({ name: 'map.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await expect(page.getByText(texts.imported)).toBeVisible();
      await expect(refusal).toHaveCount(0);
      await expect(rowOf(page, geneCode)).toHaveCount(1);
    });
  });
}

test('the lab reads the map but cannot change it', async ({ page }) => {
  await signIn(page, demo.lab);
  await openMap(page);
  await expect(page.getByTestId('markers-export')).toBeVisible();
  await expect(page.getByTestId('marker-create')).toHaveCount(0);
  await expect(page.getByTestId('markers-import')).toHaveCount(0);
  await expect(page.locator('[data-testid^="marker-edit-"]')).toHaveCount(0);
  await page.goto('/templates/markers/create');
  await expect(page).not.toHaveURL(/\/templates\/markers\/create/);
});
