import { expect, type Page } from '@playwright/test';

export const demoPassword = 'genodesk';
export const demo = {
  admin: 'admin@genodesk.test',
  doctor: 'doctor@genodesk.test',
  lab: 'lab@genodesk.test',
  reception: 'reception@genodesk.test',
} as const;
/** A second demo doctor, whose password the own-password test changes (the others keep theirs). */
export const secondDoctor = 'doctor2@genodesk.test';

/** The seconds a sign-in refused as slowed down (`SIGN_IN_DELAYED`, "… in N s") asks to wait, else null. */
export function signInDelay(refusal: string): number | null {
  const seconds = /(\d+) s\b/.exec(refusal)?.[1];
  return seconds === undefined ? null : Number(seconds);
}

/**
 * Signs in through the login screen and waits for the dashboard. Specs running beside it try wrong
 * passwords on purpose, from the same address: when the screen says the next attempt is possible in
 * N s, it waits as told and signs in again, as a person would.
 */
export async function signIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  const greeting = page.getByTestId('dashboard-greeting');
  const error = page.getByTestId('login-error');
  for (let attempt = 1; ; attempt += 1) {
    await page.getByTestId('login-submit').click();
    await expect(greeting.or(error)).toBeVisible();
    const delay = signInDelay((await error.isVisible()) ? await error.innerText() : '');
    if (delay === null || attempt === 8) break;
    await page.waitForTimeout((delay + 0.2) * 1000);
  }
  await expect(greeting).toBeVisible();
}

/** Picks a language with the switch in the header or on the login page. */
export async function switchLanguage(page: Page, label: 'CS' | 'EN') {
  await page.getByTestId('language-switch').getByText(label, { exact: true }).click();
}
