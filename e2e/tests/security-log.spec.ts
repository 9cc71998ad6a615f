import { expect, test } from '@playwright/test';
import { demo, signIn, signInWrongly, switchLanguage } from '../support/session';
import { newStaffMember } from '../support/users';

test.describe('the security log', () => {
  test('an administrator sees who signed in, and who was refused, in both languages', async ({
    page,
    browser,
  }) => {
    // A receptionist of the test's own (the demo's sign in and out beside it) signs in elsewhere,
    // after a mistyped password.
    const name = `Protokolová ${Date.now().toString(36)}`;
    const receptionist = await newStaffMember({ label: 'protokol', name });
    const context = await browser.newContext();
    const reception = await context.newPage();
    expect(await signInWrongly(reception, receptionist.email)).toBe('Nesprávný e-mail nebo heslo!');
    await signIn(reception, receptionist.email, receptionist.password);
    await context.close();

    await signIn(page, demo.admin);
    await page.getByTestId('nav-securitylog').click();
    await expect(page.getByRole('heading', { name: 'Bezpečnostní protokol' })).toBeVisible();

    await page.getByTestId('security-log-filter-user').click();
    await page.getByTestId('security-log-filter-user').fill(name);
    await page.getByRole('option', { name }).click();
    await expect(page).toHaveURL(/userId=\d+/);

    const rows = page.getByTestId('security-log-table-row');
    const signedIn = rows.filter({
      has: page.getByTestId('security-event').getByText('Přihlášení', { exact: true }),
    });
    await expect(signedIn.first()).toBeVisible();
    await expect(signedIn.first().getByTestId('security-log-user')).toContainText(name);
    const refused = rows.filter({ hasText: 'Odmítnuté přihlášení' });
    await expect(refused.first()).toContainText('Chybný e-mail nebo heslo');
    // Newest first: the sign-in came after the refusal.
    await expect(rows.first().getByTestId('security-event')).toHaveText('Přihlášení');

    await switchLanguage(page, 'EN');
    await expect(page.getByRole('heading', { name: 'Security log' })).toBeVisible();
    await expect(rows.first().getByTestId('security-event')).toHaveText('Signed in');
    await expect(rows.filter({ hasText: 'Sign-in refused' }).first()).toContainText(
      'Wrong e-mail or password',
    );

    // The user's page shows their latest entries and links back to the log filtered by them.
    await rows.first().getByTestId('security-log-user').click();
    await expect(page.getByTestId('user-security-events')).toContainText('Signed in');
    await page.getByTestId('user-security-events-all').click();
    await expect(page).toHaveURL(/\/administration\/securitylog\?userId=\d+/);
    await expect(rows.first().getByTestId('security-log-user')).toContainText(name);
  });

  test('a wrong password confirming a change is logged under its own event, in both languages', async ({
    page,
  }) => {
    await signIn(page, demo.admin);
    await page.goto('/user');
    await page.getByTestId('profile-email').fill('admin.elsewhere@genodesk.test');
    await page.getByTestId('profile-current-password').fill('not-the-password');
    await page.getByTestId('profile-details-submit').click();
    await expect(page.getByTestId('profile-details-form')).toContainText('Nesprávné heslo!');

    await page.goto('/administration/securitylog?event=passwordConfirmationRefused');
    const rows = page.getByTestId('security-log-table-row');
    const mine = rows.filter({ hasText: 'Změna e-mailu' }).filter({ hasText: 'Admin' });
    await expect(mine.first().getByTestId('security-event')).toHaveText('Chybné heslo při potvrzení změny');
    await switchLanguage(page, 'EN');
    await expect(rows.first().getByTestId('security-event')).toHaveText('Wrong password confirming a change');
    await expect(rows.filter({ hasText: 'Changing the e-mail' }).first()).toBeVisible();
  });

  test('is not for those who may not edit users', async ({ page }) => {
    await signIn(page, demo.doctor);
    await expect(page.getByTestId('nav-securitylog')).toHaveCount(0);
    await page.goto('/administration/securitylog');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  });
});
