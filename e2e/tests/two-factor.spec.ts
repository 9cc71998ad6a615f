import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from '../support/axe';
import { demo, signIn, staffApi, switchLanguage } from '../support/session';
import { createStaffUser, type NewStaffUser, roleId, staffUserWithApp } from '../support/users';

// Every user here is made for its test: factors are never enrolled on the demo users, whom the
// other specs sign in as.

type NewUser = NewStaffUser;

/** A user with the receptionist's role, their temporary password, and the password they will choose. */
const createUser = (api: APIRequestContext, label: string) =>
  createStaffUser(api, { label: `2fa.${label}`, name: `Dvoufázový ${label}` });

/** A new user who has chosen a password and turned an authenticator app on, through the API. */
const createUserWithApp = (api: APIRequestContext, label: string) =>
  staffUserWithApp(api, { label: `2fa.${label}`, name: `Dvoufázový ${label}` });

async function submitPassword(page: Page, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The first sign-in: the temporary password, then the user's own. */
async function firstSignIn(page: Page, user: NewUser) {
  await page.goto('/login');
  await submitPassword(page, user.email, user.temporaryPassword);
  await expect(page.getByTestId('force-password-page')).toBeVisible();
  await page.getByTestId('password-old').fill(user.temporaryPassword);
  await page.getByTestId('password-new').fill(user.password);
  await page.getByTestId('password-confirm').fill(user.password);
  await page.getByTestId('password-submit').click();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page.getByTestId('login-page')).toBeVisible();
}

async function openProfile(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page.getByTestId('two-factor-card')).toBeVisible();
}

/** An authenticator app: a code is accepted once, so a second code waits for the next 30-second step. */
class Authenticator {
  private readonly totp: TOTP;
  private lastStep = -1;
  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret) });
  }
  async code(): Promise<string> {
    const step = () => Math.floor(Date.now() / 30_000);
    while (step() <= this.lastStep) await new Promise((resolve) => setTimeout(resolve, 500));
    this.lastStep = step();
    return this.totp.generate();
  }
}

/** Reads the ten recovery codes shown once, and puts them away as saved. */
async function saveRecoveryCodes(page: Page, done: RegExp | string): Promise<string[]> {
  const codes = await page.getByTestId('recovery-code').allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(page.getByTestId('recovery-codes-done')).toBeDisabled();
  await expect(page.getByTestId('recovery-codes-done')).toHaveText(done);
  await page.getByTestId('recovery-codes-saved').check();
  await page.getByTestId('recovery-codes-done').click();
  return codes;
}

