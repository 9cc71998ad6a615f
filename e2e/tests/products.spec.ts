import { expect, type Page, test } from '@playwright/test';
import { claimReport, releasableReports, validateAsLab } from '../support/release';
import { bearer, demo, signIn, switchLanguage } from '../support/session';

/** The list of a section narrowed to one report by its barcode. */
async function openList(page: Page, path: string, barcode: string) {
  await page.goto(`${path}?search=${encodeURIComponent(barcode)}`);
  await expect(page.getByTestId('products-table-search')).toHaveValue(barcode);
}

/** Confirms, one by one, every open point the publish dialog lists. */
async function confirmOpenPoints(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  for (const point of await page
    .getByTestId(/^product-open-point-(inspection|notAssessed|notDetermined|emptyIntro)$/)
    .all())
    await point.check();
}

/** Requests a move from a list row: the row shows the pending move, then leaves the list. */
async function moveFromList(page: Page, id: string, to: string, toast: RegExp) {
  const row = page.locator(`[data-testid="products-table-row"][data-row-id="${id}"]`);
  await row.getByTestId(`product-move-${to}-${id}`).click();
  // The move is pending until its job runs, which can be quicker than a look at the row: the list's
  // pending state is covered by the web's unit tests; here the report leaves the list.
  await expect(row).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(toast)).toBeVisible();
}

