import { expect, type Page, test } from '@playwright/test';
import { registerCustomer } from '../support/customers';
import { searchList } from '../support/lists';
import { bearer, demo, signIn, switchLanguage } from '../support/session';

/**
 * Every test makes its own vouchers (codes with a per-run stamp) and its own customers with unpaid
 * orders, so the demo orders other specs use stay as they are and the spec runs again on the same
 * database. Demo data used: the product types and the expired voucher DEMO-PROSLY-300
 * (api/src/seed/customers.ts, api/src/seed/vouchers.ts).
 */
const stamp = () => `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
const nbsp = (text: string) => new RegExp(text.replace(/ /g, '[\\s\\u00a0]'));

/** A customer registered at the reception with an order of `product` (a demo product type), unpaid. */
async function customerWithUnpaidOrder(product: string): Promise<{ email: string; name: string }> {
  const customer = await registerCustomer({
    as: demo.admin,
    surname: 'Poukazová',
    emailName: 'poukaz',
    emailDomain: 'vouchery-e2e.example.cz',
    productType: product,
  });
  return { email: customer.email, name: customer.fullName };
}

/** Opens the customer's unprocessed order from the list. */
async function openUnprocessedOrder(page: Page, email: string) {
  await page.getByTestId('nav-unpaidcustomers').click();
  await searchList(page, 'unpaid-table', email);
  await expect(page.getByTestId('unpaid-table-row')).toHaveCount(1);
  await page.getByTestId('unpaid-table-row').click();
  await expect(page.getByTestId('order-vouchers')).toBeVisible();
}

async function typeDay(page: Page, testId: string, text: string) {
  const field = page.getByTestId(testId);
  await field.click();
  await field.fill('');
  await field.pressSequentially(text);
  await page.keyboard.press('Escape');
}

async function applyCode(page: Page, code: string) {
  await page.getByTestId('order-voucher-code').fill(code);
  await page.getByTestId('order-voucher-apply-submit').click();
}

test.describe('vouchers', () => {
  test('a batch of gift money vouchers is created, listed, e-mailed, applied to an unprocessed order and removed again', async ({
    page,
  }) => {
    const order = await customerWithUnpaidOrder('Výživa a metabolismus');
    const prefix = `JARO${stamp()}-`;
    const recipient = `obdarovana.${stamp().toLowerCase()}@vouchery-e2e.example.cz`;
    await signIn(page, demo.reception);

    await page.getByTestId('nav-vouchers').click();
    await expect(page.getByTestId('page-title')).toHaveText('Vouchery');
    await page.getByTestId('vouchers-create-money').click();
    // The spec's messages on an empty form.
    await page.getByTestId('voucher-form-submit').click();
    await expect(page.getByText('Pole je povinné!')).toHaveCount(3);
    await page.getByTestId('voucher-form-how-many').fill('0');
    await page.getByTestId('voucher-form-amount').click();
    await expect(page.getByText('Počet voucherů musí být víc než 1!')).toBeVisible();

    // Three at once: the code is their prefix.
    await page.getByTestId('voucher-form-how-many').fill('3');
    await expect(page.getByText('Předpona kódu')).toBeVisible();
    await page.getByTestId('voucher-form-code').fill(prefix);
    await page.getByTestId('voucher-form-amount').fill('500');
    await typeDay(page, 'voucher-form-valid-to', '31. 12. 2035');
    await expect(page.getByTestId('voucher-form-for-who')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Dárkový' }).check();
    await page.getByTestId('voucher-form-for-who').fill('Jana Dárková');
    await page.getByTestId('voucher-form-from-who').fill('Kolegové z laboratoře');
    await expect(page.getByTestId('voucher-form-submit')).toHaveText('Vytvořit vouchery (3)');
    await page.getByTestId('voucher-form-submit').click();

    await expect(page.getByText(`Vytvořené vouchery s předponou ${prefix}: 3`)).toBeVisible();
    const rows = page.getByTestId('vouchers-table-row');
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) {
      await expect(row.getByTestId('voucher-row-code')).toHaveText(new RegExp(`^${prefix}[A-Z2-9]{8}$`));
      await expect(row.getByTestId('voucher-kind')).toHaveText('Peněžní');
      await expect(row.getByTestId('voucher-type')).toHaveText('Dárkový');
      await expect(row.getByTestId('voucher-state')).toHaveText('Platný');
      await expect(row).toContainText(nbsp('500,00 Kč'));
      await expect(row).toContainText('Pro: Jana Dárková');
      await expect(row).toContainText('31. 12. 2035');
    }
    const code = (await rows.first().getByTestId('voucher-row-code').textContent()) ?? '';

    // E-mailed from its view; the message waits in the outbox.
    await rows.first().click();
    await expect(page.getByTestId('voucher-title')).toHaveText(code);
    await expect(page.getByTestId('voucher-remaining')).toContainText('1 z 1');
    await expect(page.getByTestId('voucher-for-who')).toHaveText('Jana Dárková');
    await page.getByTestId('voucher-send-email').fill(recipient);
    await page.getByTestId('voucher-send-submit').click();
    await expect(
      page.getByText(`Voucher ${code} je zařazen k odeslání na ${recipient} (Čeština)`),
    ).toBeVisible();
    await page.getByTestId('nav-outbox').click();
    await searchList(page, 'outbox-table', recipient);
    await expect(page.getByTestId('outbox-table-row')).toHaveCount(1);
    await expect(page.getByTestId('outbox-table-row').getByTestId('outbox-kind')).toHaveText('Poukaz');
    await expect(page.getByTestId('outbox-table-row')).toContainText(code);

    // Applied to an unprocessed order (the code in any case): the amount due falls by 500 Kč.
    await openUnprocessedOrder(page, order.email);
    const due = page.getByTestId('order-amount-due');
    await expect(due).toHaveText(nbsp('2 990,00 Kč'));
    await expect(page.getByTestId('order-vouchers-empty')).toBeVisible();
    await applyCode(page, code.toLowerCase());
    await expect(page.getByText(`Voucher ${code} byl uplatněn. Zbývá uhradit 2 490,00 Kč.`)).toBeVisible();
    await expect(due).toHaveText(nbsp('2 490,00 Kč'));
    const applied = page.getByTestId('order-voucher');
    await expect(applied).toHaveCount(1);
    await expect(applied).toHaveAttribute('data-code', code);
    await expect(applied.getByTestId('order-voucher-taken')).toHaveText(nbsp('−500,00 Kč'));

    // The API's refusals, in Czech, on the code field.
    await applyCode(page, code);
    await expect(page.getByText('Tento voucher už je na objednávce uplatněn.')).toBeVisible();
    await applyCode(page, 'DEMO-PROSLY-300');
    await expect(page.getByText(/^Platnost voucheru skončila/)).toBeVisible();
    await applyCode(page, `NENI-${stamp()}`);
    await expect(page.getByText('Voucher s tímto kódem neexistuje.')).toBeVisible();
    await expect(due).toHaveText(nbsp('2 490,00 Kč'));

    // The voucher is used up now, and names the order.
    await applied.getByTestId('order-voucher-link').click();
    await expect(page.getByTestId('voucher-title')).toHaveText(code);
    await expect(page.getByTestId('voucher-details').getByTestId('voucher-state')).toHaveText('Uplatněný');
    await expect(page.getByTestId('voucher-remaining')).toContainText('0 z 1');
    await expect(page.getByTestId('voucher-use')).toHaveCount(1);
    await expect(page.getByTestId('voucher-use')).toContainText(order.name);
    await expect(page.getByTestId('voucher-use')).toContainText(nbsp('500,00 Kč'));
    await expect(page.getByTestId('voucher-use-paid')).toHaveText('Nezaplacena');

    // Removed while the order is unpaid: the amount due is back, and so is the voucher's use.
    await openUnprocessedOrder(page, order.email);
    await page.locator('[data-testid^="order-voucher-remove-"]').click();
    await expect(page.getByRole('dialog')).toContainText(code);
    await page.getByTestId('order-voucher-remove-confirm').click();
    await expect(page.getByText(`Voucher ${code} byl z objednávky odebrán`)).toBeVisible();
    await expect(due).toHaveText(nbsp('2 990,00 Kč'));
    await expect(page.getByTestId('order-vouchers-empty')).toBeVisible();
    await page.getByTestId('nav-vouchers').click();
    await searchList(page, 'vouchers-table', code);
    await expect(page.getByTestId('vouchers-table-row')).toHaveCount(1);
    await expect(page.getByTestId('vouchers-table-row').getByTestId('voucher-state')).toHaveText('Platný');
    await expect(page.getByTestId('voucher-row-uses')).toHaveText('1 z 1');
  });

  test('a product voucher pays an unprocessed order of its product type, and no other', async ({ page }) => {
    const sport = await customerWithUnpaidOrder('Sport a pohyb');
    const nutrition = await customerWithUnpaidOrder('Výživa a metabolismus');
    const code = `SPORT${stamp()}`;
    await signIn(page, demo.reception);
    await page.getByTestId('nav-vouchers').click();
    await page.getByTestId('vouchers-create-product').click();
    await expect(page.getByTestId('page-title')).toHaveText('Nové produktové vouchery');
    await page.getByTestId('voucher-form-code').fill(code);
    await typeDay(page, 'voucher-form-valid-to', '30. 6. 2035');
    await page.getByTestId('voucher-form-submit').click();
    await expect(page.getByText('Musíte zvolit jednu možnost!')).toBeVisible();
    await page.getByTestId('voucher-form-product-type').click();
    await page.getByRole('option', { name: /^Sport a pohyb/ }).click();
    await page.getByTestId('voucher-form-submit').click();

    await expect(page.getByText(`Voucher ${code} byl vytvořen`)).toBeVisible();
    await expect(page.getByTestId('voucher-title')).toHaveText(code);
    await expect(page).toHaveURL(/\/vouchers\/product\/view\/\d+$/);
    await expect(page.getByTestId('voucher-value')).toHaveText('Sport a pohyb');
    await expect(page.getByTestId('voucher-uses-empty')).toBeVisible();

    // Another product type: refused with the API's message.
    await openUnprocessedOrder(page, nutrition.email);
    await applyCode(page, code);
    await expect(page.getByText('Produktový voucher platí jen pro produkt Sport a pohyb.')).toBeVisible();
    await expect(page.getByTestId('order-vouchers-empty')).toBeVisible();

    // Its own product type: paid in full by the product voucher, and nothing is left to change.
    await openUnprocessedOrder(page, sport.email);
    await expect(page.getByTestId('order-amount-due')).toHaveText(nbsp('2 490,00 Kč'));
    await applyCode(page, code);
    await expect(page.getByText(`Voucher ${code} byl uplatněn a objednávka je zaplacena.`)).toBeVisible();
    await expect(page.getByTestId('order-paid-by')).toHaveText('Produktový voucher');
    await expect(page.getByTestId('order-amount-due')).toHaveText(nbsp('0,00 Kč'));
    await expect(page.getByTestId('order-state').locator('[data-missing]')).toHaveText('Čeká na dokončení');
    await expect(page.getByTestId('order-voucher')).toHaveAttribute('data-kind', 'product');
    await expect(page.getByTestId('order-voucher-taken')).toHaveText(nbsp('−2 490,00 Kč'));
    await expect(page.locator('[data-testid^="order-voucher-remove-"]')).toHaveCount(0);
    await expect(page.getByTestId('order-voucher-apply')).toHaveCount(0);
    await expect(page.locator('[data-testid="order-payment"][data-method="4"]')).toHaveCount(1);
    await expect(page.getByTestId('order-action-finalize')).toBeVisible();

    await page.getByTestId('order-voucher-link').click();
    await expect(page.getByTestId('voucher-details').getByTestId('voucher-state')).toHaveText('Uplatněný');
    await expect(page.getByTestId('voucher-use-paid')).toHaveText('Zaplacena');
    await expect(page.getByTestId('voucher-use')).toContainText(sport.name);
  });

  test('in English: a gift voucher of its own code is edited, printed in either language, and applied', async ({
    page,
  }) => {
    const order = await customerWithUnpaidOrder('Výživa a metabolismus');
    const code = `GIFT${stamp()}`;
    await signIn(page, demo.admin);
    await switchLanguage(page, 'EN');
    await page.getByTestId('nav-vouchers').click();
    await expect(page.getByTestId('page-title')).toHaveText('Vouchers');
    await page.getByTestId('vouchers-create-money').click();
    await page.getByTestId('voucher-form-submit').click();
    await expect(page.getByText('This field is required!')).toHaveCount(3);
    await page.getByTestId('voucher-form-code').fill(code);
    await page.getByTestId('voucher-form-amount').fill('1000');
    await page.getByTestId('voucher-form-usage-count').fill('2');
    await typeDay(page, 'voucher-form-valid-to', '15 Mar 2035');
    await page.getByRole('radio', { name: 'Gift' }).check();
    await page.getByTestId('voucher-form-for-who').fill('Grandma');
    await page.getByTestId('voucher-form-from-who').fill('The grandchildren');
    await page.getByTestId('voucher-form-submit').click();

    await expect(page.getByText(`The voucher ${code} was created`)).toBeVisible();
    await expect(page.getByTestId('voucher-value')).toHaveText('CZK 1,000.00');
    await expect(page.getByTestId('voucher-valid-to')).toHaveText('15 Mar 2035');
    await expect(page.getByTestId('voucher-remaining')).toContainText('2 of 2');

    await page.getByTestId('voucher-edit').click();
    await expect(page.getByTestId('voucher-form-for-who')).toHaveValue('Grandma');
    await page.getByTestId('voucher-form-for-who').fill('Grandma Jane');
    await typeDay(page, 'voucher-form-valid-to', '1 Apr 2035');
    await page.getByTestId('voucher-form-submit').click();
    await expect(page.getByText('The voucher was saved')).toBeVisible();
    await expect(page.getByTestId('voucher-for-who')).toHaveText('Grandma Jane');
    await expect(page.getByTestId('voucher-valid-to')).toHaveText('1 Apr 2035');

    // The printable voucher: value, code, validity, for and from whom; in English, then in Czech.
    await page.getByTestId('voucher-print').click();
    const card = page.getByTestId('voucher-card');
    await expect(card.getByTestId('voucher-card-heading')).toHaveText('Gift voucher');
    await expect(card.getByTestId('voucher-card-value')).toHaveText('CZK 1,000.00');
    await expect(card.getByTestId('voucher-card-code')).toHaveText(code);
    await expect(card.getByTestId('voucher-card-valid-to')).toHaveText('1 Apr 2035');
    await expect(card).toContainText('Grandma Jane');
    await expect(card).toContainText('The grandchildren');
    await expect(card).toContainText('Can be used 2×');
    await page.getByTestId('voucher-print-language').getByText('Czech').click();
    await expect(card.getByTestId('voucher-card-heading')).toHaveText('Dárkový poukaz');
    await expect(card.getByTestId('voucher-card-value')).toHaveText(nbsp('1 000,00 Kč'));
    await expect(card.getByTestId('voucher-card-valid-to')).toHaveText('1. 4. 2035');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(card).toHaveCount(0);

    await openUnprocessedOrder(page, order.email);
    await expect(page.getByTestId('order-amount-due')).toHaveText('CZK 2,990.00');
    await applyCode(page, 'DEMO-PROSLY-300');
    await expect(page.getByText(/^The voucher expired on/)).toBeVisible();
    await applyCode(page, code);
    await expect(page.getByText(`The voucher ${code} was applied. Amount due: CZK 1,990.00.`)).toBeVisible();
    await expect(page.getByTestId('order-amount-due')).toHaveText('CZK 1,990.00');
    await expect(page.getByTestId('order-voucher-taken')).toHaveText('−CZK 1,000.00');
    await page.locator('[data-testid^="order-voucher-remove-"]').click();
    await page.getByTestId('order-voucher-remove-confirm').click();
    await expect(page.getByText(`The voucher ${code} was removed from the order`)).toBeVisible();
    await expect(page.getByTestId('order-amount-due')).toHaveText('CZK 2,990.00');
  });

  test('a money voucher worth more than is due asks first: cancelled, nothing applied; confirmed, the order is paid', async ({
    page,
  }) => {
    const order = await customerWithUnpaidOrder('Výživa a metabolismus');
    const code = `VELKY${stamp()}`;
    const created = await page.request.put('/api/admin/vouchers/create-money-voucher', {
      headers: await bearer(page.request, demo.reception),
      data: { Code: code, Amount: 5000, ValidTo: '2035-04-01' },
    });
    expect(created.status()).toBe(200);
    await signIn(page, demo.reception);
    await openUnprocessedOrder(page, order.email);
    await expect(page.getByTestId('order-amount-due')).toHaveText(nbsp('2 990,00 Kč'));

    await applyCode(page, code);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      nbsp(
        'Voucher má hodnotu 5 000,00 Kč, ale zbývá uhradit jen 2 990,00 Kč. Uplatněním se spotřebuje celý a 2 010,00 Kč propadne.',
      ),
    );
    await page.getByTestId('order-voucher-exceeds-cancel').click();
    await expect(page.getByTestId('order-vouchers-empty')).toBeVisible();
    await expect(page.getByTestId('order-amount-due')).toHaveText(nbsp('2 990,00 Kč'));

    await applyCode(page, code);
    await page.getByTestId('order-voucher-exceeds-confirm').click();
    await expect(page.getByText(`Voucher ${code} byl uplatněn a objednávka je zaplacena.`)).toBeVisible();
    await expect(page.getByTestId('order-voucher-taken')).toHaveText(nbsp('−2 990,00 Kč'));
    await expect(page.getByTestId('order-paid-by')).toHaveText('Peněžní vouchery');
  });

  test('a list sorted by a column that gives way first keeps that column and its header in sight', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, demo.admin);
    await page.goto('/vouchers?sort=remainingUsageCount');
    const header = page.getByTestId('sort-remainingUsageCount');
    await expect(header).toBeVisible();
    await header.click();
    await expect(page).toHaveURL(/sort=-remainingUsageCount/);
    await expect(page.getByTestId('sort-remainingUsageCount')).toBeVisible();
  });

  test('staff without the voucher permissions see no vouchers', async ({ page }) => {
    await signIn(page, demo.doctor);
    await expect(page.getByTestId('nav-vouchers')).toHaveCount(0);
    await page.goto('/vouchers');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