test.describe('two-factor sign-in', () => {
  test('an authenticator app from the profile is asked at each sign-in; a recovery code works once', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const api = await staffApi();
    const user = await createUser(api, 'app');
    await api.dispose();
    await firstSignIn(page, user);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();

    await openProfile(page);
    const card = page.getByTestId('two-factor-card');
    await expect(card.getByRole('heading', { name: 'Dvoufázové přihlášení' })).toBeVisible();
    await expect(card.getByTestId('two-factor-state')).toHaveText('Vypnuto');
    await card.getByTestId('two-factor-app-setup').click();
    await page.getByTestId('totp-start').click();
    await expect(
      page.getByRole('img', { name: 'QR kód, kterým se účet GenoDesk přidá do ověřovací aplikace' }),
    ).toBeVisible();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const app = new Authenticator(secret);
    const code = await app.code();
    // Adding a factor asks for the password: without it, or with a wrong one, nothing is turned on…
    await page.getByTestId('totp-code').fill(code);
    await page.getByTestId('totp-confirm').click();
    await expect(page.getByText('Přidání druhého faktoru potvrďte svým heslem.')).toBeVisible();
    await page.getByTestId('totp-password').fill('not-my-password');
    await page.getByTestId('totp-confirm').click();
    await expect(page.getByText('Nesprávné heslo!')).toBeVisible();
    await page.getByTestId('totp-password').fill(user.password);
    await page.getByTestId('totp-code').fill('12345');
    await page.getByTestId('totp-confirm').click();
    await expect(page.getByText('Kód nesouhlasí nebo už byl použit.')).toBeVisible();
    // …and the refusals left the app's code unused.
    await page.getByTestId('totp-code').fill(code);
    await page.getByTestId('totp-confirm').click();

    // Ten recovery codes, shown once: downloadable as text, then put away.
    await expect(page.getByRole('heading', { name: 'Uložte si záložní kódy' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('recovery-codes-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('genodesk-recovery-codes.txt');
    const codes = await page.getByTestId('recovery-code').allTextContents();
    const file = readFileSync(await download.path(), 'utf8');
    for (const code of codes) expect(file).toContain(code);
    expect(file).toContain(user.email);
    await saveRecoveryCodes(page, 'Hotovo');
    await expect(card.getByTestId('two-factor-state')).toHaveText('Zapnuto');
    await expect(card.getByTestId('two-factor-app-state')).toHaveText('Nastavena');
    await expect(card.getByTestId('two-factor-codes-left')).toHaveText('Zbývá 10 nepoužitých kódů z 10');

    // The next sign-in asks for a code after the password; a wrong one is refused on its field.
    await signOut(page);
    await submitPassword(page, user.email, user.password);
    await expect(page.getByTestId('second-factor-page')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/second-factor/);
    // All the screen has before the factor: who signs in and with which factors (no passkey here).
    await expect(page.getByTestId('second-factor-user')).toContainText(user.email);
    await expect(page.getByTestId('second-factor-passkey')).toHaveCount(0);
    await page.getByTestId('second-factor-code').fill('000000');
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('second-factor-form')).toContainText('Kód nesouhlasí nebo už byl použit.');
    await page.getByTestId('second-factor-code').fill(await app.code());
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();

    // A recovery code instead (typed any which way), returning to the page asked for.
    await signOut(page);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/login\?from=%2Fuser/);
    await submitPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/login\/second-factor\?from=%2Fuser/);
    await page.getByTestId('second-factor-code').fill(` ${codes[0]?.toUpperCase()} `);
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('two-factor-card')).toBeVisible();
    await expect(page).toHaveURL(/\/user$/);
    await expect(card.getByTestId('two-factor-codes-left')).toHaveText('Zbývá 9 nepoužitých kódů z 10');

    // The same recovery code again is refused; cancelling ends the waiting sign-in.
    await signOut(page);
    await submitPassword(page, user.email, user.password);
    await page.getByTestId('second-factor-code').fill(codes[0] ?? '');
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('second-factor-form')).toContainText('Kód nesouhlasí nebo už byl použit.');
    await page.getByTestId('second-factor-cancel').click();
    await expect(page.getByTestId('login-page')).toBeVisible();
    await page.goto('/');
    await expect(page.getByTestId('login-page')).toBeVisible();
  });

  test('too many wrong codes end the waiting sign-in and say so on the login screen', async ({ page }) => {
    const api = await staffApi();
    const user = await createUserWithApp(api, 'attempts');
    await api.dispose();
    await page.goto('/customers');
    await submitPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/login\/second-factor\?from=%2Fcustomers/);
    // The password counted as the first attempt: four wrong codes are refused on the field…
    for (let attempt = 0; attempt < 4; attempt++) {
      await page.getByTestId('second-factor-code').fill('000000');
      await page.getByTestId('second-factor-submit').click();
      await expect(page.getByTestId('second-factor-form')).toContainText(
        'Kód nesouhlasí nebo už byl použit.',
      );
      await expect(page.getByTestId('second-factor-submit')).toBeEnabled();
    }
    // …and the next ends the sign-in.
    await page.getByTestId('second-factor-code').fill('000000');
    await page.getByTestId('second-factor-submit').click();
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?from=%2Fcustomers&reason=attempts/);
    await expect(page.getByTestId('login-reason')).toHaveText(
      'Příliš mnoho chybných kódů, přihlášení bylo ukončeno. Zkuste to prosím za chvíli znovu.',
    );
    await page.goto('/');
    await expect(page.getByTestId('login-page')).toBeVisible();
  });

  test('a passkey added in the profile signs in after the password (in English)', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const api = await staffApi();
    const user = await createUser(api, 'passkey');
    await api.dispose();
    await page.goto('/login');
    await switchLanguage(page, 'EN');
    await firstSignIn(page, user);
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();

    await openProfile(page);
    const card = page.getByTestId('two-factor-card');
    await expect(card.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await card.getByTestId('two-factor-passkey-add').click();
    await expect(page.getByTestId('passkey-name')).not.toHaveValue('');
    await page.getByTestId('passkey-name').fill('Test laptop');
    // A wrong password stops before the browser makes a key.
    await page.getByTestId('passkey-password').fill('not-my-password');
    await page.getByTestId('passkey-add').click();
    await expect(page.getByTestId('passkey-setup')).toContainText('Wrong password!');
    const keys = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(keys.credentials).toHaveLength(0);
    await page.getByTestId('passkey-password').fill(user.password);
    await page.getByTestId('passkey-add').click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expectAccessible(page, 'the recovery codes in the profile');
    await saveRecoveryCodes(page, 'Done');
    const row = card.getByTestId('two-factor-passkey-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Test laptop');
    await expect(row).toContainText('Not used yet');
    await expect(card.getByTestId('two-factor-state')).toHaveText('On');
    await expectAccessible(page, 'the profile with a passkey');

    await signOut(page);
    await submitPassword(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
    await expectAccessible(page, 'the second factor with a passkey');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();

    // Used now; removing it asks for the password.
    await openProfile(page);
    await expect(row).not.toContainText('Not used yet');
    await row.getByTestId('two-factor-passkey-remove').click();
    await page.getByTestId('two-factor-passkey-remove-password').fill('not-my-password');
    await page.getByTestId('two-factor-passkey-remove-confirm').click();
    await expect(page.getByTestId('two-factor-passkey-remove-modal')).toContainText('Wrong password!');
    await page.getByTestId('two-factor-passkey-remove-password').fill(user.password);
    await page.getByTestId('two-factor-passkey-remove-confirm').click();
    await expect(row).toHaveCount(0);
    await expect(card.getByTestId('two-factor-state')).toHaveText('Off');
    await expect(card.getByTestId('two-factor-codes-left')).toHaveCount(0);
  });

  test('a role requiring two factors sends its user without one to set one up after the password', {
    tag: '@alone',
  }, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const api = await staffApi();
    const reception = await roleId(api, 'Recepce');
    const user = await createUser(api, 'role');
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    try {
      await signIn(admin, demo.admin);
      // One's own role is shown, not changed.
      await admin.goto('/administration/roles');
      await admin
        .getByTestId('roles-table-row')
        .filter({ hasText: 'Administrátor' })
        .getByRole('link', { name: 'Upravit' })
        .click();
      await expect(admin.getByTestId('role-own')).toBeVisible();
      await expect(admin.getByRole('switch', { name: 'Vyžadovat dvoufázové přihlášení' })).toBeDisabled();
      // Another role's requirement is switched on in its editor and shows in the list.
      await admin.goto('/administration/roles');
      await admin
        .getByTestId('roles-table-row')
        .filter({ hasText: 'Recepce' })
        .getByRole('link', { name: 'Upravit' })
        .click();
      const required = admin.getByRole('switch', { name: 'Vyžadovat dvoufázové přihlášení' });
      await expect(required).toBeEnabled();
      await expect(required).not.toBeChecked();
      await required.click();
      await expect(admin.getByText('Role Recepce nyní vyžaduje dvoufázové přihlášení.')).toBeVisible();
      await expect(required).toBeChecked();
      await admin.goto('/administration/roles');
      await expect(
        admin
          .getByTestId('roles-table-row')
          .filter({ hasText: 'Recepce' })
          .getByTestId('role-two-factor-state'),
      ).toHaveText('Vyžadováno');

      // The new receptionist: the temporary password, their own, then the enrolment screen.
      await firstSignIn(page, user);
      await expect(page.getByTestId('enrol-page')).toBeVisible();
      await expect(page).toHaveURL(/\/security\/enrol/);
      await expect(page.getByTestId('enrol-reason')).toContainText(
        'Vaše role Recepce vyžaduje dvoufázové přihlášení',
      );
      await expect(page.getByTestId('enrol-later')).toHaveCount(0);
      await expectAccessible(page, 'the enrolment screen');
      // Nothing else opens meanwhile.
      await page.goto('/customers');
      await expect(page).toHaveURL(/\/security\/enrol/);
      await page.getByTestId('totp-start').click();
      await expect(page.getByTestId('totp-qr')).toBeVisible();
      // The password was given just before: the enrolment step does not ask it again.
      await expect(page.getByTestId('totp-password')).toHaveCount(0);
      await expectAccessible(page, 'the enrolment screen with its QR code');
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      await page.getByTestId('totp-code').fill(await new Authenticator(secret).code());
      await page.getByTestId('totp-confirm').click();
      await expect(page.getByRole('heading', { name: 'Uložte si záložní kódy' })).toBeVisible();
      await expectAccessible(page, 'the recovery codes after enrolment');
      await saveRecoveryCodes(page, 'Pokračovat');
      // On to the page asked for meanwhile.
      await expect(page).toHaveURL(/\/customers$/);
      await expect(page.getByTestId('user-menu')).toBeVisible();

      // A lost phone: the administrator resets the factors, which ends the user's sign-ins.
      await admin.goto(`/administration/users/view/${user.id}`);
      await admin.getByTestId('user-reset-factors').click();
      await admin.getByTestId('reset-factors-confirm').click();
      await expect(admin.getByText('Druhé faktory byly zrušeny a přihlášení ukončena.')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('login-page')).toBeVisible();
      await submitPassword(page, user.email, user.password);
      await expect(page.getByTestId('enrol-page')).toBeVisible();
      // Not on one's own page.
      const me = (await (await api.get('/api/auth/user')).json()) as { id: number };
      await admin.goto(`/administration/users/view/${me.id}`);
      await expect(admin.getByTestId('user-detail')).toBeVisible();
      await expect(admin.getByTestId('user-reset-factors')).toHaveCount(0);
    } finally {
      const restored = await api.put('/api/admin/roles/twofactor', {
        data: { RoleId: reception, Required: false },
      });
      expect(restored.status(), await restored.text()).toBe(200);
      await adminContext.close();
      await api.dispose();
    }
  });
});
