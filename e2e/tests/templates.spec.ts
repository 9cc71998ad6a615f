import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { searchList } from '../support/lists';
import { demo, signIn, switchLanguage } from '../support/session';

/** The editable area of a rich text field. */
const editor = (page: Page, testId: string) => page.getByTestId(testId).locator('.ProseMirror');

async function pick(page: Page, selectTestId: string, option: string) {
  await page.getByTestId(selectTestId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectStep(page: Page, step: number) {
  await expect(page.getByTestId('wizard-step')).toHaveAttribute('data-step', String(step));
}

test.describe('template catalogue', () => {
  test('the wizard creates a template with a new gene combination (cs), it is edited, and deleting the phenotype removes its templates', async ({
    page,
  }) => {
    await signIn(page, demo.admin);
    await page.getByTestId('nav-templates').click();
    await expect(page.getByTestId('templates-table-row').first()).toBeVisible();
    await page.getByTestId('templates-create').click();
    await expectStep(page, 1);

    // 1 category: nothing chosen yet → the rule message; then a new one
    await page.getByTestId('wizard-next').click();
    await expect(page.getByText('Musíte zvolit jednu možnost!')).toBeVisible();
    await page.getByTestId('wizard-category-mode').getByText('Vytvořit novou').click();
    await page.getByTestId('wizard-category-name').fill('Spánek a cirkadiánní rytmus');
    // The English name is asked for, not copied from the Czech one.
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-category-name-en')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('wizard-category-name-en').fill('Sleep and circadian rhythm');
    await page.getByTestId('wizard-next').click();

    // 2 subcategory: a new category has no subcategories, so a new one is typed
    await expectStep(page, 2);
    await page.getByTestId('wizard-subcategory-name').fill('Chronotyp');
    await page.getByTestId('wizard-subcategory-name-en').fill('Chronotype');
    await page.getByTestId('wizard-next').click();

    // 3 gene combination: the server's checks, then a new combination
    await expectStep(page, 3);
    const genes = page.getByTestId('wizard-gene-codes');
    await genes.fill('rs1801260, RS1801260');
    await page.getByTestId('wizard-phenotype-cs').click();
    await expect(page.getByText('Některé geny mají stejný kód')).toBeVisible();
    await genes.fill('rs6025');
    await page.getByTestId('wizard-phenotype-cs').click();
    await expect(page.getByText('Genová kombinace již existuje!')).toBeVisible();
    await genes.fill('rs1801260, rs57875989');
    await page.getByTestId('wizard-phenotype-cs').fill('Ranní ptáče');
    await page.getByTestId('wizard-phenotype-en').fill('Morning lark');
    await page.getByTestId('wizard-gender').getByText('Obě pohlaví').click();
    await page.getByTestId('wizard-next').click();

    // 4 genotype combinations: one column per gene; equal rows are flagged while typing
    await expectStep(page, 4);
    await page.getByTestId('wizard-genotypes-cell-0-0').fill('C/T');
    await page.getByTestId('wizard-genotypes-cell-0-1').fill('A/G');
    await page.getByTestId('wizard-genotypes-add').click();
    await page.getByTestId('wizard-genotypes-cell-1-0').fill('tc');
    await page.getByTestId('wizard-genotypes-cell-1-1').fill('GA');
    await expect(page.getByTestId('wizard-genotypes-error-1')).toHaveText('Kombinace 1 a 2 jsou stejné!');
    await page.getByTestId('wizard-next').click();
    await expectStep(page, 4);
    await page.getByTestId('wizard-genotypes-cell-1-0').fill('TT');
    await expect(page.getByTestId('wizard-genotypes-error-1')).toHaveCount(0);
    await page.getByTestId('wizard-genotypes-add').click();
    await page.getByTestId('wizard-genotypes-cell-2-0').fill('C/C');
    await page.getByTestId('wizard-genotypes-remove-2').click();
    await expect(page.getByTestId('wizard-genotypes-row')).toHaveCount(2);
    await page.getByTestId('wizard-next').click();

    // 5 text and risk; Back and Next keep what was entered
    await expectStep(page, 5);
    await page.getByTestId('wizard-next').click();
    await expect(page.getByText('Pole je povinné!')).toBeVisible();
    await editor(page, 'wizard-text-cs').fill('Jste ranní typ: nejlépe se soustředíte dopoledne.');
    await editor(page, 'wizard-text-en').fill('You are a morning type: you focus best before noon.');
    await page.getByTestId('wizard-risk-option-2').click();
    await page.getByTestId('wizard-back').click();
    await expectStep(page, 4);
    await expect(page.getByTestId('wizard-genotypes-cell-1-0')).toHaveValue('TT');
    await page.getByTestId('wizard-next').click();
    await expectStep(page, 5);
    await expect(editor(page, 'wizard-text-cs')).toHaveText(
      'Jste ranní typ: nejlépe se soustředíte dopoledne.',
    );
    await page.getByTestId('wizard-next').click();

    // 6 note, summary, create
    await expectStep(page, 6);
    await page.getByTestId('wizard-note').fill('Ověřeno s laboratoří.');
    await expect(page.getByTestId('wizard-summary')).toContainText('Ranní ptáče');
    await expect(page.getByTestId('wizard-summary')).toContainText('Střední riziko');
    await page.getByTestId('wizard-submit').click();

    await expect(page).toHaveURL(/\/templates\/show\/\d+$/);
    const templateUrl = page.url();
    await expect(page.getByTestId('page-title')).toHaveText('Ranní ptáče');
    await expect(page.getByTestId('template-detail-risk')).toHaveText('Střední riziko');
    await expect(page.getByTestId('template-detail-category')).toHaveText('Spánek a cirkadiánní rytmus');
    await expect(page.getByTestId('template-detail-subcategory')).toHaveText('Chronotyp');
    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('template-detail-category')).toHaveText('Sleep and circadian rhythm');
    await expect(page.getByTestId('template-detail-subcategory')).toHaveText('Chronotype');
    await switchLanguage(page, 'CS');
    await expect(page.getByTestId('template-genotypes-row')).toHaveCount(2);
    await expect(page.getByTestId('template-genotypes')).toContainText('rs57875989');
    await expect(page.getByTestId('template-text-cs')).toContainText('Jste ranní typ');
    await expect(page.getByTestId('template-note')).toHaveText('Ověřeno s laboratoří.');

    // edit: text and risk
    await page.getByTestId('template-edit').click();
    await expect(editor(page, 'template-text-cs')).toContainText('Jste ranní typ');
    await editor(page, 'template-text-cs').fill('Jste výrazně ranní typ.');
    await page.getByTestId('template-risk-option-3').click();
    await page.getByTestId('template-genotypes-add').click();
    await page.getByTestId('template-genotypes-cell-2-0').fill('T/C');
    await page.getByTestId('template-genotypes-cell-2-1').fill('G/A');
    await expect(page.getByTestId('template-genotypes-error-2')).toHaveText('Kombinace 1 a 3 jsou stejné!');
    await page.getByTestId('template-genotypes-remove-2').click();
    await page.getByTestId('template-edit-submit').click();
    await expect(page).toHaveURL(templateUrl);
    await expect(page.getByTestId('template-detail-risk')).toHaveText('Vysoké riziko');
    await expect(page.getByTestId('template-text-cs')).toHaveText('Jste výrazně ranní typ.');

    // the phenotype goes, and ALL its templates with it
    await page.getByTestId('template-detail-phenotype').getByRole('link').click();
    await expect(page.getByTestId('page-title')).toHaveText('Ranní ptáče');
    await page.getByTestId('gene-combination-delete').click();
    // One template: the warning's noun agrees with the count (issue 37).
    await expect(page.getByTestId('delete-gene-combination-warning')).toContainText(
      'Spolu s ním se smaže i jeho 1 šablona.',
    );
    await page.getByTestId('delete-gene-combination-confirm').click();
    await expect(page.getByText('Fenotyp byl smazán i s 1 šablonou.')).toBeVisible();
    await expect(page).toHaveURL(/\/templates\/genecombinations$/);

    await page.getByTestId('nav-templates').click();
    await searchList(page, 'templates-table', 'Ranní');
    await expect(page.getByTestId('templates-table-empty')).toBeVisible();
    // The deleted template's address: a not-found page there, with the way back to the list.
    await page.goto(templateUrl);
    await expect(page.getByTestId('record-not-found')).toContainText('Záznam nenalezen');
    await expect(page).toHaveURL(templateUrl);
    await page.getByTestId('record-not-found-back').click();
    await expect(page).toHaveURL(/\/templates$/);
  });

  test('the wizard in English for an existing phenotype; a row another template has is refused; the template is deleted from the list', async ({
    page,
  }) => {
    await signIn(page, demo.admin);
    await switchLanguage(page, 'EN');
    await page.getByTestId('nav-templates').click();
    await page.getByTestId('templates-create').click();
    await expect(page.getByTestId('page-title')).toHaveText('New template');

    await pick(page, 'wizard-category-select', 'Nutrition');
    await page.getByTestId('wizard-next').click();
    await pick(page, 'wizard-subcategory-select', 'Metabolism');
    await page.getByTestId('wizard-next').click();
    await expectStep(page, 3);
    await pick(page, 'wizard-gene-combination-select', 'Caffeine metabolism (rs762551)');
    await expect(page.getByTestId('wizard-gene-combination-card')).toContainText('rs762551');
    await page.getByTestId('wizard-next').click();

    await expectStep(page, 4);
    await page.getByTestId('wizard-genotypes-cell-0-0').fill('CA');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-genotypes-error-0')).toHaveText(
      'Combination 1 is already used by another template of this gene combination!',
    );
    // rs762551 is in the marker map (plus C/A): a genotype of other alleles is refused on its row.
    await page.getByTestId('wizard-genotypes-cell-0-0').fill('G/G');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-genotypes-error-0')).toHaveText(
      'The genotype G/G of rs762551 is not written on the plus strand of the marker map (alleles C and A).',
    );
    await expectStep(page, 4);
    await page.getByTestId('wizard-genotypes-cell-0-0').fill('C');
    await page.getByTestId('wizard-next').click();

    await expectStep(page, 5);
    await editor(page, 'wizard-text-cs').fill('Hemizygotní genotyp C.');
    await editor(page, 'wizard-text-en').fill('The hemizygous C genotype.');
    await page.getByTestId('wizard-risk-option-4').click();
    await page.getByTestId('wizard-next').click();
    await expectStep(page, 6);
    await page.getByTestId('wizard-submit').click();

    await expect(page).toHaveURL(/\/templates\/show\/\d+$/);
    await expect(page.getByTestId('page-title')).toHaveText('Caffeine metabolism');
    await expect(page.getByTestId('template-detail-risk')).toHaveText('Protective effect');
    await expect(page.getByTestId('template-genotypes-row')).toHaveCount(1);
    await expect(page.getByTestId('template-genotypes-row')).toContainText('C');
    const id = page.url().split('/').pop();

    await page.getByTestId('nav-templates').click();
    await page.getByTestId(`template-delete-${id}`).click();
    await expect(page.getByText('Do you really wish to remove the template?')).toBeVisible();
    await page.getByTestId('delete-template-confirm').click();
    await expect(page.getByText('Template successfully deleted')).toBeVisible();
    await expect(page.getByTestId(`template-delete-${id}`)).toHaveCount(0);
  });

  test('an image is uploaded through the editor, saved with the template and shown; other files are refused', async ({
    page,
  }) => {
    // A 2 × 2 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
      'base64',
    );
    await signIn(page, demo.admin);
    await page.getByTestId('nav-templates').click();
    await page.getByTestId('templates-table-row').first().click();
    await expect(page).toHaveURL(/\/templates\/show\/\d+$/);
    const templateUrl = page.url();
    await page.getByTestId('template-edit').click();
    const text = editor(page, 'template-text-cs');
    await expect(text).not.toBeEmpty();
    await text.click();
    await page.keyboard.press('Control+End');

    // No address to type: the image is a file uploaded to the app (issue 36).
    await page.getByTestId('template-text-cs-insert-image').click();
    await expect(page.getByTestId('template-text-cs-image-file')).toBeVisible();
    await expectAccessible(page, 'the image picker');
    const input = page.getByTestId('template-text-cs-image-input');
    const error = page.getByTestId('template-text-cs-image-error');
    await input.setInputFiles({
      name: 'graf.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    });
    await expect(error).toHaveText('Obrázek musí být PNG, JPEG, WebP nebo GIF.');
    // Called a PNG, but a web page: the server reads the bytes and refuses, in the reader's language.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/media'));
    await input.setInputFiles({
      name: 'graf.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
    });
    expect((await refused).status()).toBe(415);
    await expect(error).toHaveText('Obrázek musí být PNG, JPEG, WebP nebo GIF.');

    await page.getByTestId('template-text-cs-image-alt').fill('Graf rizika');
    await input.setInputFiles({ name: 'graf.png', mimeType: 'image/png', buffer: png });
    const inserted = text.locator('img[alt="Graf rizika"]');
    await expect(inserted).toHaveAttribute('src', /^\/api\/media\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('template-text-cs-image-file')).toBeHidden();
    await page.getByTestId('template-edit-submit').click();

    await expect(page).toHaveURL(templateUrl);
    const shown = page.getByTestId('template-text-cs').locator('img[alt="Graf rizika"]');
    await expect(shown).toBeVisible();
    // Loaded from the app's own media store, and a real image.
    await expect
      .poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(2);
  });

  test('a combination rule over two phenotypes is created, listed, edited in English and deleted', async ({
    page,
  }) => {
    const name = `Laktóza a kofein ${Date.now()}`;
    await signIn(page, demo.admin);
    await page.goto('/templates/combinationrules');
    // The demo rule: factor V Leiden with prothrombin G20210A, high risk.
    await expect(page.getByTestId('combination-rules-table-row').first()).toContainText('Faktor V Leiden');
    await page.getByTestId('combination-rule-create').click();

    await page.getByTestId('combination-rule-submit').click();
    await expect(page.getByTestId('combination-rule-name-cs')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('combination-rule-name-cs').fill(name);
    await page.getByTestId('combination-rule-risk-option-2').click();
    await editor(page, 'combination-rule-text-cs').fill('Obě intolerance současně.');
    for (const [index, phenotype, genotype] of [
      [0, 'Intolerance laktózy', 'rs4988235 G/G'],
      [1, 'Metabolismus kofeinu', 'rs762551 C/C'],
    ] as const) {
      const select = page.getByTestId(`combination-condition-${index}-phenotype`);
      await select.click();
      await select.fill(phenotype.slice(0, 8));
      await page.getByRole('option', { name: new RegExp(phenotype) }).click();
      await page.getByTestId(`combination-condition-${index}`).getByText(genotype).click();
    }
    await page.getByTestId('combination-rule-submit').click();
    await expect(page.getByText(`Pravidlo ${name} je uloženo.`)).toBeVisible();
    await searchList(page, 'combination-rules-table', name);
    const row = page.getByTestId('combination-rules-table-row');
    // One row, the new rule's: the list shown before the search (still loading the new rule) has one too.
    await expect(row).toHaveText([new RegExp(name)]);
    await expect(row).toContainText('Střední riziko');
    await expect(row).toContainText('rs4988235 G/G');

    await switchLanguage(page, 'EN');
    await row.click();
    await page.getByTestId('combination-rule-name-en').fill('Lactose and caffeine');
    await page.getByTestId('combination-rule-risk-option-3').click();
    await page.getByTestId('combination-rule-submit').click();
    await expect(page.getByText('The rule Lactose and caffeine is saved.')).toBeVisible();
    await searchList(page, 'combination-rules-table', 'Lactose and caffeine');
    await expect(row).toHaveText([/Lactose and caffeine/]);
    await expect(row).toContainText('High risk');
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('combination-rule-delete-confirm').click();
    await expect(page.getByText('The rule Lactose and caffeine is deleted.')).toBeVisible();
    await expect(page.getByTestId('combination-rules-table-empty')).toBeVisible();
  });
});
