import { expect, test } from '@playwright/test';
import { demo, signIn, switchLanguage } from '../support/session';

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
    // The row stayed where it was; the next sample is untouched and still offered.
    await expect(rows.nth(0)).toHaveAttribute('data-row-id', String(clicked));
    await expect(page.getByTestId(`sample-startanalysis-${next}`)).toBeEnabled();
    await expect(page.getByText(/Zahájené analýzy: 2/)).toHaveCount(0);

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
});
