import { expect, type Page, test } from '@playwright/test';
import { demo, signIn, switchLanguage } from '../support/session';

/**
 * The filter fields whose text (the value chosen, or the placeholder) does not fit inside them:
 * measured in the field's own font against its inner width.
 */
function cutFilters(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) throw new Error('no canvas');
    return Array.from(document.querySelectorAll<HTMLInputElement>('main input.mantine-Select-input'))
      .map((input) => {
        const style = getComputedStyle(input);
        canvas.font = style.font;
        const text = input.value || input.placeholder;
        const room =
          input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { text, fits: canvas.measureText(text).width <= room };
      })
      .filter((field) => !field.fits)
      .map((field) => field.text);
  });
}

test.describe('screens that fit', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const lang of ['cs', 'en'] as const) {
    test(`filters show their whole labels and choices at 1280 px (${lang})`, async ({ page }) => {
      await signIn(page, demo.admin);
      if (lang === 'en') await switchLanguage(page, 'EN');
      for (const path of [
        '/templates/genecombinations',
        '/templates',
        '/customers',
        '/vouchers',
        '/finances/orders',
      ]) {
        await page.goto(path);
        await expect(page.locator('main input.mantine-Select-input').first()).toBeVisible();
        expect(await cutFilters(page), `${path} in ${lang}`).toEqual([]);
      }
      // A chosen value as long as any: "Obě pohlaví" / "Both".
      await page.goto('/templates/genecombinations');
      await page.getByTestId('filter-gender').click();
      await page.getByRole('option', { name: lang === 'cs' ? 'Obě pohlaví' : 'Both' }).click();
      await expect(page.getByTestId('filter-gender')).toHaveValue(lang === 'cs' ? 'Obě pohlaví' : 'Both');
      expect(await cutFilters(page)).toEqual([]);
    });
  }
});
