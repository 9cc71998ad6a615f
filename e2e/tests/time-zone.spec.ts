import { expect, test } from '@playwright/test';
import { demo, signIn, switchLanguage } from '../support/session';

// A reception PC whose clock is set to New York (six hours behind Prague in winter, five or six in summer).
test.use({ timezoneId: 'America/New_York' });

const pragueTime = (iso: string, locale: 'cs-CZ' | 'en-GB', timeZone = 'Europe/Prague') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );

test('a browser in another time zone shows Prague times, in cs and en', async ({ page }) => {
  await signIn(page, demo.admin);
  const detail = page.waitForResponse((r) => r.url().includes('/api/admin/customers/customer?'));
  await page.goto('/customers/view/1');
  const customer = (await (await detail).json()) as { dateRegistration: string };

  const shown = pragueTime(customer.dateRegistration, 'cs-CZ');
  await expect(page.getByText(shown, { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText(pragueTime(customer.dateRegistration, 'cs-CZ', 'America/New_York')),
  ).toHaveCount(0);

  await switchLanguage(page, 'EN');
  await expect(
    page.getByText(pragueTime(customer.dateRegistration, 'en-GB'), { exact: true }).first(),
  ).toBeVisible();
});
