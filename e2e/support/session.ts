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

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
}

/** Picks a language with the switch in the header or on the login page. */
export async function switchLanguage(page: Page, label: 'CS' | 'EN') {
  await page.getByTestId('language-switch').getByText(label, { exact: true }).click();
}
