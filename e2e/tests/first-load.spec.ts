import { expect, type Page, test } from '@playwright/test';
import { demo, demoPassword, switchLanguage } from '../support/session';

/** Where the app starts fetching the shell, the sign-in screen drawn (web/src/app/router.tsx). */
const shellPrefetchMark = 'genodesk:shell-prefetch';

/** The scripts the page has asked for, each said to be asked before the mark or after. */
function scripts(page: Page) {
  return page.evaluate((name) => {
    const mark = performance.getEntriesByName(name)[0]?.startTime ?? Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, beforeShell: entry.startTime < mark }));
  }, shellPrefetchMark);
}

test.describe('the first load', () => {
  test('the sign-in screen comes with the first script alone, in either language; the shell follows once it is idle', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Přihlášení' })).toBeVisible();
    await switchLanguage(page, 'EN');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, shellPrefetchMark);
    await expect
      .poll(async () => (await scripts(page)).some((s) => s.path.includes('/app-layout-')))
      .toBe(true);
    const loaded = await scripts(page);
    expect(loaded.filter((s) => s.beforeShell)).toHaveLength(1);
    expect(loaded.filter((s) => s.path.includes('/app-layout-')).every((s) => !s.beforeShell)).toBe(true);

    await page.getByTestId('login-email').fill(demo.admin);
    await page.getByTestId('login-password').fill(demoPassword);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    // The texts of the screens past the sign-in came in the language chosen on it.
    await expect(page.getByTestId('nav-customers')).toContainText('Customers');
  });
});
