import { expect, test } from '@playwright/test';
import { registerCustomer } from '../support/customers';
import { searchList } from '../support/lists';
import { demo, signIn, switchLanguage } from '../support/session';

/** A customer registered at the reception, paid in cash, who has not consented to DNA analysis. */
async function customerWithoutConsent(): Promise<{ email: string; name: string }> {
  const customer = await registerCustomer({
    name: 'Olga',
    surname: 'Nesouhlasná',
    emailName: 'bez.souhlasu',
    paidInCash: true,
  });
  return { email: customer.email, name: customer.fullName };
}

test.describe('sample work lists', () => {
  test('a double click on "Zahájit analýzu" starts the analysis of exactly the clicked sample', async ({
    page,
  }) => {
    await signIn(page, demo.lab);
    await page.goto('/customers/waitingforanalysis');
    const rows = page.getByTestId('work-list-table-row');
    await expect(rows.nth(1)).toBeVisible();
    const clicked = await rows.nth(0).getAttribute('data-row-id');
    const next = await rows.nth(1).getAttribute('data-row-id');
    const button = page.getByTestId(`sample-startanalysis-${clicked}`);
    const box = await button.boundingBox();
    if (!box) throw new Error('the button is not on screen');
    // Two clicks 250 ms apart at the same spot, as a hurried hand makes them.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(250);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

    await expect(page.getByTestId(`sample-done-${clicked}`)).toHaveText('Analýza zahájena');
    await expect(page.getByText(`Analýza vzorku ${clicked} (`)).toBeVisible();
    // The row stayed where it was, showing the sample as the action left it; the next sample is
    // untouched and still offered.
    await expect(rows.nth(0)).toHaveAttribute('data-row-id', String(clicked));
    await expect(rows.nth(0).getByTestId('sample-status')).toHaveText('V analýze');
    await expect(page.getByTestId(`sample-startanalysis-${next}`)).toBeEnabled();
    await expect(page.getByText(/Zahájeny 2 analýzy/)).toHaveCount(0);

    await page.getByTestId('work-list-reload').click();
    await expect(page.locator(`[data-testid=work-list-table-row][data-row-id="${clicked}"]`)).toHaveCount(0);
    await expect(page.locator(`[data-testid=work-list-table-row][data-row-id="${next}"]`)).toHaveCount(1);
    await page.goto(`/customers/samples/view/${clicked}`);
    await expect(page.getByTestId('sample-detail-status')).toContainText('V analýze');
    // The customer's history says it in words.
    await page.locator(`a[href^="/customers/view/"]`).first().click();
    const change = page
      .getByTestId('customer-audit-row')
      .filter({ hasText: `Vzorek ${clicked}: stav` })
      .first();
    await expect(change).toContainText('V analýze');
    await expect(change).not.toContainText('status');
    await page.goto(`/customers/samples/view/${next}`);
    await expect(page.getByTestId('sample-detail-status')).not.toContainText('V analýze');

    await switchLanguage(page, 'EN');
    await page.goto('/customers/waitingforanalysis');
    const first = await rows.nth(0).getAttribute('data-row-id');
    await page.getByTestId(`sample-startanalysis-${first}`).click();
    await expect(page.getByTestId(`sample-done-${first}`)).toHaveText('Analysis started');
  });

  for (const locale of ['cs', 'en'] as const)
    test(`sending a kit from a searched list, double-clicked fast or slowly, sends it once and keeps the barcode dialog (${locale})`, async ({
      page,
    }) => {
      const words = {
        cs: { send: 'Odeslat sadu', sent: 'Sada odeslána', failed: 'Vzorek se nepodařilo odeslat' },
        en: { send: 'Send kit', sent: 'Kit sent', failed: 'The sample could not be sent' },
      }[locale];
      await signIn(page, demo.reception);
      if (locale === 'en') await switchLanguage(page, 'EN');
      for (const pause of [0, 350]) {
        await page.goto('/customers/pendingsamples');
        const consented = page
          .getByTestId('work-list-table-row')
          .filter({ hasNot: page.locator('[data-testid^="sample-consent-missing"]') })
          .first();
        await expect(consented).toBeVisible();
        const id = await consented.getAttribute('data-row-id');
        // The list searched for this sample's customer, as the reception looks one up.
        const customer = (await consented.getByTestId('sample-customer-email').innerText()).trim();
        await searchList(page, 'work-list-table', customer);
        await expect(page).toHaveURL(/search=/);
        await expect(page.getByTestId('work-list-table-row').filter({ hasNotText: customer })).toHaveCount(0);
        await expect(page.locator(`[data-testid=work-list-table-row][data-row-id="${id}"]`)).toBeVisible();
        const button = page.getByTestId(`sample-send-${id}`);
        await expect(button).toHaveText(words.send);
        const box = await button.boundingBox();
        if (!box) throw new Error('the button is not on screen');
        const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        if (pause === 0) await page.mouse.dblclick(at.x, at.y);
        else {
          await page.mouse.click(at.x, at.y);
          await page.waitForTimeout(pause);
          await page.mouse.click(at.x, at.y);
        }
        // The barcode dialog stays, with the barcode the kit got; the screen did not move away.
        const dialog = page.getByTestId('sent-modal');
        await expect(dialog.getByTestId('sent-barcode')).toHaveText(/\S+/);
        await page.waitForTimeout(500);
        await expect(dialog.getByTestId('sent-barcode')).toBeVisible();
        await expect(page).toHaveURL(/\/customers\/pendingsamples/);
        await expect(page.getByText(words.failed)).toHaveCount(0);
        await page.getByTestId('sent-close').click();
        await expect(page.getByTestId(`sample-done-${id}`)).toHaveText(words.sent);
      }
    });

  test('no kit goes to a customer without consent to DNA analysis, in Czech and in English; once the reception records it, it goes', async ({
    page,
    browser,
  }) => {
    const customer = await customerWithoutConsent();
    await signIn(page, demo.lab);
    await page.goto('/customers/pendingsamples');
    await searchList(page, 'work-list-table', customer.email);
    const row = page.getByTestId('work-list-table-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Chybí souhlas s analýzou DNA');
    await row.getByRole('button', { name: 'Odeslat sadu' }).click();
    await expect(page.getByText(`Zákaznice ${customer.name} nemá platný souhlas`)).toContainText(
      'nelze provést: odeslání odběrové sady',
    );
    await expect(page.getByTestId('sent-barcode')).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Odeslat sadu' })).toBeEnabled();

    await switchLanguage(page, 'EN');
    await expect(row).toContainText('No consent to DNA analysis');
    await row.getByRole('button', { name: 'Send kit' }).click();
    await expect(page.getByText(`The customer ${customer.name} has no valid consent`)).toContainText(
      'cannot be done: sending the kit',
    );

    // The reception records the consent; its date shows on the customer.
    const context = await browser.newContext();
    const reception = await context.newPage();
    await signIn(reception, demo.reception);
    await reception.goto('/customers');
    await searchList(reception, 'customers-table', customer.email);
    await expect(reception.getByTestId('customers-table-row')).toHaveCount(1);
    await reception.getByTestId('customers-table-row').click();
    await expect(reception.getByTestId('customer-consent-missing')).toContainText(
      'Chybí souhlas s analýzou DNA',
    );
    await reception.getByTestId('customer-edit').click();
    await reception.getByTestId('customer-form-agree-dna').check();
    await reception.getByTestId('customer-form-submit').click();
    await expect(reception.getByTestId('customer-consent-missing')).toHaveCount(0);
    await expect(reception.getByTestId('customer-consent-date')).toBeVisible();
    await context.close();

    // The search stays in the address: the reloaded list shows the same customer.
    await page.reload();
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText('No consent to DNA analysis');
    await row.getByRole('button', { name: 'Send kit' }).click();
    await expect(page.getByTestId('sent-barcode')).toHaveText(/^GD\d{8}$/);
  });
});
