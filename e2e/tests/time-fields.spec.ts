import { expect, type Page, test } from '@playwright/test';
import { demo, signIn } from '../support/session';

/**
 * A time typed into a time field is that time, whether the hours box was reached by picking the day
 * (it takes the focus, its digits selected) or clicked first. QA clicked the hours of a proposed
 * `07:30`, typed `1600` and had 17:59 saved: the click left a caret inside `07`, so the digits went
 * in beside the old ones and were clamped to the box's range, without a word.
 */

/** 15th of next month, as the calendar names its day button in Czech (a day in the future). */
function nextMonthsFifteenth() {
  const now = new Date();
  const day = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 15, 12));
  const name = new Intl.DateTimeFormat('cs-CZ', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
  return { name, shown: `${day.getUTCDate()}. ${day.getUTCMonth() + 1}. ${day.getUTCFullYear()}` };
}

/** Clicks into a box of a time field and types digits there, as a person does. */
async function clickAndType(page: Page, box: ReturnType<Page['getByLabel']>, digits: string) {
  await box.click();
  await page.keyboard.type(digits);
}

test('a time typed after clicking the hours or the minutes box of the reservation start is the time typed', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  await page.goto('/reservations');
  await page.getByTestId('reservation-new').click();
  await expect(page.getByTestId('reservation-form')).toBeVisible();

  const start = page.getByTestId('reservation-start');
  await start.click();
  await page.getByRole('button', { name: 'Další měsíc' }).click();
  const day = nextMonthsFifteenth();
  await page.getByRole('button', { name: day.name, exact: true }).click();
  const hours = page.getByLabel('Hodiny', { exact: true });
  const minutes = page.getByLabel('Minuty', { exact: true });
  // Picking the day hands the focus to the hours, the proposed time kept.
  await expect(hours).toBeFocused();

  await clickAndType(page, hours, '1600');
  await expect(hours).toHaveValue('16');
  await expect(minutes).toHaveValue('00');

  // The minutes alone, clicked into and retyped.
  await clickAndType(page, minutes, '45');
  await expect(hours).toHaveValue('16');
  await expect(minutes).toHaveValue('45');

  // The hours again, the minutes kept.
  await clickAndType(page, hours, '09');
  await expect(hours).toHaveValue('09');
  await expect(minutes).toHaveValue('45');

  await page.getByRole('button', { name: 'Potvrdit datum a čas' }).click();
  await expect(start).toHaveText(`${day.shown} 09:45`);
});

test('opening hours typed after clicking into a consulting room’s time boxes are the hours typed', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  await page.goto('/reservations/consultingrooms/create');
  const opensHours = page.getByLabel('Od – Hodiny', { exact: true });
  const opensMinutes = page.getByLabel('Od – Minuty', { exact: true });
  const closesHours = page.getByLabel('Do – Hodiny', { exact: true });
  const closesMinutes = page.getByLabel('Do – Minuty', { exact: true });
  // 08:00–18:00 proposed.
  await expect(opensHours).toHaveValue('08');
  await expect(closesHours).toHaveValue('18');

  // A box clicked once has its digits selected; a second click inside them is what left a caret.
  await opensHours.click();
  await clickAndType(page, opensHours, '0730');
  await expect(opensHours).toHaveValue('07');
  await expect(opensMinutes).toHaveValue('30');

  await clickAndType(page, closesHours, '1615');
  await expect(closesHours).toHaveValue('16');
  await expect(closesMinutes).toHaveValue('15');

  await closesMinutes.click();
  await clickAndType(page, closesMinutes, '45');
  await expect(closesHours).toHaveValue('16');
  await expect(closesMinutes).toHaveValue('45');
});