test.describe('reports', () => {
  for (const language of ['cs', 'en'] as const)
    test(`an unsaved draft goes with the sign-out: the next person at the browser does not see it (${language})`, async ({
      page,
    }) => {
      await signIn(page, demo.doctor);
      if (language === 'en') await switchLanguage(page, 'EN');
      const headers = await bearer(page.request, demo.doctor);
      const list = await page.request.get('/api/admin/products?pageSize=1', { headers });
      const [report] = ((await list.json()) as { items: { id: number }[] }).items;
      await page.goto(`/customers/products/edit/${report!.id}`);
      await page.getByTestId('product-doctor-intro').locator('.ProseMirror').click();
      await page.keyboard.type(`Neuloženo ${language}`);
      const drafts = () =>
        page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('productDraft')).length);
      await expect.poll(drafts).toBe(1);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await expect(page.getByTestId('login-page')).toBeVisible();
      expect(await drafts()).toBe(0);
      await signIn(page, demo.doctor);
      await page.goto(`/customers/products/edit/${report!.id}`);
      await expect(page.getByTestId('product-doctor-intro')).toBeVisible();
      await expect(page.getByTestId('product-draft-notice')).toHaveCount(0);
    });

  test('the doctor writes an introduction (kept as a draft), publishes the report and moves it between sections', async ({
    page,
  }) => {
    await signIn(page, demo.doctor);
    await page.getByTestId('nav-products').click();
    await expect(page).toHaveURL(/\/customers\/products$/);

    // A generated report, ready for evaluation, that a physician may release once the lab validated it
    // (issue 35; the newest such, other specs take the oldest).
    await page.getByTestId('products-filter-status').click();
    await page.getByRole('option', { name: 'Vygenerováno, připraveno k vyhodnocení' }).click();
    await expect(page.getByTestId('products-table-row').first()).toBeVisible();
    const headers = await bearer(page.request, demo.doctor);
    const [releasable] = await releasableReports(page.request, headers, '-id', 1);
    await validateAsLab(page.request, releasable!);
    const id = String(releasable);
    const detail = await page.request.get(`/api/admin/products/getproduct?ProductId=${id}`, { headers });
    const searched = ((await detail.json()) as { barcode: string }).barcode;
    await openList(page, '/customers/products', searched);
    const row = page.locator(`[data-testid="products-table-row"][data-row-id="${id}"]`);
    await expect(row.getByTestId('product-status')).toHaveAttribute('data-status', '1');
    const barcode = (await row.getByTestId('product-barcode').innerText()).trim();
    expect(barcode).toMatch(/\S/);
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/customers/products/${id}$`));
    await expect(page.getByTestId('product-detail-status').getByTestId('product-status')).toHaveAttribute(
      'data-status',
      '1',
    );
    await expect(page.getByTestId('report-category').first()).toBeVisible();

    // The introduction is kept as a draft while the doctor types.
    const intro = `Úvodní slovo e2e ${Date.now()}`;
    await page.getByTestId('product-edit').click();
    await expect(page).toHaveURL(new RegExp(`/customers/products/edit/${id}$`));
    const editor = page.getByTestId('product-doctor-intro').locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type(intro);
    // Kept as the doctor's own, among what a sign-out removes (issue 36).
    const draftOf = () =>
      page.evaluate(
        (suffix) =>
          Object.entries(localStorage).find(
            ([key]) => key.startsWith('genodesk.session.productDraft.') && key.endsWith(suffix),
          )?.[1] ?? null,
        `.${id}`,
      );
    await expect.poll(draftOf).toContain(intro);

    // Leave without saving and come back: the draft is still there.
    await page.getByTestId('nav-products').click();
    await expect(page).toHaveURL(/\/customers\/products$/);
    await page.goto(`/customers/products/edit/${id}`);
    await expect(page.getByTestId('product-draft-notice')).toBeVisible();
    await expect(page.getByTestId('product-doctor-intro').locator('.ProseMirror')).toContainText(intro);

    // Publish it (after a confirmation: the customer gets an e-mail; any open point confirmed one by one).
    await page.getByTestId('product-publish').click();
    await expect(page.getByTestId('product-publish-confirm')).toBeVisible();
    await confirmOpenPoints(page);
    await page.getByTestId('product-publish-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/customers/products/${id}$`));
    await expect(page.getByTestId('product-detail-status').getByTestId('product-status')).toHaveText(
      'Publikováno',
    );
    await expect(page.getByTestId('product-doctor-intro-text')).toContainText(intro);
    await expect(page.getByTestId('product-change-field').first()).toBeVisible();
    expect(await draftOf()).toBeNull();

    // Results → doctor section → archive → doctor section → results.
    await openList(page, '/customers/products', barcode);
    await moveFromList(page, id, 'doctorSection', /je nyní v lékařské sekci/);
    await openList(page, '/customers/products-doctorsection', barcode);
    await expect(page.locator(`[data-testid="products-table-row"][data-row-id="${id}"]`)).toBeVisible();
    await moveFromList(page, id, 'archive', /je nyní v archivu/);
    await openList(page, '/customers/archive', barcode);
    const archived = page.locator(`[data-testid="products-table-row"][data-row-id="${id}"]`);
    await expect(archived).toBeVisible();
    await expect(archived.getByTestId(`product-edit-${id}`)).toHaveCount(0);
    await moveFromList(page, id, 'doctorSection', /je nyní v lékařské sekci/);
    await openList(page, '/customers/products-doctorsection', barcode);
    await moveFromList(page, id, 'results', /je zpět ve výsledcích/);
    await openList(page, '/customers/products', barcode);
    const back = page.locator(`[data-testid="products-table-row"][data-row-id="${id}"]`);
    await expect(back).toBeVisible();
    await expect(back.getByTestId('product-status')).toHaveText('Publikováno');
  });

  test('a phenotype no template matches is "neposouzeno" / "not assessed", never a risk; the doctor assesses it; publishing asks to confirm each open point', async ({
    page,
  }) => {
    await signIn(page, demo.doctor);
    // Demo reports of every fourth sample carry a CFTR genotype (homozygous F508del) no template
    // covers; others ask for an inspection for a marker not called: the first two not assessed.
    await page.goto('/customers/products?status=1&requiresInspection=true&sort=id');
    const rows = page.getByTestId('products-table-row');
    await expect(rows.nth(1)).toBeVisible();
    const candidates = await rows.evaluateAll((found) =>
      found.map((row) => row.getAttribute('data-row-id') ?? ''),
    );
    // The one published has nothing not determined (a final report is not published with it); the
    // other is only read. Claimed: the words spec, in another worker, assesses one of these too.
    let id = '';
    let other = '';
    for (const candidate of candidates) {
      if (id && other) break;
      await page.goto(`/customers/products/${candidate}`);
      await expect(page.getByTestId('product-overview')).toBeVisible();
      if ((await page.getByTestId('product-not-assessed').count()) === 0) continue;
      const nothingNotDetermined = (await page.getByTestId('product-not-determined').count()) === 0;
      if (!id && nothingNotDetermined && claimReport(candidate)) id = candidate;
      else if (!other && claimReport(candidate)) other = candidate;
    }
    expect(id, 'a demo report not assessed with nothing not determined').not.toBe('');
    expect(other, 'another demo report not assessed').not.toBe('');
    // The lab's specialist validated it (issue 35): the sign-off is the doctor's to give.
    await validateAsLab(page.request, id);
    await page.goto(`/customers/products/${id}`);
    await expect(page.getByTestId('product-not-assessed')).toContainText('Přenašečství cystické fibrózy');
    const category = page
      .getByTestId('report-category')
      .filter({ has: page.getByTestId('category-not-assessed') });
    await category.locator('button').first().click();
    const phenotype = page.locator('[data-testid="report-phenotype"][data-not-assessed]');
    await expect(phenotype).toHaveCount(1);
    await expect(phenotype.getByTestId('risk-badge')).toHaveText('neposouzeno');
    await expect(phenotype).not.toContainText('riziko');

    // No promises in a final report (issue 35): it is not published with the phenotype not assessed;
    // a preliminary one lists the open points and waits until each is confirmed.
    await page.getByTestId('product-edit').click();
    await expect(page.getByTestId('product-publish')).toBeDisabled();
    await page.getByTestId('product-preliminary').click();
    await expect(page.getByTestId('product-open-points')).toContainText(
      'Zveřejnit i s 1 neposouzeným fenotypem',
    );
    await expect(page.getByTestId('product-open-point-phenotypes')).toContainText(
      'Přenašečství cystické fibrózy',
    );
    await expect(page.getByTestId('product-open-point-inspection')).toBeVisible();
    await expect(page.getByTestId('product-preliminary-confirm')).toBeDisabled();
    await page.getByTestId('product-preliminary-cancel').click();

    // The doctor assesses it with a template of its phenotype.
    await page.goto(`/customers/products/${id}`);
    await category.locator('button').first().click();
    await phenotype.getByTestId('phenotype-assess').click();
    await page.locator('[data-testid^="assess-template-"]').last().click();
    await page.getByTestId('assess-submit').click();
    await expect(page.getByText('Fenotyp Přenašečství cystické fibrózy je posouzen.')).toBeVisible();
    await expect(page.getByTestId('product-not-assessed')).toHaveCount(0);
    await expect(page.getByTestId('phenotype-assessed-by')).toContainText('Posouzení:');

    // Published with the inspection confirmed: the flag is gone and the change log says who confirmed it.
    await page.getByTestId('product-edit').click();
    await page.getByTestId('product-publish').click();
    await expect(page.getByTestId('product-open-point-notAssessed')).toHaveCount(0);
    await confirmOpenPoints(page);
    await page.getByTestId('product-publish-confirm').click();
    await expect(page.getByTestId('product-detail-status').getByTestId('product-status')).toHaveText(
      'Publikováno',
    );
    await expect(page.getByTestId('product-inspection')).toHaveCount(0);
    await expect(page.getByTestId('product-changelog')).toContainText('výsledek zkontrolován');

    await switchLanguage(page, 'EN');
    await page.goto(`/customers/products/${other}`);
    await expect(page.getByTestId('product-not-assessed')).toContainText('Cystic fibrosis carrier');
    await category.locator('button').first().click();
    await expect(phenotype.getByTestId('risk-badge')).toHaveText('not assessed');
  });
});
