import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { bearer, demo, signIn, switchLanguage } from '../support/session';
import { newStaffMember } from '../support/users';

/**
 * Every tab of the app shares one sign-in, so a sign-out in one (the menu, idling, a session the server
 * ended) reaches all of them: each goes to the sign-in screen once, told why, and stays there (issue 37:
 * the other tabs used to bounce between `/login?from=…` and their page thousands of times a second).
 */

/** Every address the tab's page goes to from now on, the app's own (history) navigations included. */
function navigationsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    seen.push(url.pathname + url.search);
  });
  return seen;
}

/** A tab of the signed-in user's browser, opened on `path` and shown. */
async function openTab(context: BrowserContext, path: string, shown: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId(shown).first()).toBeVisible();
  return page;
}

/**
 * Each tab lands on its address and stays: after a few seconds it has navigated exactly once (to that
 * address), shows the sign-in form with `reason` (or none), and nothing of the sign-in is left.
 */
async function expectSignedOutOnce(
  tabs: readonly { page: Page; seen: string[]; to: string; reason: string | null }[],
) {
  for (const { page, to } of tabs) await expect(page).toHaveURL(to);
  await tabs[0]?.page.waitForTimeout(3_000);
  for (const { page, seen, to, reason } of tabs) {
    expect(seen, `the navigations of the tab that went to ${to}`).toEqual([to]);
    await expect(page.getByTestId('login-form')).toBeVisible();
    if (reason) await expect(page.getByTestId('login-reason')).toHaveText(reason);
    else await expect(page.getByTestId('login-reason')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
  }
  const left = await tabs[0]?.page.evaluate(() =>
    Object.keys(localStorage).filter(
      (key) => key === 'token' || key === 'refreshToken' || key.startsWith('genodesk.session.'),
    ),
  );
  expect(left).toEqual([]);
}

/**
 * A tab standing for one in the background, whose timers the browser throttles: its own idle countdown
 * and its reading of the user (every 30 s) are hours away, so it learns of the sign-in's end only from
 * the other tabs. Set before the tab opens.
 */
async function asBackgroundTab(page: Page) {
  const hours = 3 * 60 * 60 * 1000;
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, idleTimeoutMs: hours, userPollIntervalMs: hours } });
  });
}

const idle =
  'Z bezpečnostních důvodů jste byli po nečinnosti odhlášeni. Po přihlášení budete pokračovat tam, kde jste skončili.';
const elsewhere = {
  cs: 'Odhlásili jste se v jiné záložce prohlížeče. Po přihlášení budete pokračovat tam, kde jste skončili.',
  en: 'You signed out in another tab of this browser. Sign in to continue where you left off.',
};

