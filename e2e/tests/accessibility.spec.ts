import type AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, test as base, expect, type Page } from '@playwright/test';
import { writeGpc } from '../../api/src/modules/finances/gpc';
import { analyze } from '../support/axe';
import { baseURL } from '../support/base-url';
import { type Screen, type ScreenUser, screens } from '../support/screens';
import { demo, signIn, staffApi, switchLanguage } from '../support/session';
import { createStaffUser, staffUserWithApp } from '../support/users';

/** WCAG 2.1 A and AA; axe's best practices are advice, not the bar. */
const failingImpacts = new Set(['serious', 'critical']);
const languages = ['cs', 'en'] as const;
type Language = (typeof languages)[number];

interface Session {
  /** A page of a browser context signed in as `user`, kept for the worker's tests. */
  page(user: ScreenUser): Promise<Page>;
  /** The id of the first row of an API list of the demo data. */
  firstId(list: string): Promise<number>;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'cs-CZ' });
  return context.newPage();
}

/** Creates a user with the receptionist's role and signs in with the temporary password. */
async function signInNewUser(browser: Browser, api: APIRequestContext): Promise<Page> {
  const user = await createStaffUser(api, { label: 'a11y', name: 'Nový Uživatel' });
  const page = await newPage(browser);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(user.temporaryPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('force-password-page')).toBeVisible();
  return page;
}

/**
 * Creates a user with the receptionist's role who chooses a password and turns an authenticator app
 * on (through the API), then signs in with the password in the browser: the sign-in waits for the
 * second factor.
 */
async function signInAwaitingSecondFactor(browser: Browser, api: APIRequestContext): Promise<Page> {
  const user = await staffUserWithApp(api, { label: 'a11y.2fa', name: 'Dvoufázový Uživatel' });
  const page = await newPage(browser);
  await page.goto('/login');
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('second-factor-page')).toBeVisible();
  return page;
}

/**
 * Lists the demo data leaves empty, and how each gets a row for its detail screen: a statement of
 * its own (the finances spec imports the demo statement itself), a message to one address.
 */
const seeders: Record<string, (api: APIRequestContext) => Promise<void>> = {
  'admin/payments/bank-statements': async (api) => {
    const statement = writeGpc({
      account: '19-2000145399',
      accountName: 'GenoDesk s.r.o.',
      date: '2026-11-02',
      transactions: [
        {
          counterAccount: '0000001234567899',
          counterBank: '0100',
          counterName: 'Pristupnost',
          amount: 10_000,
          credit: true,
          variableSymbol: '9191919',
          valueDate: '2026-11-02',
        },
      ],
    });
    const imported = await api.post('/api/admin/payments/bank-statement?FileName=a11y.gpc', {
      headers: { 'content-type': 'application/octet-stream' },
      data: statement,
    });
    expect(imported.status(), await imported.text()).toBe(200);
  },
  'admin/outbox': async (api) => {
    const sent = await api.post('/api/admin/email/send', {
      data: { To: 'pristupnost@example.test', Subject: 'Zkouška', Body: '<p>Dobrý den.</p>' },
    });
    expect(sent.status(), await sent.text()).toBe(202);
  },
};

