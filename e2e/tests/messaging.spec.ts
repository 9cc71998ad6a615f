import { expect, type Page, test } from '@playwright/test';
import { smtpControlURL } from '../support/base-url';
import { registerCustomer } from '../support/customers';
import { searchList } from '../support/lists';
import { demo, signIn, switchLanguage } from '../support/session';

const editor = (page: Page, testId: string) => page.getByTestId(testId).locator('.ProseMirror');

/** Picks an option of a Mantine select by its label. */
async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

test.describe('e-mails and the outbox', () => {
  // `@alone`: the set counts every online Czech customer with consent, which parallel tests register,
  // erase and change while it is counted, reviewed and sent.
  test('staff send an e-mail to a filtered set in Czech and find its messages in the outbox', {
    tag: '@alone',
  }, async ({ page, request }) => {
    const subject = `Novinky z laboratoře ${Date.now()}`;
    await signIn(page, demo.admin);
    await page.getByTestId('nav-email').click();
    await expect(page).toHaveURL(/\/administration\/email$/);

    // Only customers who agreed to e-mails are ever counted: the screen says so.
    await expect(page.getByTestId('email-filter-consent')).toBeChecked();
    await expect(page.getByTestId('email-filter-consent')).toBeDisabled();
    await pick(page, 'email-filter-source', 'Online');
    const count = page.getByTestId('email-recipient-count');
    await expect(count).toContainText(/\d příjemc/);
    await pick(page, 'email-filter-language', 'Čeština');
    await expect(page.getByTestId('email-recipient-row').first()).toBeVisible();
    const recipients = Number(await count.getAttribute('data-count'));
    expect(recipients).toBeGreaterThan(0);
    await expect(page.getByTestId('email-recipient-row')).toHaveCount(Math.min(recipients, 10));

    // Nothing written yet: the contract's messages on the fields.
    await page.getByTestId('email-review').click();
    await expect(page.getByText('Pole je povinné!')).toHaveCount(2);

    await page.getByTestId('email-subject').fill(subject);
    await editor(page, 'email-body').fill('Dobrý den, máme pro vás novinky.');
    await page.getByTestId('email-language-en').click();
    await page.getByTestId('email-subject-en').fill('News from the lab');
    await editor(page, 'email-body-en').fill('Hello, we have news for you.');
    await page.getByTestId('email-review').click();

    const dialog = page.getByTestId('email-review-dialog');
    await expect(dialog.getByTestId('email-review-summary')).toContainText(String(recipients));
    await dialog.getByTestId('email-preview-language-cs').click();
    await expect(dialog.getByTestId('email-preview-subject-cs')).toHaveText(subject);
    const preview = page.frameLocator('[data-testid="email-preview-cs"]');
    await expect(preview.locator('body')).toContainText('Dobrý den, máme pro vás novinky.');
    await expect(preview.locator('body')).toContainText('GenoDesk');
    await dialog.getByTestId('email-preview-language-en').click();
    await expect(page.frameLocator('[data-testid="email-preview-en"]').locator('body')).toContainText(
      'Hello, we have news for you.',
    );
    // A double click sends once: the SMTP server below receives each message once.
    await dialog.getByTestId('email-send').dblclick();

    // The job writes the messages to the outbox in the background; the screen follows it.
    await expect(page.getByText('E-mail je zařazen k odeslání.')).toBeVisible();
    await expect(page.getByTestId('email-progress-subject')).toHaveText(subject);
    await expect(page.getByTestId('email-progress-status')).toHaveAttribute('data-status', '3', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('email-progress-written')).toContainText(
      `Zapsáno do odchozí pošty: ${recipients} z ${recipients}`,
    );

    // They go out through the run's mail server, each once.
    await page.getByTestId('email-progress-outbox').click();
    await expect(page).toHaveURL(/\/administration\/outbox\?mailingId=\d+/);
    const rows = page.getByTestId('outbox-table-row');
    await expect(rows).toHaveCount(Math.min(recipients, 25));
    await expect(page.getByTestId('outbox-table-summary')).toHaveAttribute('data-total', String(recipients));
    await expect(rows.first()).toContainText(subject);
    await expect(async () => {
      await page.reload();
      await expect(rows.first().getByTestId('outbox-status')).toHaveText('Odesláno', { timeout: 1000 });
    }).toPass({ timeout: 90_000 });
    await expect(async () => {
      const received = (await (await request.get(`${smtpControlURL}/messages`)).json()) as {
        subject: string;
      }[];
      expect(received.filter((m) => m.subject.includes(subject))).toHaveLength(recipients);
    }).toPass({ timeout: 90_000 });
    await rows.first().click();
    await expect(page).toHaveURL(/\/administration\/outbox\/\d+$/);
    await expect(page.getByTestId('outbox-detail-subject')).toHaveText(subject);
    await expect(page.getByTestId('outbox-detail-kind')).toHaveText('E-mail z administrace');
    await expect(page.frameLocator('[data-testid="outbox-detail-html"]').locator('body')).toContainText(
      'Dobrý den, máme pro vás novinky.',
    );
    await page.getByTestId('outbox-tab-text').click();
    await expect(page.getByTestId('outbox-detail-text')).toContainText('Dobrý den, máme pro vás novinky.');
    // Only a failed message can be sent again.
    await expect(page.getByTestId('outbox-retry')).toHaveCount(0);

    // A filter that reaches nobody says so and cannot be sent.
    await page.goBack();
    await page.goBack();
    await expect(page.getByTestId('email-progress')).toBeVisible();
    await page.getByTestId('email-new').click();
    await pick(page, 'email-filter-source', 'Import');
    await pick(page, 'email-filter-language', 'Angličtina');
    await pick(page, 'email-filter-status', /^Dokoupení/);
    await pick(page, 'email-filter-published', 'Má zveřejněný výsledek');
    await expect(page.getByTestId('email-nobody')).toContainText('Nic nebude odesláno.');
    await expect(page.getByTestId('email-review')).toBeDisabled();

    // The outbox in English, with dates and statuses.
    await switchLanguage(page, 'EN');
    await page.getByTestId('nav-outbox').click();
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await pick(page, 'outbox-filter-status', 'Sent');
    await searchList(page, 'outbox-table', '@');
    await expect(page.getByTestId('outbox-table-row').first().getByTestId('outbox-status')).toHaveText(
      'Sent',
    );
    await expect(page).toHaveURL(/status=sent/);
  });

  test('reception sets a customer’s language to English and sees it on the customer', async ({ page }) => {
    const customer = await registerCustomer({ surname: 'Jazyková', emailName: 'jazyk' });
    await signIn(page, demo.reception);
    await page.getByTestId('nav-customers').click();
    await searchList(page, 'customers-table', customer.email);
    await expect(page.getByTestId('customers-table-row')).toHaveCount(1);
    await page.getByTestId('customers-table-row').click();
    // Start from Czech, whichever the registration chose.
    await page.getByTestId('customer-edit').click();
    await pick(page, 'customer-form-language', 'Čeština');
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByTestId('customer-detail-language')).toHaveText('Čeština');
    await page.getByTestId('customer-edit').click();
    await expect(page.getByTestId('customer-form-language')).toHaveValue('Čeština');
    await pick(page, 'customer-form-language', 'Angličtina');
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByTestId('customer-detail-language')).toHaveText('Angličtina');

    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('customer-detail-language')).toHaveText('English');
    // Reception may send e-mails (Barcodes.View) too.
    await expect(page.getByTestId('nav-email')).toBeVisible();
    await expect(page.getByTestId('nav-outbox')).toBeVisible();
  });
});
