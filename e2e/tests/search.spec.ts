import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { analyze } from '../support/axe';
import { bearer, demo, signIn } from '../support/session';

type Headers = Record<string, string>;
type SampleRow = {
  id: number;
  status: number;
  barcode: string | null;
  dnaConsent: boolean;
  customerId: number;
};

const languages = ['cs', 'en'] as const;

async function openIn(page: Page, language: (typeof languages)[number], path: string) {
  await page.evaluate((value) => localStorage.setItem('preferredLocale', value), language);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/**
 * Scans a barcode as a keyboard wedge does: its keys and Enter a few ms apart. The key events are sent
 * to the browser all at once, as real key presses (CDP `Input.dispatchKeyEvent`): typed one at a time
 * and each awaited, on a machine busy with other specs, their gaps grew past a scanner's and the app
 * rightly took them for a person typing. The screen is let settle first (`settle`), as a person
 * holds the scanner up to a screen already drawn.
 */
async function scan(page: Page, barcode: string, { settle = true } = {}) {
  if (settle) await settleScreen(page);
  const browser = await page.context().newCDPSession(page);
  const press = (key: string, code: string, keyCode: number, text: string) => [
    browser.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key,
      code,
      windowsVirtualKeyCode: keyCode,
      text,
    }),
    browser.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: keyCode }),
  ];
  await Promise.all([
    ...[...barcode].flatMap((key) =>
      /\d/.test(key)
        ? press(key, `Digit${key}`, key.charCodeAt(0), key)
        : press(key, `Key${key.toUpperCase()}`, key.toUpperCase().charCodeAt(0), key),
    ),
    ...press('Enter', 'Enter', 13, '\r'),
  ]);
  await browser.detach();
}

async function settleScreen(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

async function samplesOf(request: APIRequestContext, headers: Headers, query: string): Promise<SampleRow[]> {
  const response = await request.get(`/api/admin/samples?pageSize=100&${query}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: SampleRow[] }).items;
}

/**
 * `count` samples waiting to be received [3] with a barcode and a valid consent: the demo's, and when
 * other specs have received those, barcoded samples with consent set back to [3] by the status editor.
 */
async function samplesToReceive(request: APIRequestContext, headers: Headers, count: number) {
  const ready = (await samplesOf(request, headers, 'list=receiving')).filter(
    (s) => s.barcode && s.dnaConsent,
  );
  for (const status of [4, 11, 5, 10]) {
    if (ready.length >= count) break;
    for (const sample of await samplesOf(request, headers, `status=${status}&hasBarcode=true`)) {
      if (ready.length >= count) break;
      if (!sample.dnaConsent) continue;
      const set = await request.post('/api/admin/samples', {
        headers,
        data: { SampleId: sample.id, Status: 3 },
      });
      expect(set.status(), await set.text()).toBe(200);
      ready.push({ ...sample, status: 3 });
    }
  }
  expect(ready.length, 'samples with a barcode and consent to receive').toBeGreaterThanOrEqual(count);
  return ready.slice(0, count) as (SampleRow & { barcode: string })[];
}

test.describe('search from every screen', () => {
  for (const language of languages) {
    test(`Ctrl+K finds a customer by phone and opens them (${language})`, async ({ page, request }) => {
      const headers = await bearer(request, demo.admin);
      const list = await request.get('/api/admin/customers?pageSize=5&sort=id', { headers });
      const customer = ((await list.json()) as { items: { id: number; fullName: string; phone: string }[] })
        .items[0];
      if (!customer) throw new Error('the demo has customers');
      await signIn(page, demo.admin);
      await openIn(page, language, '/');
      await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
      await page.keyboard.press('Control+K');
      const input = page.getByTestId('search-input');
      await expect(input).toBeFocused();
      // Typed as people write phones: in threes, with the prefix.
      await input.fill(`+420 ${customer.phone.replace(/(\d{3})(?=\d)/g, '$1 ')}`);
      const hit = page.getByTestId(`search-hit-customers-${customer.id}`);
      await expect(hit).toContainText(customer.fullName);
      await expect(page.getByTestId('search-group-customers')).toContainText(
        language === 'cs' ? 'Zákazníci' : 'Customers',
      );
      // Keyboard only: down to the first hit, Enter.
      await input.press('ArrowDown');
      await input.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/customers/view/${customer.id}$`));

      // '/' opens it too, but not while typing in a field.
      await page.locator('body').press('/');
      await expect(page.getByTestId('search-input')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('search-input')).toHaveCount(0);
    });
  }

  test('reception finds samples and customers but no reports; the lab finds the reports', async ({
    page,
    request,
  }) => {
    const admin = await bearer(request, demo.admin);
    const reports = await request.get('/api/admin/products?section=results&pageSize=50', { headers: admin });
    const report = ((await reports.json()) as { items: { id: number; barcode: string | null }[] }).items.find(
      (r) => r.barcode,
    );
    if (!report?.barcode) throw new Error('the demo has a report of a barcoded sample');

    await signIn(page, demo.reception);
    await page.keyboard.press('Control+K');
    await page.getByTestId('search-input').fill(report.barcode);
    await expect(page.getByTestId('search-group-samples')).toContainText(report.barcode);
    await expect(page.getByTestId('search-group-customers')).toBeVisible();
    await expect(page.getByTestId('search-group-reports')).toHaveCount(0);
    await expect(page.locator('[data-testid^="search-hit-reports-"]')).toHaveCount(0);

    const lab = await page.context().browser()?.newPage();
    if (!lab) throw new Error('a second page');
    await signIn(lab, demo.lab);
    await lab.getByTestId('search-open').click();
    await lab.getByTestId('search-input').fill(report.barcode);
    await expect(lab.getByTestId(`search-hit-reports-${report.id}`)).toBeVisible();
    await lab.getByTestId(`search-hit-reports-${report.id}`).click();
    await expect(lab).toHaveURL(new RegExp(`/customers/products/${report.id}$`));
    await lab.close();
  });
});

