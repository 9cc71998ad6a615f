import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { demo, signIn, switchLanguage } from '../support/session';

/**
 * A list whose load fails (a proxy answering 500 in plain text, as happens in front of a restarting
 * API) says so at once in the reader's language, with a retry that loads it once the server is back.
 */
test('a failed list load shows an error in the reader’s language with a retry, in cs and en', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  let failing = true;
  await page.route(/\/api\/admin\/customers\?/, async (route) => {
    if (failing)
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    else await route.continue();
  });

  await page.goto('/customers');
  const error = page.getByTestId('customers-table-error');
  await expect(error).toContainText('Server požadavek nevyřídil (HTTP 500)');
  await expect(error).not.toContainText('Internal Server Error');
  await expectAccessible(page);
  failing = false;
  await page.getByTestId('customers-table-retry').click();
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('customers-table-row').first()).toBeVisible();

  failing = true;
  await switchLanguage(page, 'EN');
  await page.getByTestId('customers-table-search').fill('nikdo-takovy');
  await expect(error).toContainText('The server could not handle the request (HTTP 500)');
  failing = false;
  await page.getByTestId('customers-table-retry').click();
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('customers-table-empty')).toBeVisible();
});

test('a record that does not exist is a not-found page at its address, in cs and en', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/customers/view/999999');
  await expect(page.getByTestId('record-not-found')).toContainText('Záznam nenalezen');
  await expect(page).toHaveURL(/\/customers\/view\/999999$/);
  await expectAccessible(page);
  await switchLanguage(page, 'EN');
  await page.goto('/vouchers/money/view/999999');
  await expect(page.getByTestId('record-not-found')).toContainText('Record not found');
  await page.getByTestId('record-not-found-back').click();
  await expect(page).toHaveURL(/\/vouchers/);
});

/**
 * A save the server fails (500) says what failed and gives the request's reference, the id in the
 * server's log, for the user to quote (issue 39).
 */
test('a failed save shows the request’s reference to quote, in cs and en', async ({ page }) => {
  await signIn(page, demo.doctor);
  const reference = '4bf92f3577b34da6a3ce929d0e0e4736';
  await page.route('**/api/admin/userpanel/changeDetails', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      headers: { 'x-request-id': reference },
      body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Něco se pokazilo.' } }),
    }),
  );
  for (const [locale, label] of [
    ['cs', 'Číslo požadavku pro správce'],
    ['en', 'Reference for the administrator'],
  ] as const) {
    if (locale === 'en') await switchLanguage(page, 'EN');
    await page.goto('/user');
    await page.getByTestId('profile-phone').fill(`777${Date.now().toString().slice(-6)}`);
    await page.getByTestId('profile-details-submit').click();
    await expect(page.getByTestId('error-reference').last()).toHaveText(`${label}: ${reference}`);
  }
});