test.describe('one sign-out for every tab', () => {
  test('signing out from the menu takes the other tab to the sign-in screen once, and it stays there', async ({
    context,
  }) => {
    const first = await context.newPage();
    await signIn(first, demo.admin);
    const second = await openTab(context, '/customers', 'customers-table-row');
    // A doctor's unsaved draft goes with the sign-out (issue 36), from every tab.
    await second.evaluate(() => localStorage.setItem('genodesk.session.productDraft.1.1', '{"x":1}'));
    const seenFirst = navigationsOf(first);
    const seenSecond = navigationsOf(second);

    await first.getByTestId('user-menu').click();
    await first.getByTestId('user-menu-logout').click();

    await expectSignedOutOnce([
      { page: first, seen: seenFirst, to: '/login', reason: null },
      {
        page: second,
        seen: seenSecond,
        to: '/login?from=%2Fcustomers&reason=elsewhere',
        reason: elsewhere.cs,
      },
    ]);
    await expect(second.getByTestId('customers-table-row')).toHaveCount(0);

    // Signing in again in that tab returns to the page it was on, and brings the other tab along.
    await second.getByTestId('login-email').fill(demo.admin);
    await second.getByTestId('login-password').fill('genodesk');
    await second.getByTestId('login-submit').click();
    await expect(second).toHaveURL(/\/customers$/);
    await expect(second.getByTestId('customers-table-row').first()).toBeVisible();
    await expect(first.getByTestId('dashboard-greeting')).toBeVisible();
    expect(seenFirst).toEqual(['/login', '/']);
  });

  test('with three tabs in English, a sign-out in the middle one takes both others to sign in once', async ({
    context,
  }) => {
    const first = await context.newPage();
    await signIn(first, demo.admin);
    await switchLanguage(first, 'EN');
    await expect(first.getByTestId('dashboard-greeting')).toBeVisible();
    const second = await openTab(context, '/customers/samples', 'samples-table-row');
    const third = await openTab(context, '/administration/users?search=lab', 'users-table-row');
    const seen = [navigationsOf(first), navigationsOf(second), navigationsOf(third)] as const;

    await second.getByTestId('user-menu').click();
    await second.getByTestId('user-menu-logout').click();

    await expectSignedOutOnce([
      { page: first, seen: seen[0], to: '/login?reason=elsewhere', reason: elsewhere.en },
      { page: second, seen: seen[1], to: '/login', reason: null },
      {
        page: third,
        seen: seen[2],
        to: '/login?from=%2Fadministration%2Fusers%3Fsearch%3Dlab&reason=elsewhere',
        reason: elsewhere.en,
      },
    ]);
    await expect(third.getByTestId('users-table-row')).toHaveCount(0);
  });

  test('the idle sign-out reaches a tab in the background: it goes to sign in once, told why', async ({
    context,
  }) => {
    await context.clock.install();
    const first = await context.newPage();
    await signIn(first, demo.lab);
    const second = await context.newPage();
    await asBackgroundTab(second);
    await second.goto('/customers');
    await expect(second.getByTestId('customers-table-row').first()).toBeVisible();
    const seen = [navigationsOf(first), navigationsOf(second)] as const;

    await context.clock.runFor('20:40');

    await expectSignedOutOnce([
      { page: first, seen: seen[0], to: '/login?reason=idle', reason: idle },
      { page: second, seen: seen[1], to: '/login?from=%2Fcustomers&reason=idle', reason: idle },
    ]);
  });

  test('two tabs counting down the same idle time together each go to sign in once', async ({ context }) => {
    await context.clock.install();
    const first = await context.newPage();
    await signIn(first, demo.lab);
    const second = await openTab(context, '/customers', 'customers-table-row');
    const seen = [navigationsOf(first), navigationsOf(second)] as const;

    // Both ask, and both count down to the same moment. The clock runs fast into the countdown (idle
    // after 20:00, signed out at 20:30), then at its own pace: the sign-outs meet as they would for a
    // person, not with a second of the tabs' time passing in a millisecond while they are answered.
    await context.clock.runFor('20:25');

    await expectSignedOutOnce([
      { page: first, seen: seen[0], to: '/login?reason=idle', reason: idle },
      { page: second, seen: seen[1], to: '/login?from=%2Fcustomers&reason=idle', reason: idle },
    ]);
  });

  test('a session the administrator ends takes every tab of the user to sign in once', async ({
    context,
    request,
  }) => {
    // A lab technician of the test's own: the demo's sign in beside it.
    const lab = await newStaffMember({ label: 'karty', role: 'Laboratoř' });
    await context.clock.install();
    const first = await context.newPage();
    await signIn(first, lab.email, lab.password);
    const second = await context.newPage();
    await asBackgroundTab(second);
    await second.goto('/customers');
    await switchLanguage(second, 'EN');
    await expect(second.getByTestId('page-title')).toHaveText('Customers');
    const seen = [navigationsOf(first), navigationsOf(second)] as const;

    const admin = await bearer(request, demo.admin);
    const ended = await request.post('/api/admin/users/signout', {
      headers: admin,
      data: { UserId: lab.id },
    });
    expect(ended.status(), await ended.text()).toBe(200);

    // The first tab learns it at its next call (the user is read again every 30 seconds), the other from it.
    await context.clock.runFor('00:31');

    // Each tab in its own language: the first was opened in Czech, before the switch in the second.
    await expectSignedOutOnce([
      {
        page: first,
        seen: seen[0],
        to: '/login?reason=expired',
        reason: 'Vaše přihlášení skončilo. Po přihlášení budete pokračovat tam, kde jste skončili.',
      },
      {
        page: second,
        seen: seen[1],
        to: '/login?from=%2Fcustomers&reason=expired',
        reason: 'Your session has ended. Sign in to continue where you left off.',
      },
    ]);
  });
});

test.describe('one renewal of the sign-in for every tab', () => {
  test('two tabs whose access token expired renew it once, at the same moment, and both stay signed in', async ({
    context,
  }) => {
    const first = await context.newPage();
    await signIn(first, demo.admin);
    const second = await openTab(context, '/customers', 'customers-table-row');
    // Each renewal is held a second on its way: without one renewal at a time, the other tab's would
    // go out meanwhile with the same refresh token, which is good once (the server then ends the sign-in).
    const renewals: string[] = [];
    await context.route('**/api/auth/refresh', async (route) => {
      renewals.push(route.request().postData() ?? '');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    // The access token both tabs share is no longer good; both open a list at once.
    await first.evaluate(() => localStorage.setItem('token', 'expired'));
    const open = (page: Page, path: string) =>
      page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await Promise.all([open(first, '/finances/orders'), open(second, '/finances/payments')]);

    await expect(first.getByTestId('orders-table-row').first()).toBeVisible();
    await expect(second.getByTestId('payments-table-row').first()).toBeVisible();
    expect(renewals).toHaveLength(1);
    // Still signed in, both: the renewed tokens are good.
    await second.reload();
    await expect(second.getByTestId('payments-table-row').first()).toBeVisible();
    await expect(first.getByTestId('login-form')).toHaveCount(0);
  });
});