test.describe('barcode scanner (keyboard wedge)', () => {
  for (const language of languages) {
    test(`a scan on the dashboard, the customers list and a report opens the sample (${language})`, async ({
      page,
      request,
    }) => {
      const headers = await bearer(request, demo.admin);
      const [sample] = (await samplesOf(request, headers, 'hasBarcode=true&status=11')).filter(
        (s) => s.barcode,
      );
      const reports = await request.get('/api/admin/products?section=results&pageSize=1', { headers });
      const [report] = ((await reports.json()) as { items: { id: number }[] }).items;
      if (!sample?.barcode || !report) throw new Error('the demo has a barcoded sample and a report');
      await signIn(page, demo.admin);

      const screens = [
        { path: '/', ready: page.getByTestId('dashboard-greeting') },
        { path: '/customers', ready: page.getByTestId('customers-table-row').first() },
        { path: `/customers/products/${report.id}`, ready: page.getByTestId('product-customer-name') },
      ];
      for (const screen of screens) {
        await openIn(page, language, screen.path);
        await expect(screen.ready).toBeVisible();
        await scan(page, sample.barcode);
        await expect(page, `a scan on ${screen.path}`).toHaveURL(
          new RegExp(`/customers/samples/view/${sample.id}$`),
        );
      }

      // A barcode no sample has: the screen stays, a toast says so.
      await openIn(page, language, '/');
      await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
      await scan(page, 'GD99999999');
      await expect(
        page.getByText(
          language === 'cs'
            ? 'Čárový kód GD99999999 nepatří žádnému vzorku.'
            : 'The barcode GD99999999 belongs to no sample.',
        ),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  for (const language of languages) {
    test(`the receive list takes a run of five scans and refuses a wrong state and an unknown code (${language})`, async ({
      page,
      request,
    }) => {
      const headers = await bearer(request, demo.admin);
      const five = await samplesToReceive(request, headers, 5);
      const [inAnalysis] = (await samplesOf(request, headers, 'hasBarcode=true&status=11')).filter(
        (s) => s.barcode,
      );
      if (!inAnalysis?.barcode) throw new Error('the demo has a barcoded sample in analysis');
      await signIn(page, demo.reception);
      await openIn(page, language, '/customers/receivingsamples');
      const input = page.getByTestId('scan-input');
      await expect(input).toBeFocused();

      // Into the scan field, one right after another: faster than the answers come.
      for (const sample of five) await scan(page, sample.barcode, { settle: false });
      const log = page.getByTestId('scan-log');
      await expect(log.locator('[data-outcome="done"]')).toHaveCount(5);
      for (const sample of five)
        await expect(log.locator('[data-outcome="done"]', { hasText: sample.barcode })).toContainText(
          language === 'cs' ? `Vzorek ${sample.id} (` : `Sample ${sample.id} (`,
        );
      await expect(page.getByTestId('scan-done-count')).toHaveText(
        language === 'cs' ? '5 zpracováno' : '5 done',
      );
      for (const sample of five) {
        const read = await request.get(`/api/admin/samples/sample?SampleId=${sample.id}`, { headers });
        expect(((await read.json()) as { status: number }).status, `sample ${sample.id}`).toBe(4);
      }

      // A sample in another state, and a code no sample has: refused, the run goes on.
      await scan(page, inAnalysis.barcode);
      const refusal = log.locator('[data-outcome="refused"]', { hasText: inAnalysis.barcode });
      await expect(refusal).toContainText(
        language === 'cs'
          ? `Vzorek ${inAnalysis.id} je ve stavu „V analýze“, akci „přijmout“ nelze provést!`
          : `Sample ${inAnalysis.id} is in the status "In analysis"; the action "receive" is not possible!`,
      );
      await scan(page, 'GD99999998');
      await expect(log.locator('[data-outcome="refused"]', { hasText: 'GD99999998' })).toBeVisible();
      // A scan while the focus is elsewhere on the list is the list's too.
      await page.getByTestId('scan-sound').focus();
      await scan(page, five[0]!.barcode);
      await expect(log.locator('[data-outcome="refused"]', { hasText: five[0]!.barcode })).toBeVisible();
      await expect(page).toHaveURL(/\/customers\/receivingsamples$/);
      await expect(page.getByTestId('scan-refused-count')).toHaveText(
        language === 'cs' ? '3 odmítnuty' : '3 refused',
      );
      expect(
        (
          (await (
            await request.get(`/api/admin/samples/sample?SampleId=${inAnalysis.id}`, { headers })
          ).json()) as { status: number }
        ).status,
      ).toBe(11);

      // The screen with its log passes axe.
      await page.waitForTimeout(250);
      const results = await analyze(page);
      const failing = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(failing.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // The start-analysis list takes scans the same way; the sound choice is kept.
      await page.getByTestId('scan-sound').check();
      await openIn(page, language, '/customers/waitingforanalysis');
      await expect(page.getByTestId('scan-sound')).toBeChecked();
      await expect(page.getByTestId('scan-input')).toBeFocused();
      await scan(page, five[1]!.barcode);
      await expect(page.getByTestId('scan-log').locator('[data-outcome="done"]')).toContainText(
        language === 'cs' ? `Vzorek ${five[1]!.id} (` : `Sample ${five[1]!.id} (`,
      );
      await expect(page.getByTestId('scan-log').locator('[data-outcome="done"]')).toContainText(
        language === 'cs' ? 'analýza zahájena' : 'analysis started',
      );
      const started = await request.get(`/api/admin/samples/sample?SampleId=${five[1]!.id}`, { headers });
      expect(((await started.json()) as { status: number }).status).toBe(11);
      await page.getByTestId('scan-sound').uncheck();
    });
  }
});
