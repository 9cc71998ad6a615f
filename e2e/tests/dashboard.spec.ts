import { expect, test } from '@playwright/test';
import { demo, signIn } from '../support/session';

/** What each demo role's work queue shows, in order (the lists their permissions open). */
const queues: Record<keyof typeof demo, string[]> = {
  admin: [
    'reportsToEvaluate',
    'reportsRequiringInspection',
    'reportsInDoctorSection',
    'uploadsInProgress',
    'uploadsRequiringInspection',
    'samplesToSend',
    'samplesToReceive',
    'samplesWaitingForAnalysis',
    'samplesInAnalysis',
    'partnerRequestsWaiting',
    'unprocessedOrders',
    'refundsDue',
    'undeliveredMessages',
  ],
  doctor: [
    'reportsToEvaluate',
    'reportsRequiringInspection',
    'reportsInDoctorSection',
    'uploadsInProgress',
    'uploadsRequiringInspection',
    'partnerRequestsWaiting',
  ],
  lab: [
    'reportsToEvaluate',
    'reportsRequiringInspection',
    'reportsInDoctorSection',
    'uploadsInProgress',
    'uploadsRequiringInspection',
    'samplesToSend',
    'samplesToReceive',
    'samplesWaitingForAnalysis',
    'samplesInAnalysis',
    'partnerRequestsWaiting',
    'undeliveredMessages',
  ],
  reception: [
    'samplesToSend',
    'samplesToReceive',
    'samplesWaitingForAnalysis',
    'samplesInAnalysis',
    'partnerRequestsWaiting',
    'unprocessedOrders',
    'refundsDue',
    'undeliveredMessages',
  ],
};

test.describe('the dashboard', () => {
  for (const role of Object.keys(queues) as (keyof typeof demo)[]) {
    test(`${role}: the work queue shows the role's counters, each the total of the list it opens`, {
      tag: '@alone',
    }, async ({ page }) => {
      await signIn(page, demo[role]);
      const cards = page.locator('a[data-testid^="work-"]');
      await expect(cards).toHaveCount(queues[role].length);
      const keys = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')));
      expect(keys).toEqual(queues[role].map((key) => `work-${key}`));
      for (const key of queues[role]) {
        await page.getByTestId('nav-dashboard').click();
        const count = await page.getByTestId(`work-${key}-count`).getAttribute('data-count');
        await page.getByTestId(`work-${key}`).click();
        await expect(page.locator('[data-testid$="-summary"]'), key).toHaveAttribute(
          'data-total',
          count ?? '',
        );
      }
    });
  }

  test('the work queue speaks English after the switch', async ({ page }) => {
    await signIn(page, demo.reception);
    await expect(page.getByTestId('work-samplesToSend')).toContainText('Vzorky k odeslání');
    await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
    await expect(page.getByTestId('work-samplesToSend')).toContainText('Samples to send');
    await expect(page.getByRole('heading', { name: 'Your work' })).toBeVisible();
  });
});
