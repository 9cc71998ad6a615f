import { expect, test } from '@playwright/test';
import { apiSignIn, demo, signIn, signInWrongly, switchLanguage } from '../support/session';
import { newStaffMember } from '../support/users';

test.describe('signing in and out', () => {
  test('a wrong password shows the generic message and keeps the user on the login screen', async ({
    page,
  }) => {
    expect(await signInWrongly(page, demo.admin)).toBe('Nesprávný e-mail nebo heslo!');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unauthenticated visitor is sent to /login, signs in, returns to the page asked for, and signs out', async ({
    page,
  }) => {
    await page.goto('/administration/users?search=lab');
    await expect(page).toHaveURL(/\/login\?from=%2Fadministration%2Fusers%3Fsearch%3Dlab$/);
    await expect(page).toHaveTitle(/GenoDesk/);
    // A first visit is not a sign-out: no reason is given.
    await expect(page.getByTestId('login-reason')).toHaveCount(0);
    await page.getByTestId('login-email').fill(demo.admin);
    await page.getByTestId('login-password').fill('genodesk');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/administration\/users\?search=lab$/);
    await expect(page.getByTestId('user-menu-name')).toHaveText('Alena Adminová');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the navigation shows only what the role may open, and the guard sends others back', async ({
    page,
  }) => {
    await signIn(page, demo.reception);
    await expect(page.getByTestId('nav-dashboard')).toBeVisible();
    await expect(page.getByTestId('nav-users')).toHaveCount(0);
    await expect(page.getByTestId('nav-roles')).toHaveCount(0);
    await page.goto('/administration/users');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  });

  test('an unknown path shows the 404 screen inside the app', async ({ page }) => {
    await signIn(page, demo.doctor);
    await page.goto('/no/such/screen');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByTestId('nav-dashboard')).toBeVisible();
    await page.getByTestId('not-found-home').click();
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  });

  test('the language switch turns the whole screen to English and back, and is remembered', async ({
    page,
  }) => {
    await signIn(page, demo.admin);
    await page.getByTestId('nav-users').click();
    await expect(page.getByTestId('page-title')).toHaveText('Uživatelé');
    await expect(page).toHaveTitle('Uživatelé · GenoDesk');
    await switchLanguage(page, 'EN');
    await expect(page.getByTestId('page-title')).toHaveText('Users');
    await expect(page).toHaveTitle('Users · GenoDesk');
    await expect(page.getByTestId('users-table-row').filter({ hasText: demo.lab })).toContainText(
      'Laboratory',
    );
    expect(await page.evaluate(() => localStorage.getItem('preferredLocale'))).toBe('en');
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('Users');
    await switchLanguage(page, 'CS');
    await expect(page.getByTestId('page-title')).toHaveText('Uživatelé');
  });

  test('after 20 idle minutes a modal counts down and signs the user out', async ({ page }) => {
    await page.clock.install();
    await signIn(page, demo.lab);
    await page.clock.runFor('19:00');
    await expect(page.getByTestId('idle-modal-body')).toHaveCount(0);
    await page.clock.runFor('01:05');
    await expect(page.getByText('Brzy budete odhlášeni')).toBeVisible();
    await expect(page.getByTestId('idle-countdown')).toContainText(/\d+/);
    await page.getByTestId('idle-stay').click();
    await expect(page.getByTestId('idle-modal-body')).toHaveCount(0);

    await page.clock.runFor('20:05');
    await expect(page.getByTestId('idle-modal-body')).toBeVisible();
    await page.clock.runFor('00:31');
    await expect(page).toHaveURL(/\/login\?reason=idle$/);
    await expect(page.getByTestId('login-reason')).toContainText('po nečinnosti odhlášeni');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('signed out after idling on a record, the user signs in and is back on that record, in English too', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, demo.admin);
    await switchLanguage(page, 'EN');
    await page.goto('/customers/view/1');
    await expect(page.getByTestId('customer-detail-name')).toBeVisible();
    await page.clock.runFor('20:40');
    await expect(page).toHaveURL(/\/login\?from=%2Fcustomers%2Fview%2F1&reason=idle$/);
    await expect(page.getByTestId('login-reason')).toHaveText(
      'For your security you were signed out after a time without activity. Sign in to continue where you left off.',
    );
    await page.getByTestId('login-email').fill(demo.admin);
    await page.getByTestId('login-password').fill('genodesk');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/customers\/view\/1$/);
    await expect(page.getByTestId('customer-detail-name')).toBeVisible();
  });

  test('work in one tab keeps a forgotten tab from signing the user out', async ({ context }) => {
    await context.clock.install();
    const forgotten = await context.newPage();
    await signIn(forgotten, demo.lab);
    const working = await context.newPage();
    await working.goto('/customers');
    await expect(working.getByTestId('page-title')).toBeVisible();
    // Fifteen minutes on, the lab works in the second tab; the first stays untouched.
    await context.clock.runFor('15:00');
    await working.mouse.move(200, 300);
    await working.mouse.move(220, 320);
    await context.clock.runFor('10:00');
    await expect(forgotten.getByTestId('idle-modal-body')).toHaveCount(0);
    expect(await forgotten.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    // Twenty minutes without activity anywhere: both ask, and working on closes the question in both.
    await context.clock.runFor('10:10');
    await expect(forgotten.getByTestId('idle-modal-body')).toBeVisible();
    await expect(working.getByTestId('idle-modal-body')).toBeVisible();
    await working.getByTestId('idle-stay').click();
    await context.clock.runFor('00:02');
    await expect(forgotten.getByTestId('idle-modal-body')).toHaveCount(0);
  });

  test('the profile lists the own sign-ins and ends another one; an administrator signs a user out everywhere', async ({
    page,
    request,
  }) => {
    // A lab technician of the test's own (the demo's sign in beside it), signed in a second time from a
    // "laboratory PC".
    const lab = await newStaffMember({ label: 'relace', role: 'Laboratoř' });
    const { token } = await apiSignIn(request, lab.email, lab.password, {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/140.0',
    });
    const asElsewhere = { authorization: `Bearer ${token}` };
    await signIn(page, lab.email, lab.password);
    await page.goto('/user');
    const rows = page.getByTestId('session-row');
    await expect(rows.filter({ has: page.getByTestId('session-current') })).toHaveCount(1);
    const laboratory = rows.filter({ hasText: 'Firefox · Windows' }).last();
    await expect(laboratory).toBeVisible();
    await laboratory.getByTestId('session-end').click();
    await page.getByTestId('session-end-confirm').click();
    await expect(page.getByText('Přihlášení bylo ukončeno.')).toBeVisible();
    expect((await request.get('/api/auth/user', { headers: asElsewhere })).status()).toBe(401);
    await expect(rows.filter({ has: page.getByTestId('session-current') })).toHaveCount(1);

    // The administrator ends every sign-in of the lab technician: their next call is refused.
    const labToken = await apiSignIn(request, lab.email, lab.password);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await signIn(page, demo.admin);
    await page.goto(`/administration/users/view/${lab.id}`);
    await page.getByTestId('user-sign-out-everywhere').click();
    await page.getByTestId('sign-out-everywhere-confirm').click();
    await expect(page.getByText(/Ukončen[oa] [1-9]\d* přihlášení\./)).toBeVisible();
    expect(
      (
        await request.get('/api/auth/user', { headers: { authorization: `Bearer ${labToken.token}` } })
      ).status(),
    ).toBe(401);
  });
});
