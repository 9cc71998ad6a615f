import { expect, type Page, test } from '@playwright/test';
import { smtpControlURL } from '../support/base-url';
import { demo, signIn, switchLanguage } from '../support/session';

const editor = (page: Page, testId: string) => page.getByTestId(testId).locator('.ProseMirror');

/** Reloads until `check` holds: delivery runs in the background, on the workers' schedule. */
async function eventually(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 100_000, intervals: [2000] });
}

test('an e-mail the server refuses fails with its reason, is sent again from the outbox and arrives once', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const address = `pacientka.${stamp}@odmitnuto.test`;
  const subject = `Výsledek je připraven ${stamp}`;
  await request.post(`${smtpControlURL}/refuse?domain=odmitnuto.test`);

  await signIn(page, demo.admin);
  await page.goto('/administration/email');
  await page.getByTestId('email-mode').getByText('Jedné adrese').click();
  await page.getByTestId('email-to').fill(address);
  await page.getByTestId('email-subject').fill(subject);
  await editor(page, 'email-body').fill('Dobrý den, váš výsledek je připraven.');
  await page.getByTestId('email-review').click();
  await page.getByTestId('email-send').click();
  await expect(page.getByText('E-mail je zařazen k odeslání.')).toBeVisible();

  // The server's 550 fails the message at once, with its reason.
  await page.goto(`/administration/outbox?search=${encodeURIComponent(address)}`);
  const row = page.getByTestId('outbox-table-row');
  await eventually(page, () =>
    expect(row.getByTestId('outbox-status')).toHaveText('Selhalo', { timeout: 1000 }),
  );
  await row.click();
  await expect(page.getByTestId('outbox-detail-error')).toContainText('550');
  await expect(page.getByTestId('outbox-detail-error')).toContainText('Mailbox unavailable');

  // The mailbox is fixed; staff send it again.
  await request.post(`${smtpControlURL}/accept?domain=odmitnuto.test`);
  await page.getByTestId('outbox-retry').click();
  await page.getByTestId('outbox-retry-confirm').click();
  await expect(page.getByText('Zpráva je znovu zařazena k odeslání.')).toBeVisible();
  await eventually(page, () =>
    expect(page.getByTestId('outbox-status')).toHaveText('Odesláno', { timeout: 1000 }),
  );
  await expect(page.getByTestId('outbox-retry')).toHaveCount(0);

  const received = (await (await request.get(`${smtpControlURL}/messages`)).json()) as {
    to: string[];
    subject: string;
  }[];
  const mine = received.filter((m) => m.to.includes(address));
  expect(mine).toHaveLength(1);
  expect(mine[0]?.subject).toBe(subject);

  await switchLanguage(page, 'EN');
  await expect(page.getByTestId('outbox-status')).toHaveText('Sent');
});

test('while the mail server is down the outbox and the dashboard say so, and once it is back the mail goes out by itself', {
  tag: '@alone',
}, async ({ page, request }) => {
  test.setTimeout(240_000);
  const address = `vypadek.${Date.now()}@example.cz`;
  await request.post(`${smtpControlURL}/down`);
  try {
    await signIn(page, demo.admin);
    await page.goto('/administration/email');
    await page.getByTestId('email-mode').getByText('Jedné adrese').click();
    await page.getByTestId('email-to').fill(address);
    await page.getByTestId('email-subject').fill('Pozvánka na konzultaci');
    await editor(page, 'email-body').fill('Dobrý den, zveme vás na konzultaci.');
    await page.getByTestId('email-review').click();
    await page.getByTestId('email-send').click();
    await expect(page.getByText('E-mail je zařazen k odeslání.')).toBeVisible();

    await page.goto('/administration/outbox');
    const alert = page.getByTestId('delivery-alert-email');
    await eventually(page, () => expect(alert).toBeVisible({ timeout: 1000 }));
    await expect(alert).toContainText('E-maily se neodesílají');
    await expect(page.getByTestId('delivery-alert-email-error')).toContainText('ECONNREFUSED');
    await page.goto('/');
    await expect(page.getByTestId('delivery-alert-email')).toContainText('E-maily se neodesílají');
    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('delivery-alert-email')).toContainText('E-mails are not going out');
    await switchLanguage(page, 'CS');

    // The server is back: the next sweep's probe goes through and the waiting mail follows.
    await request.post(`${smtpControlURL}/up`);
    await page.goto(`/administration/outbox?search=${encodeURIComponent(address)}`);
    await eventually(page, () =>
      expect(page.getByTestId('outbox-table-row').getByTestId('outbox-status')).toHaveText('Odesláno', {
        timeout: 1000,
      }),
    );
    await expect(page.getByTestId('delivery-alert-email')).toHaveCount(0);
  } finally {
    await request.post(`${smtpControlURL}/up`);
  }
});
