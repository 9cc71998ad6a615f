import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { baseURL } from './base-url';

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
    if (await greeting.isVisible()) break;
    // Read at once: an error seen a moment ago may be gone (the sign-in went through meanwhile).
    const refusal = await error.textContent({ timeout: 1_000 }).catch(() => '');
    const delay = signInDelay(refusal ?? '');
    if (delay === null || attempt === 8) break;
    await page.waitForTimeout((delay + 0.2) * 1000);
  }
  await expect(greeting).toBeVisible();
}

/**
 * Types a wrong password on the login screen until the server judges it (not "try again in N s", as
 * when specs beside it have slowed the address down) and returns the error shown.
 */
export async function signInWrongly(page: Page, email: string) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('not-the-password');
  const error = page.getByTestId('login-error');
  for (let attempt = 1; ; attempt += 1) {
    await page.getByTestId('login-submit').click();
    await expect(error).toBeVisible();
    await expect(page.getByTestId('login-submit')).toBeEnabled();
    const text = await error.innerText();
    const delay = signInDelay(text);
    if (delay === null || attempt === 8) return text;
    await page.waitForTimeout((delay + 0.2) * 1000);
  }
}

/** Picks a language with the switch in the header or on the login page. */
export async function switchLanguage(page: Page, label: 'CS' | 'EN') {
  await page.getByTestId('language-switch').getByText(label, { exact: true }).click();
}

/**
 * Signs in through the API and returns the reply (its access token, the user). Specs running beside it
 * try wrong passwords on purpose, from the same address: when the server slows the address down
 * (`SIGN_IN_DELAYED`, "… in N s"), it waits as told, as a person would.
 */
export async function apiSignIn<Reply extends { token: string } = { token: string }>(
  api: APIRequestContext,
  email: string,
  password = demoPassword,
  headers: Record<string, string> = {},
): Promise<Reply> {
  for (let attempt = 1; ; attempt += 1) {
    const login = await api.post('/api/auth/adminLogin', { data: { email, password }, headers });
    const body = await login.text();
    if (login.status() === 429 && body.includes('SIGN_IN_DELAYED') && attempt < 8) {
      await new Promise((resolve) => setTimeout(resolve, ((signInDelay(body) ?? 1) + 0.2) * 1000));
      continue;
    }
    expect(login.status(), body).toBe(200);
    return JSON.parse(body) as Reply;
  }
}

/** A bearer header for a user signed in through the API. */
export async function bearer(api: APIRequestContext, email: string, password = demoPassword) {
  return { authorization: `Bearer ${(await apiSignIn(api, email, password)).token}` };
}

/** An API context of its own that calls as the given user (the administrator by default). */
export async function staffApi(
  email: string = demo.admin,
  password = demoPassword,
): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL });
  const headers = await bearer(anonymous, email, password);
  await anonymous.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: headers });
}
