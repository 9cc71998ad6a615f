import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { registerCustomer } from '../support/customers';
import { searchList } from '../support/lists';
import { demo, signIn, switchLanguage } from '../support/session';

/**
 * Consent to DNA analysis as a record (issue 35), as the reception and the lab meet it: the consent
 * recorded at registration shows on the customer's page; withdrawn with its own dialog, every step
 * refuses with the one rule's message; recorded again (with the scanned form), the work goes on.
 */

/** A customer registered at the reception with the consent ticked, paid in cash: a sample in [2]. */
async function consentingCustomer(): Promise<{ id: number; email: string; name: string; sampleId: number }> {
  const customer = await registerCustomer({
    surname: 'Souhlasná',
    emailName: 'souhlas',
    paidInCash: true,
    dnaConsent: true,
  });
  return {
    id: customer.id,
    email: customer.email,
    name: customer.fullName,
    sampleId: customer.sampleIds[0]!,
  };
}

const pdf = Buffer.from('%PDF-1.4\n% podepsaný souhlas\n%%EOF\n');

async function withdraw(page: Page, outcome: 'destroySample' | 'keepForCustomer', note: string) {
  await page.getByTestId('dna-consent-withdraw').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('dna-consent-withdraw-form')).toBeVisible();
  await dialog.getByTestId(`dna-consent-outcome-${outcome}`).check();
  await dialog.getByTestId('dna-consent-note').fill(note);
  await expectAccessible(page, 'the withdraw dialog');
  await dialog.getByTestId('dna-consent-withdraw-submit').click();
  // A second press confirms: the step is not undone by accident.
  await expect(dialog.getByTestId('dna-consent-withdraw-confirm')).toBeVisible();
  await dialog.getByTestId('dna-consent-withdraw-submit').click();
  await expect(dialog).toHaveCount(0);
}

async function recordWithScan(page: Page) {
  await page.getByTestId('dna-consent-record').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('dna-consent-form-version')).toHaveValue('GD-DNA-2026-01');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'souhlas-podepsany.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expectAccessible(page, 'the record dialog');
  await dialog.getByTestId('dna-consent-record-submit').click();
  await expect(dialog).toHaveCount(0);
}

