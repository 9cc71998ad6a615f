import { expect, test } from '@playwright/test';
import { searchList } from '../support/lists';
import { demo, secondDoctor, signIn, staffApi } from '../support/session';
import { createStaffUser } from '../support/users';

test.describe('users, roles and the own profile', () => {
  test('an admin creates a user, who signs in with the temporary password and must choose a new one', async ({
    page,
    browser,
  }) => {
    await signIn(page, demo.admin);
    await page.getByTestId('nav-users').click();
    await page.getByTestId('users-create').click();
    await page.getByTestId('user-form-email').fill('petra.novakova@genodesk.test');
    await page.getByTestId('user-form-username').fill('Petra Nováková');
    await page.getByTestId('user-form-role').click();
    await page.getByRole('option', { name: 'Recepce' }).click();
    await page.getByTestId('user-form-color-6').click();
    await page.getByTestId('user-form-submit').click();

    const temporaryPassword = (await page.getByTestId('temp-password-value').textContent())?.trim() ?? '';
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    await page.getByTestId('temp-password-close').click();
    await expect(page.getByTestId('user-detail-email')).toHaveText('petra.novakova@genodesk.test');
    await expect(page.getByTestId('user-detail-role')).toHaveText('Recepce');

    await page.getByTestId('nav-users').click();
    await searchList(page, 'users-table', 'nováková');
    await expect(page.getByTestId('users-table-row')).toHaveCount(1);
    await expect(page).toHaveURL(/search=/);

    const context = await browser.newContext();
    const newcomer = await context.newPage();
    await newcomer.goto('/login');
    await newcomer.getByTestId('login-email').fill('petra.novakova@genodesk.test');
    await newcomer.getByTestId('login-password').fill(temporaryPassword);
    await newcomer.getByTestId('login-submit').click();
    await expect(newcomer.getByTestId('force-password-page')).toBeVisible();
    await newcomer.getByTestId('password-old').fill(temporaryPassword);
    await newcomer.getByTestId('password-new').fill('petra-password-1');
    await newcomer.getByTestId('password-confirm').fill('petra-password-1');
    await newcomer.getByTestId('password-submit').click();
    await expect(newcomer.getByTestId('dashboard-greeting')).toContainText('Petra');
    await context.close();
  });

  test('a duplicate e-mail is refused on the field with the spec message', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.goto('/administration/users/create');
    await page.getByTestId('user-form-email').fill('DOCTOR@genodesk.test');
    await page.getByTestId('user-form-role').click();
    await page.getByRole('option', { name: 'Lékař' }).click();
    await page.getByTestId('user-form-submit').click();
    await expect(page.getByText('Uživatel se zadaným e-mailem již existuje!')).toBeVisible();
    await expect(page).toHaveURL(/\/create$/);
  });

  test('moving a permission in the role editor is saved on its own and reaches the role holder', {
    tag: '@alone',
  }, async ({ page, browser }) => {
    await signIn(page, demo.admin);
    await page.getByTestId('nav-roles').click();
    await page
      .getByTestId('roles-table-row')
      .filter({ hasText: 'Recepce' })
      .getByRole('link', { name: 'Upravit' })
      .click();
    await expect(page.getByTestId('available-permission-Users.View')).toBeVisible();
    await page.getByTestId('permission-add-Users.View').click();
    await expect(page.getByTestId('assigned-permission-Users.View')).toBeVisible();

    const context = await browser.newContext();
    const reception = await context.newPage();
    await signIn(reception, demo.reception);
    await expect(reception.getByTestId('nav-users')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('assigned-permission-Users.View')).toBeVisible();
    await page.getByTestId('permission-remove-Users.View').click();
    await expect(page.getByTestId('available-permission-Users.View')).toBeVisible();
    await reception.reload();
    await expect(reception.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(reception.getByTestId('nav-users')).toHaveCount(0);
    await context.close();
  });

  test('the role editor groups permissions by area, says each move is saved and can undo it', {
    tag: '@alone',
  }, async ({ page }) => {
    await signIn(page, demo.admin);
    await page.goto('/administration/roles');
    await page
      .getByTestId('roles-table-row')
      .filter({ hasText: 'Laboratoř' })
      .getByRole('link', { name: 'Upravit' })
      .click();
    const vouchers = page.locator('[data-testid=permissions-available-group][data-area="Vouchery"]');
    await expect(vouchers).toContainText('Vouchery – vytvořit');
    await expect(vouchers.getByTestId('available-permission-Vouchers.Create')).toBeVisible();
    await page.getByTestId('permission-add-Vouchers.Create').click();
    await expect(
      page.getByText('Oprávnění „Vouchery – vytvořit“ bylo přiděleno roli Laboratoř.'),
    ).toBeVisible();
    await expect(page.getByTestId('assigned-permission-Vouchers.Create')).toBeVisible();
    await page.getByTestId('role-undo').click();
    await expect(page.getByTestId('available-permission-Vouchers.Create')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('available-permission-Vouchers.Create')).toBeVisible();
  });

  test('a permission dragged from Available to Assigned is saved', { tag: '@alone' }, async ({ page }) => {
    await signIn(page, demo.admin);
    await page.getByTestId('nav-roles').click();
    await page
      .getByTestId('roles-table-row')
      .filter({ hasText: 'Laboratoř' })
      .getByRole('link', { name: 'Upravit' })
      .click();
    const item = page.getByTestId('available-permission-Vouchers.View');
    const target = page.getByTestId('permissions-assigned');
    await item.scrollIntoViewIfNeeded();
    const from = await item.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('drag endpoints not found');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByTestId('assigned-permission-Vouchers.View')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('assigned-permission-Vouchers.View')).toBeVisible();
  });

  test('a user changes their own password: the wrong old one is refused, then the new one works', async ({
    page,
  }) => {
    await signIn(page, secondDoctor);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await page.getByTestId('password-old').fill('wrong-old-password');
    await page.getByTestId('password-new').fill('doctor-password-2');
    await page.getByTestId('password-confirm').fill('doctor-password-2');
    await page.getByTestId('password-submit').click();
    await expect(page.getByText('Nesprávné staré heslo!')).toBeVisible();

    await page.getByTestId('password-old').fill('genodesk');
    await page.getByTestId('password-confirm').fill('something-else');
    await page.getByTestId('password-submit').click();
    await expect(page.getByText('Hesla musí být stejná!')).toBeVisible();

    await page.getByTestId('password-confirm').fill('doctor-password-2');
    await page.getByTestId('password-submit').click();
    await expect(page.getByTestId('password-old')).toHaveValue('');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await signIn(page, secondDoctor, 'doctor-password-2');
  });

  test('a new e-mail of one’s own is confirmed with the password; the phone is not', async ({ page }) => {
    await signIn(page, 'doctor3@genodesk.test');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    const password = page.getByLabel('Vaše heslo');
    await page.getByTestId('profile-phone').fill('+420 606 000 333');
    await expect(password).toHaveCount(0);
    await page.getByTestId('profile-details-submit').click();
    await expect(page.getByText('Údaje byly uloženy.')).toBeVisible();

    await page.getByTestId('profile-email').fill('petr.maly@genodesk.test');
    await page.getByTestId('profile-details-submit').click();
    await expect(page.getByText('Pro změnu e-mailu zadejte své heslo.')).toBeVisible();
    await password.fill('not-my-password');
    await page.getByTestId('profile-details-submit').click();
    await expect(page.getByText('Nesprávné heslo!')).toBeVisible();
    await password.fill('genodesk');
    await page.getByTestId('profile-details-submit').click();
    await expect(page.getByTestId('profile-email')).toHaveValue('petr.maly@genodesk.test');
    await expect(password).toHaveCount(0);
  });

  test('one value without a space (a name of a hundred letters) does not push the list’s other columns out', async ({
    page,
  }) => {
    // Not in table-fit.spec.ts: that spec judges the demo's rows, read only, while this adds one.
    const api = await staffApi();
    const user = await createStaffUser(api, { label: 'dlouhe-jmeno', name: 'W'.repeat(100) });
    await api.dispose();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, demo.admin);
    await page.goto('/administration/users');
    const table = page.getByTestId('users-table');
    const row = table.getByTestId('users-table-row').filter({ hasText: user.email });
    await expect(row).toBeVisible();
    await expect(table.locator('table[data-fit]')).toHaveAttribute('data-fit', 'fits');
    // The e-mail keeps its column for every user, and nothing scrolls sideways.
    await expect(table.locator('th[data-column="email"]')).toBeVisible();
    await expect(row.locator('td[data-column="email"]')).toHaveText(user.email);
    const wide = await table
      .locator('table[data-fit]')
      .evaluate((t) => (t.parentElement?.scrollWidth ?? 0) - (t.parentElement?.clientWidth ?? 0));
    expect(wide).toBeLessThanOrEqual(1);
    // The name is held to its column's width (22rem) and broken there, whole in the page.
    const name = row.locator('td[data-column="userName"] .gd-clamped');
    await expect(name).toContainText('W'.repeat(100));
    expect((await name.boundingBox())?.width ?? 0).toBeLessThanOrEqual(22 * 16 + 1);
  });
});
