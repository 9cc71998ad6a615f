import { expect, test } from '@playwright/test';
import { demo, signIn, switchLanguage } from '../support/session';

test.describe('working from the keyboard', () => {
  test('the skip link is the first stop and jumps past the navigation, in cs and en', async ({ page }) => {
    await signIn(page, demo.reception);
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('skip-link')).toBeFocused();
    await expect(page.getByTestId('skip-link')).toHaveText('Přeskočit na obsah');
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('skip-link')).toHaveText('Skip to content');
  });

  test('a list row is reached with Tab and opened with Enter', async ({ page }) => {
    await signIn(page, demo.reception);
    await page.goto('/customers');
    const row = page.getByTestId('customers-table-row').first();
    await row.focus();
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customers\/view\/\d+$/);
  });

  test('a failed submit puts the focus on the first field to fix', async ({ page }) => {
    await signIn(page, demo.reception);
    await page.goto('/customers/create');
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByTestId('customer-form-name')).toBeFocused();
  });
});