// One sign-in per user for the whole run: logins are rate-limited, and the screens only read.
const test = base.extend<object, { session: Session }>({
  session: [
    async ({ browser }, use) => {
      const api = await staffApi();
      const pages = new Map<ScreenUser, Promise<Page>>();
      const ids = new Map<string, Promise<number>>();
      const open = async (user: ScreenUser) => {
        if (user === 'newUser') return signInNewUser(browser, api);
        if (user === 'awaitingSecondFactor') return signInAwaitingSecondFactor(browser, api);
        const page = await newPage(browser);
        if (user !== 'visitor') await signIn(page, demo[user]);
        else await page.goto('/login');
        return page;
      };
      const firstRow = async (list: string) => {
        const response = await api.get(`/api/${list}`);
        expect(response.status(), `GET /api/${list}: ${await response.text()}`).toBe(200);
        const body = (await response.json()) as { items?: { id: number }[] } | { id: number }[];
        const rows = Array.isArray(body) ? body : (body.items ?? []);
        return rows[0]?.id;
      };
      const lookUp = async (list: string) => {
        let id = await firstRow(list);
        const seed = seeders[list];
        if (id === undefined && seed) {
          await seed(api);
          await expect.poll(async () => (id = await firstRow(list))).toEqual(expect.any(Number));
        }
        expect(id, `the demo data has a row in GET /api/${list}`).toEqual(expect.any(Number));
        return id as number;
      };
      await use({
        page: (user) => {
          if (!pages.has(user)) pages.set(user, open(user));
          return pages.get(user) as Promise<Page>;
        },
        firstId: (list) => {
          if (!ids.has(list)) ids.set(list, lookUp(list));
          return ids.get(list) as Promise<number>;
        },
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

async function urlOf(screen: Screen, session: Session): Promise<string> {
  let url = screen.path.replace('*', 'no-such-screen');
  for (const [name, value] of Object.entries(screen.params ?? {}))
    url = url.replace(`:${name}`, encodeURIComponent(value));
  if (url.includes(':id')) {
    if (!screen.id) throw new Error(`${screen.path}: the screen list names no API list for :id`);
    url = url.replace(':id', String(await session.firstId(screen.id)));
  }
  return url;
}

/** Waits until the screen shows its data: no request in flight, no loader or skeleton left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible')).toHaveCount(0);
  // Mantine fades screens and popovers in; contrast is measured on the final colours.
  await page.waitForTimeout(250);
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.impact}] ${violation.id}: ${violation.help}\n` +
        `    at ${node.target.join(' ')}\n    ${node.html.slice(0, 300)}\n` +
        `    ${node.failureSummary?.replaceAll('\n', '\n    ') ?? ''}`,
    ),
  );
}

/** The screen itself in `language`, not a redirect to another one (a permission missing, a session lost). */
async function expectOnScreen(page: Page, screen: Screen, url: string, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const expected = new URL(url, baseURL).pathname;
  await expect.poll(() => new URL(page.url()).pathname).toBe(expected);
  if (screen.path === '/*') await expect(page.getByTestId('not-found')).toBeVisible();
  else await expect(page.getByTestId('not-found').or(page.getByTestId('route-error'))).toHaveCount(0);
  await settle(page);
}

/**
 * Opens `url` in `language`. Within the app, as a user goes from screen to screen, where the page
 * already shows the app in that language with nothing open over it: a page load costs the browser
 * twice the work, and the worker's page goes through every screen. Otherwise (another language, a
 * dialog left open by a test of a screen's state, a page not yet on the app) it loads the screen.
 */
async function open(page: Page, url: string, language: Language) {
  const inApp =
    page.url().startsWith(baseURL) &&
    (await page.locator('html').getAttribute('lang')) === language &&
    (await page.locator('[role="dialog"]').count()) === 0;
  if (inApp) {
    // What Playwright's `networkidle` is for a page load: no request for half a second.
    let inFlight = 0;
    let lastChange = Date.now();
    const started = () => {
      inFlight += 1;
      lastChange = Date.now();
    };
    const ended = () => {
      inFlight -= 1;
      lastChange = Date.now();
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    try {
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, url);
      await expect
        .poll(() => inFlight <= 0 && Date.now() - lastChange >= 500, { intervals: [100] })
        .toBe(true);
    } finally {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    }
    return;
  }
  await page.evaluate((value) => localStorage.setItem('preferredLocale', value), language);
  await page.goto(url);
}

async function checkScreen(
  page: Page,
  screen: Screen,
  url: string,
  language: Language,
  /** What to open or do on the screen before it is checked (a dialog, a state to show). */
  prepare?: (page: Page) => Promise<void>,
) {
  await open(page, url, language);
  await expectOnScreen(page, screen, url, language);
  if (prepare) {
    await prepare(page);
    await settle(page);
  }
  await expectNoViolations(page, screen, url, language);
}

/**
 * The screen in Czech, then switched to English with the language switch on it (every screen has
 * one, signed in or not): both languages from one page load.
 */
async function checkScreenInBothLanguages(page: Page, screen: Screen, url: string) {
  await checkScreen(page, screen, url, 'cs');
  await switchLanguage(page, 'EN');
  await expectOnScreen(page, screen, url, 'en');
  await expectNoViolations(page, screen, url, 'en');
  // Back to Czech, so the worker's next screen opens within the app.
  await switchLanguage(page, 'CS');
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
}

async function expectNoViolations(page: Page, screen: Screen, url: string, language: Language) {
  // The outbox's sandboxed message frame (an e-mail as sent) is opaque to axe.
  const results = await analyze(page);
  const failing = results.violations.filter((v) => failingImpacts.has(v.impact ?? ''));
  const advisory = results.violations.filter((v) => !failingImpacts.has(v.impact ?? ''));
  for (const line of describeViolations(advisory)) {
    test.info().annotations.push({ type: 'axe (moderate or minor)', description: line });
  }
  expect(
    failing.length,
    `${screen.name} (${url}, ${language}) has serious or critical accessibility violations:\n${describeViolations(failing).join('\n')}`,
  ).toBe(0);
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const screen of screens) {
    test(`${screen.name} (${screen.path}) in ${screen.bothLanguages ? 'cs and en' : 'cs'}`, async ({
      session,
    }) => {
      const page = await session.page(screen.as ?? 'admin');
      const url = await urlOf(screen, session);
      if (screen.bothLanguages) await checkScreenInBothLanguages(page, screen, url);
      else await checkScreen(page, screen, url, 'cs');
    });
  }
});

/**
 * Screens in a state the list cannot reach by opening a URL: the search from every screen (issue 37)
 * open with its results, and a work list's scan log after a refused scan (unknown and wrong state).
 */
const states: { screen: Screen; state: string; prepare: (page: Page) => Promise<void> }[] = [
  {
    screen: { path: '/', name: 'dashboard' },
    state: 'the search open with results',
    prepare: async (page) => {
      await page.keyboard.press('Control+K');
      await page.getByTestId('search-input').fill('no');
      await expect(page.locator('[data-testid^="search-hit-"]').first()).toBeVisible();
      // A hit selected with the arrows, as the keyboard leaves it.
      await page.getByTestId('search-input').press('ArrowDown');
      await expect(page.locator('[data-testid^="search-hit-"][data-selected]')).toHaveCount(1);
    },
  },
  {
    screen: { path: '/reservations', name: 'calendar' },
    state: 'the new booking form open',
    prepare: async (page) => {
      await page.getByTestId('reservation-new').click();
      await expect(page.getByTestId('reservation-form')).toBeVisible();
    },
  },
  {
    screen: { path: '/customers/receivingsamples', name: 'samples to receive' },
    state: 'with a scan log',
    prepare: async (page) => {
      await expect(page.getByTestId('scan-input')).toBeFocused();
      await page.keyboard.type('GD99999999');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('scan-entry')).toHaveCount(1);
    },
  },
];

test.describe('screens in a state of their own (axe, WCAG 2.1 AA)', () => {
  for (const { screen, state, prepare } of states) {
    for (const language of languages) {
      test(`${screen.name} (${screen.path}), ${state}, in ${language}`, async ({ session }) => {
        const page = await session.page('admin');
        await checkScreen(page, screen, await urlOf(screen, session), language, prepare);
      });
    }
  }
});

const phone = { width: 390, height: 844 };

test.describe('on a phone (390 px): axe, nothing wider than the screen, a screenshot', () => {
  for (const screen of screens.filter((s) => s.phone)) {
    for (const language of languages) {
      test(`${screen.name} (${screen.path}) at 390 px in ${language}`, async ({ session }, testInfo) => {
        const page = await session.page(screen.as ?? 'admin');
        const desktop = page.viewportSize();
        await page.setViewportSize(phone);
        try {
          await checkScreen(page, screen, await urlOf(screen, session), language);
          const wider = await page.evaluate(() => ({
            page: document.documentElement.scrollWidth,
            // What sticks out past the right edge (a scroll container's own content scrolls inside it).
            sticking: Array.from(document.querySelectorAll('body *'))
              .filter((el) => {
                const box = el.getBoundingClientRect();
                return (
                  box.width > 0 && box.right > window.innerWidth + 1 && !el.closest('[data-scroll-inside]')
                );
              })
              .slice(0, 5)
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
          }));
          await testInfo.attach(`${screen.name} ${language} 390px`, {
            body: await page.screenshot({ fullPage: true }),
            contentType: 'image/png',
          });
          expect(
            wider.page,
            `${screen.name} scrolls sideways on a phone: ${wider.sticking.join(', ')}`,
          ).toBeLessThanOrEqual(phone.width);
        } finally {
          if (desktop) await page.setViewportSize(desktop);
        }
      });
    }
  }
});
