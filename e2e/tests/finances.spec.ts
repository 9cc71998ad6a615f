import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { notifyCard } from '../support/gateway';
import { searchList } from '../support/lists';
import { demo, signIn, switchLanguage } from '../support/session';

/** The demo statement the seed's bank transfers match (api/src/seed/finances.ts). */
const demoStatement = fileURLToPath(new URL('../../api/src/seed/data/demo-statement.gpc', import.meta.url));

test.describe('finances', () => {
  test('an unprocessed order gets a bank transfer with its QR code, is paid by the imported statement, finalized, and its sample waits to be sent', async ({
    page,
  }) => {
    await signIn(page, demo.reception);
    await page.getByTestId('nav-unpaidcustomers').click();
    await searchList(page, 'unpaid-table', '2300004');
    await expect(page.getByTestId('unpaid-table-row')).toHaveCount(1);
    await expect(page.getByTestId('unpaid-table-row')).toContainText('Chybí platba');
    await page.getByTestId('unpaid-table-row').click();
    await expect(page.getByTestId('order-title')).toHaveText('Objednávka 2300004');
    // Unpaid: no finalization yet.
    await expect(page.getByTestId('order-action-finalize')).toHaveCount(0);

    // The order's transfer already waits (the seed made it): its instructions are sent again, with the QR code.
    await expect(page.getByTestId('order-action-take-cash')).toHaveCount(0);
    await page.getByTestId('order-action-bank-transfer').click();
    await expect(page.getByRole('dialog')).toContainText('už čeká na zaplacení');
    await expect(page.getByRole('dialog')).toContainText('jana.horakova@objednavky.example.cz');
    await page.getByTestId('order-bank-transfer-confirm').click();
    const transfer = page.getByRole('dialog', { name: 'Bankovní převod' });
    await expect(transfer.getByTestId('qr-platba')).toBeVisible();
    await expect(transfer.getByTestId('qr-platba')).toHaveAttribute(
      'data-spayd',
      /^SPD\*1\.0\*ACC:CZ\d{22}\*AM:\d+\.\d{2}\*CC:CZK\*.*X-VS:2300004$/,
    );
    await expect(transfer.getByTestId('bank-transfer-vs')).toContainText('2300004');
    await expect(transfer.getByTestId('bank-transfer-iban')).toContainText('CZ');
    await expect(transfer.getByTestId('bank-transfer-amount')).toContainText('Kč');
    await transfer.getByTestId('bank-transfer-close').click();
    await expect(
      page.getByText('Platební pokyny byly znovu odeslány na jana.horakova@objednavky.example.cz'),
    ).toBeVisible();
    await expect(page.getByTestId('order-action-bank-transfer')).toHaveText('Znovu poslat platební pokyny');

    // The accountant imports the bank's statement: two transfers paid, the rest listed with the reason.
    await page.getByTestId('nav-statements').click();
    await page.getByTestId('statement-dropzone').locator('input[type="file"]').setInputFiles(demoStatement);
    await expect(page.getByTestId('statement-title')).toHaveText('demo-statement.gpc');
    await expect(page.getByTestId('statement-matched')).toHaveText('2');
    await expect(page.getByTestId('statement-unmatched')).toHaveText('4');
    const lines = page.getByTestId('statement-line');
    await expect(lines).toHaveCount(6);
    await page.getByTestId('statement-lines-filter').getByText('Jen nespárované').click();
    await expect(lines).toHaveCount(4);
    await expect(page.getByTestId('statement-lines')).toContainText('Částka nesouhlasí');
    await expect(page.getByTestId('statement-lines')).toContainText('Neznámý variabilní symbol');
    await expect(page.getByTestId('statement-lines')).toContainText('Už zaplaceno');
    await expect(page.getByTestId('statement-lines')).toContainText('Není příchozí platba');
    // David Miller mistyped the variable symbol: the accountant pairs his payment with his order by hand.
    const miller = lines.filter({ hasText: 'Miller David' });
    await miller.getByTestId('statement-line-match').click();
    await page.getByTestId('statement-match-order').fill('2300007');
    await page.getByTestId('statement-match-submit').click();
    await expect(page.getByText('Platba byla spárována s objednávkou 2300007')).toBeVisible();
    await expect(page.getByTestId('statement-matched')).toHaveText('3');
    await page.getByTestId('statement-lines-filter').getByText('Všechny řádky').click();
    await expect(lines.filter({ hasText: 'Miller David' })).toContainText('Objednávka 2300007');
    await expect(lines.filter({ hasText: 'Horáková Jana' }).first()).toContainText('Objednávka 2300004');
    await page.getByTestId('nav-statements').click();
    // The newest import is listed first (other specs may have imported statements of their own).
    await expect(page.getByTestId('statements-table-row').first()).toContainText('demo-statement.gpc');

    // The order is paid now, and only its finalization is missing.
    await page.getByTestId('nav-unpaidcustomers').click();
    await searchList(page, 'unpaid-table', '2300004');
    await expect(page.getByTestId('unpaid-table-row')).toHaveCount(1);
    await expect(page.getByTestId('unpaid-table-row')).toContainText('Čeká na dokončení');
    await page.getByTestId('unpaid-table-row').click();
    await expect(page.getByTestId('order-paid-by')).toHaveText('Bankovní převod');
    await expect(page.getByTestId('order-bank-transfer').getByTestId('bank-transfer-details')).toContainText(
      'Tento převod je zaplacen.',
    );
    // Nothing left to scan for a paid transfer.
    await expect(page.getByTestId('order-bank-transfer').getByTestId('qr-platba')).toHaveCount(0);
    await expect(page.getByTestId('order-action-bank-transfer')).toHaveCount(0);
    await page.getByTestId('order-action-finalize').click();
    await page.getByTestId('order-finalize-confirm').click();
    await expect(page.getByTestId('order-complete')).toBeVisible();
    await expect(page.getByTestId('order-sample').getByTestId('sample-status')).toHaveText(
      'Čeká na odeslání',
    );
    await expect(page.getByTestId('order-sample-action-send')).toBeVisible();

    await page.getByTestId('nav-pendingsamples').click();
    await searchList(page, 'work-list-table', 'jana.horakova@objednavky.example.cz');
    await expect(page.getByTestId('work-list-table-row')).toHaveCount(1);
    await expect(page.getByTestId('work-list-table-row')).toContainText('Horáková');
  });

  test('reception takes cash for an order without any payment: paid in cash, ready to finalize', async ({
    page,
  }) => {
    await signIn(page, demo.reception);
    await page.getByTestId('nav-unpaidcustomers').click();
    await searchList(page, 'unpaid-table', '2300010');
    await expect(page.getByTestId('unpaid-table-row')).toHaveCount(1);
    await page.getByTestId('unpaid-table-row').click();
    await page.getByTestId('order-action-take-cash').click();
    await expect(page.getByRole('dialog')).toContainText('v hotovosti za objednávku 2300010');
    await expect(page.getByRole('dialog')).toContainText('Kč');
    await page.getByTestId('order-takeCash-confirm').click();
    await expect(page.getByText('Platba v hotovosti byla přijata')).toBeVisible();
    await expect(page.getByTestId('order-paid-by')).toHaveText('Hotovost');
    await expect(page.getByTestId('order-action-take-cash')).toHaveCount(0);
    await expect(page.getByTestId('order-action-bank-transfer')).toHaveCount(0);
    await expect(page.getByTestId('order-action-finalize')).toBeVisible();
  });

  test('at 1280 px an unprocessed order shows its payments whole, their actions inside their card', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, demo.reception);
    await page.getByTestId('nav-unpaidcustomers').click();
    await searchList(page, 'unpaid-table', '2300001');
    await expect(page.getByTestId('unpaid-table-row')).toHaveCount(1);
    await page.getByTestId('unpaid-table-row').click();
    const payments = page.getByTestId('order-payments');
    await expect(payments.getByTestId('order-payment')).toHaveCount(1);
    const card = await payments.boundingBox();
    const actions = payments.locator('[data-testid^="payment-"]');
    expect(await actions.count()).toBeGreaterThan(0);
    for (const action of await actions.all()) {
      const box = await action.boundingBox();
      expect(box && card && box.x + box.width <= card.x + card.width + 1).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('in English: a card payment is approved and its order waits for finalization', async ({ page }) => {
    await signIn(page, demo.reception);
    await switchLanguage(page, 'EN');
    await page.getByTestId('nav-payments').click();
    await expect(page.getByTestId('page-title')).toHaveText('Payments');
    await searchList(page, 'payments-table', 'TXD2300002');
    const row = page.getByTestId('payments-table-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Authorized');
    await expect(row).toContainText('CZK');
    await row.locator('[data-testid^="payment-approve-"]').click();
    await expect(page.getByRole('dialog')).toContainText('order 2300002');
    await page.getByTestId('payment-approve-confirm').click();
    await expect(page.getByText('The payment was approved')).toBeVisible();
    await expect(row.getByTestId('payment-state')).toHaveText('Completed');
    await expect(row.locator('[data-testid^="payment-approve-"]')).toHaveCount(0);

    await page.getByTestId('nav-orders').click();
    await searchList(page, 'orders-table', '2300002');
    await expect(page.getByTestId('orders-table-row')).toHaveCount(1);
    await expect(page.getByTestId('orders-table-row')).toContainText('Awaiting finalization');
    await page.getByTestId('orders-table-row').click();
    await expect(page.getByTestId('order-paid-by')).toHaveText('Card');
    await expect(page.getByTestId('order-amount-due')).toContainText('CZK 0.00');
    await expect(page.getByTestId('order-payments')).toContainText('TXD2300002');
  });

  test('orders are newest first; their Created header turns them oldest first and back', async ({ page }) => {
    await signIn(page, demo.reception);
    await page.getByTestId('nav-orders').click();
    const created = page.locator('th', { has: page.getByTestId('sort-created') });
    const table = page.locator('[data-testid="orders-table"]:not([aria-busy="true"])');
    /**
     * When each row of the page was created ("29. 11. 2026 17:26" as YYYYMMDDHHmm), in the list's order.
     * Read from the dates, not compared with the rows seen before: specs beside this one register
     * customers, and their new orders come first meanwhile.
     */
    const createdTimes = async () =>
      (await page.getByTestId('orders-table-row').locator('[data-column="created"]').allTextContents()).map(
        (text) => {
          const [, d, m, y, h, min] = text.match(/(\d+)\. (\d+)\. (\d{4}) (\d+):(\d+)/) ?? [];
          return Number(y) * 1e8 + Number(m) * 1e6 + Number(d) * 1e4 + Number(h) * 100 + Number(min);
        },
      );
    const newestFirst = (times: number[]) => times.every((time, i) => i === 0 || time <= (times[i - 1] ?? 0));
    const oldestFirst = (times: number[]) => times.every((time, i) => i === 0 || time >= (times[i - 1] ?? 0));

    await expect(created).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByTestId('orders-table-row').nth(1)).toBeVisible();
    const before = await createdTimes();
    expect(before.every(Number.isFinite) && newestFirst(before), before.join(' ')).toBe(true);
    await page.getByTestId('sort-created').click();
    await expect(created).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=created(&|$)/);
    await expect(table).toBeVisible();
    const ascending = await createdTimes();
    expect(oldestFirst(ascending), ascending.join(' ')).toBe(true);
    expect(ascending[0]).toBeLessThan(before[0] ?? 0);
    await page.getByTestId('sort-created').click();
    await expect(created).toHaveAttribute('aria-sort', 'descending');
    await expect(table).toBeVisible();
    const after = await createdTimes();
    expect(newestFirst(after), after.join(' ')).toBe(true);
    expect(after[0]).toBeGreaterThanOrEqual(before[0] ?? 0);
  });

  test('a product type is created and edited; the price must be more than 0', async ({ page }) => {
    const name = `Test produktu ${Date.now()}`;
    await signIn(page, demo.admin);
    await page.getByTestId('nav-producttypes').click();
    await page.getByTestId('product-types-create').click();
    await page.getByTestId('product-type-name').fill(name);
    await page.getByTestId('product-type-price').fill('0');
    await page.getByTestId('product-type-submit').click();
    await expect(page.getByText('Cena musí být víc než 0!')).toBeVisible();
    await page.getByTestId('product-type-price').fill('1490,5');
    await page.getByTestId('product-type-submit').click();
    await expect(page.getByTestId('product-type-detail-name')).toHaveText(name);
    await expect(page.getByTestId('product-type-detail-price')).toHaveText(/^1\s490,50\sKč$/);

    await page.getByTestId('product-type-edit').click();
    await expect(page.getByTestId('product-type-name')).toHaveValue(name);
    // Money is always written with its two decimals, also in the field.
    await expect(page.getByTestId('product-type-price')).toHaveValue(/^1\s490,50$/);
    await page.getByTestId('product-type-name').fill(`${name} upraveno`);
    await page.getByTestId('product-type-price').fill('2000');
    await page.getByTestId('product-type-submit').click();
    await expect(page.getByTestId('product-type-detail-name')).toHaveText(`${name} upraveno`);
    await expect(page.getByTestId('product-type-detail-price')).toHaveText(/^2\s000,00\sKč$/);

    await page.getByTestId('nav-producttypes').click();
    await searchList(page, 'product-types-table', `${name} upraveno`);
    await expect(page.getByTestId('product-types-table-row')).toHaveCount(1);
    await expect(page.getByTestId('product-types-table-row')).toContainText(/2\s000,00/);

    // An English name for English readers; without one the Czech name stands in.
    await page.getByTestId('product-types-table-row').click();
    await page.getByTestId('product-type-edit').click();
    await page.getByTestId('product-type-name-en').fill(`Product test ${name.slice(-6)}`);
    await page.getByTestId('product-type-submit').click();
    await expect(page.getByTestId('product-type-detail-name')).toHaveText(`${name} upraveno`);
    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('product-type-detail-name')).toHaveText(`Product test ${name.slice(-6)}`);
    await switchLanguage(page, 'CS');
  });

  test('a card charged after the order was paid in cash is paid twice; reception refunds it, saying how, and the note shows with the refund', async ({
    page,
  }) => {
    await signIn(page, demo.reception);
    await page.getByTestId('nav-unpaidcustomers').click();
    await searchList(page, 'unpaid-table', '2300001');
    await page.getByTestId('unpaid-table-row').click();
    await expect(page.getByTestId('order-title')).toHaveText('Objednávka 2300001');
    // The customer pays at the desk while their card payment is still pending: it becomes the cash payment.
    const payments = page.getByTestId('order-payment');
    await expect(payments).toHaveCount(1);
    await payments.locator('[data-testid^="payment-convert-"]').click();
    await page.getByTestId('payment-convertToCash-confirm').click();
    await expect(page.getByText('Platba byla převedena na hotovost')).toBeVisible();
    await expect(page.getByTestId('order-paid-by')).toHaveText('Hotovost');

    // The gateway then charges the card after all.
    const charged = await notifyCard(page.request, {
      TransactionId: 'TXD2300001',
      RefId: 'REF-E2E-2300001',
      Status: 3,
    });
    expect(charged.changed).toBe(true);
    await page.reload();
    await expect(page.getByTestId('order-refund-due')).toContainText('Zaplaceno dvakrát');
    const charge = payments.filter({ has: page.getByTestId('payment-refund') });
    await expect(charge).toContainText('REF-E2E-2300001');
    await expect(charge.getByTestId('payment-refund')).toHaveText('Zaplaceno dvakrát – k vrácení');

    // The confirmation asks how it was refunded, in English too; closed, it records nothing.
    await switchLanguage(page, 'EN');
    await charge.getByRole('button', { name: 'Mark as refunded' }).click();
    const english = page.getByRole('dialog', { name: 'Overpayment refunded' });
    await expect(english.getByRole('textbox', { name: 'How it was refunded (optional)' })).toBeFocused();
    await expectAccessible(page, 'the refund dialog in English');
    await english.getByRole('button', { name: 'Cancel' }).click();
    await expect(english).toHaveCount(0);
    await switchLanguage(page, 'CS');
    await expect(charge.getByTestId('payment-refund')).toHaveText('Zaplaceno dvakrát – k vrácení');

    // Reception sends the money back and says how, in the confirmation.
    await charge.getByRole('button', { name: 'Označit jako vrácené' }).click();
    const dialog = page.getByRole('dialog', { name: 'Přeplatek vrácen' });
    await expect(dialog).toContainText('objednávky 2300001');
    const note = 'Vráceno převodem na účet zákaznice, reference 2611-0042';
    await dialog.getByRole('textbox', { name: 'Jak bylo vráceno (nepovinné)' }).fill(`  ${note} `);
    await expectAccessible(page, 'the refund dialog');
    await dialog.getByRole('button', { name: 'Označit jako vrácené' }).click();
    await expect(page.getByText('Vrácení přeplatku bylo zaznamenáno')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('order-refund-due')).toHaveCount(0);
    await expect(charge.getByTestId('payment-refund')).toHaveText('Vráceno');
    await expect(charge.getByTestId('order-payment-refund')).toContainText('(Radka Recepční)');
    await expect(charge.getByTestId('order-payment-refund-note')).toHaveText(`Jak vráceno: ${note}`);
    await expect(charge.getByRole('button', { name: 'Označit jako vrácené' })).toHaveCount(0);

    // The payments list shows it with the refund's note, in English too.
    await page.getByTestId('nav-payments').click();
    await searchList(page, 'payments-table', 'TXD2300001');
    const row = page.getByTestId('payments-table-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('payment-refund')).toHaveText('Vráceno');
    await expect(row.getByTestId('payment-refund-note')).toHaveText(`Jak vráceno: ${note}`);
    await expectAccessible(page, 'the payments list with a refund note');
    await switchLanguage(page, 'EN');
    await expect(row.getByTestId('payment-refund-note')).toHaveText(`How refunded: ${note}`);
    await expectAccessible(page, 'the payments list with a refund note in English');
    await switchLanguage(page, 'CS');
  });
});
