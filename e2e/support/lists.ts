import { expect, type Page } from '@playwright/test';

/**
 * Types `term` into the search box of the list `testId` and waits for the rows the server answers
 * for it: until then the list still shows the rows it had (a list of one row before the search
 * passes a count of one just as well).
 */
export async function searchList(page: Page, testId: string, term: string) {
  await page.getByTestId(`${testId}-search`).fill(term);
  await expect(
    page.locator(
      `[data-testid="${testId}"][data-search=${JSON.stringify(term.trim())}]:not([aria-busy="true"])`,
    ),
  ).toBeVisible();
}