test.describe('consent to DNA analysis as a record', () => {
  test('Czech: withdrawn with its outcome, the kit is refused with the rule’s message; recorded again with the scan, it goes', async ({
    page,
  }) => {
    const customer = await consentingCustomer();
    await signIn(page, demo.admin);
    await page.goto(`/customers/view/${customer.id}`);
    const card = page.getByTestId('dna-consent-card');
    await expect(card.getByTestId('dna-consent-state')).toHaveText('Platný');
    await expect(card.getByTestId('dna-consent-version')).toHaveText('GD-DNA-2026-01');
    // QA: the history read "dnaConsent" and "#211 recorded: form …, signed 2026-11-29" in the Czech screen.
    const consentRow = page.getByTestId('customer-audit-row').filter({ hasText: 'Formulář GD-DNA-2026-01' });
    await expect(consentRow).toContainText('Souhlas s analýzou DNA');
    await expect(consentRow).toContainText(/Formulář GD-DNA-2026-01, podepsán \d{1,2}\. \d{1,2}\. \d{4}/);
    await expect(consentRow).not.toContainText(/dnaConsent|recorded|signed/);
    await expectAccessible(page, 'the customer page with a valid consent');

    await withdraw(page, 'destroySample', 'Odvoláno písemně.');
    await expect(card.getByTestId('dna-consent-state')).toHaveText('Bez platného souhlasu');
    const history = card.getByTestId('dna-consent-history-row');
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('Ukončit analýzu a zlikvidovat vzorek');
    await expect(history).toContainText('Odvoláno písemně.');
    await expect(page.getByTestId('customer-consent-missing')).toBeVisible();
    await expect(
      page.getByTestId('customer-audit-row').filter({ hasText: 'Odvolání souhlasu s analýzou DNA' }),
    ).toContainText(/Odvolán .*: ukončit analýzu a zlikvidovat vzorek — Odvoláno písemně\./);
    await expect(
      page.getByTestId('customer-audit-row').filter({ hasText: `Vzorek ${customer.sampleId}: k likvidaci` }),
    ).toContainText('Souhlas odvolán');
    await expectAccessible(page, 'the customer page after a withdrawal');

    // The lab's work list: the kit is refused, saying why.
    await page.goto('/customers/pendingsamples');
    await searchList(page, 'work-list-table', customer.email);
    const row = page.getByTestId('work-list-table-row');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Odeslat sadu' }).click();
    await expect(page.getByText(`Zákaznice ${customer.name} nemá platný souhlas`)).toContainText(
      'nelze provést: odeslání odběrové sady',
    );
    await expect(page.getByTestId('sent-barcode')).toHaveCount(0);

    // Recorded again, with the scanned form: it is on the card and the kit goes.
    await page.goto(`/customers/view/${customer.id}`);
    await recordWithScan(page);
    await expect(card.getByTestId('dna-consent-state')).toHaveText('Platný');
    await expect(card.getByTestId('dna-consent-valid')).toContainText('souhlas-podepsany.pdf');
    await expect(card.getByTestId('dna-consent-history-row')).toHaveCount(1);
    const download = page.waitForEvent('download');
    await card
      .getByTestId('dna-consent-valid')
      .getByRole('button', { name: 'souhlas-podepsany.pdf' })
      .click();
    expect((await download).suggestedFilename()).toBe('souhlas-podepsany.pdf');

    await page.goto('/customers/pendingsamples');
    await searchList(page, 'work-list-table', customer.email);
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Odeslat sadu' }).click();
    await expect(page.getByTestId('sent-barcode')).toHaveText(/^GD\d{8}$/);
  });

  test('English: withdrawn keeping the data, the status editor refuses the analysis; the edit’s untick is refused; recorded again, it goes', async ({
    page,
  }) => {
    const customer = await consentingCustomer();
    await signIn(page, demo.admin);
    await switchLanguage(page, 'EN');
    await page.goto(`/customers/view/${customer.id}`);
    const card = page.getByTestId('dna-consent-card');
    await expect(card.getByTestId('dna-consent-state')).toHaveText('Valid');
    await expect(
      page.getByTestId('customer-audit-row').filter({ hasText: 'Form GD-DNA-2026-01' }),
    ).toContainText(/Consent to DNA analysis.*Form GD-DNA-2026-01, signed on \d{1,2} \w{3} \d{4}/);

    // Unticking in the edit is not how a consent ends: the form says where to go.
    await page.getByTestId('customer-edit').click();
    await page.getByTestId('customer-form-agree-dna').uncheck();
    await page.getByTestId('customer-form-submit').click();
    await expect(page.getByText('withdraw it with the “Withdraw consent” action').first()).toBeVisible();
    await page.goto(`/customers/view/${customer.id}`);

    await withdraw(page, 'keepForCustomer', 'Withdrawn by phone.');
    await expect(card.getByTestId('dna-consent-state')).toHaveText('No valid consent');
    await expect(card.getByTestId('dna-consent-history-row')).toContainText(
      'Keep the data for the customer only (no further processing)',
    );
    await expect(
      page.getByTestId('customer-audit-row').filter({ hasText: 'Consent to DNA analysis withdrawn' }),
    ).toContainText(/Withdrawn on .*: keep the data for the customer only .* — Withdrawn by phone\./);

    // The status editor is no way round it.
    await page.goto(`/customers/samples/edit/${customer.sampleId}`);
    await page.getByTestId('sample-form-status').click();
    await page.getByRole('option', { name: 'In analysis' }).click();
    await page.getByTestId('sample-form-submit').click();
    await expect(page.getByText(`The customer ${customer.name} has no valid consent`)).toContainText(
      'cannot be done: starting the analysis',
    );
    await page.goto(`/customers/samples/view/${customer.sampleId}`);
    await expect(page.getByTestId('sample-detail-status')).toContainText('Waiting to be sent');
    await expect(page.getByTestId('sample-detail-type')).toHaveText('Buccal swab');

    // Recorded again: the same move goes through.
    await page.goto(`/customers/view/${customer.id}`);
    await recordWithScan(page);
    await expect(card.getByTestId('dna-consent-state')).toHaveText('Valid');
    await page.goto(`/customers/samples/edit/${customer.sampleId}`);
    await page.getByTestId('sample-form-status').click();
    await page.getByRole('option', { name: 'Taken at the centre without consultation' }).click();
    await page.getByTestId('sample-form-type').click();
    await page.getByRole('option', { name: 'Saliva' }).click();
    await page.getByTestId('sample-form-submit').click();
    await expect(page.getByTestId('sample-detail-status')).toContainText(
      'Taken at the centre without consultation',
    );
    await expect(page.getByTestId('sample-detail-type')).toHaveText('Saliva');
  });
});
