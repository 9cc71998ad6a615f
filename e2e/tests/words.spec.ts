import { type APIRequestContext, expect, type Locator, type Page, request, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { baseURL } from '../support/base-url';
import { registerCustomer } from '../support/customers';
import { claimReport } from '../support/release';
import { bearer, demo, demoPassword, signIn, switchLanguage } from '../support/session';

/** Issue 37: words that agree with the person and the number, follow the state, and fit a phone. */

const phone = { width: 390, height: 844 };

async function adminApi(): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await request.newContext({ baseURL });
  return { api, headers: await bearer(api, demo.admin) };
}

type Registered = { id: number; email: string; name: string };

/** A customer registered at the reception and paid in cash (gender 1 a man, 2 a woman), without consent. */
async function register(
  name: string,
  surname: string,
  gender: 1 | 2,
  emailName = 'slova',
): Promise<Registered> {
  const customer = await registerCustomer({
    as: demo.admin,
    name,
    surname,
    gender,
    emailName,
    paidInCash: true,
  });
  return { id: customer.id, email: customer.email, name: customer.fullName };
}

/** No button or badge label of the page's main area is cut short. */
async function expectNothingCut(page: Page) {
  const cut = await page.locator('main').evaluate((main) =>
    Array.from(
      main.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Badge-label, .mantine-Button-root'),
    )
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `"${el.textContent}" (${el.scrollWidth} px in ${el.clientWidth} px)`),
  );
  expect(cut).toEqual([]);
}

/** The WCAG contrast of an `rgb(r, g, b)` colour against white. */
function contrastOnWhite(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

async function expectFocusRing(field: Locator) {
  await field.focus();
  const outline = await field.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
    };
  });
  expect(outline.style).toBe('solid');
  expect(outline.width).toBeGreaterThanOrEqual(2);
  expect(contrastOnWhite(outline.color)).toBeGreaterThanOrEqual(3);
}

test.describe('words that agree, follow the state and fit (issue 37)', () => {
  test('a woman is "zákaznice", a man "zákazník"; a count agrees with its noun; English points to the consent section', async ({
    page,
    browser,
  }) => {
    const woman = await register('Žofie', 'Slovná', 2);
    const man = await register('Petr', 'Slovný', 1);
    await signIn(page, demo.lab);
    await page.goto('/customers/pendingsamples');
    const search = page.getByTestId('work-list-table-search');
    const row = page.getByTestId('work-list-table-row');

    await search.fill(woman.email);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(woman.name);
    // One kit chosen: "Odeslat sadu (1)", not "Odeslat sady (1)".
    await row.getByRole('checkbox').check();
    await expect(page.getByTestId('bulk-send')).toHaveText('Odeslat sadu (1)');
    await row.getByRole('button', { name: 'Odeslat sadu' }).click();
    const refusal = page.getByText(`Zákaznice ${woman.name} nemá platný souhlas s analýzou DNA`);
    await expect(refusal).toContainText(
      'Podepsaný souhlas zaznamenejte v její kartě, v části „Souhlas s analýzou DNA“.',
    );

    await search.fill(man.email);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(man.name);
    await row.getByRole('button', { name: 'Odeslat sadu' }).click();
    await expect(page.getByText(`Zákazník ${man.name} nemá platný souhlas s analýzou DNA`)).toContainText(
      'v jeho kartě',
    );

    await switchLanguage(page, 'EN');
    await search.fill(woman.email);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(woman.name);
    await row.getByRole('checkbox').check();
    await expect(page.getByTestId('bulk-send')).toHaveText('Send kit (1)');
    await row.getByRole('button', { name: 'Send kit' }).click();
    await expect(page.getByText(`The customer ${woman.name} has no valid consent`)).toContainText(
      'Record the signed consent in the “Consent to DNA analysis” section of the customer’s page.',
    );

    // The administrator about to erase her: "zákaznici", not "zákazníka".
    const admin = await browser.newPage();
    await signIn(admin, demo.admin);
    await admin.goto(`/customers/view/${woman.id}`);
    await admin.getByTestId('customer-delete').click();
    await expect(admin.getByTestId('erase-customer-form')).toContainText(
      `Opravdu si přejete trvale vymazat zákaznici ${woman.name}?`,
    );
    await admin.goto(`/customers/view/${man.id}`);
    await admin.getByTestId('customer-delete').click();
    await expect(admin.getByTestId('erase-customer-form')).toContainText(
      `Opravdu si přejete trvale vymazat zákazníka ${man.name}?`,
    );
    await admin.close();
  });

  for (const locale of ['cs', 'en'] as const) {
    test(`an erased customer's order says only "${locale === 'cs' ? 'Vymazaný zákazník' : 'Erased customer'}", on a phone (${locale})`, async ({
      page,
    }) => {
      const customer = await register('Erika', 'Vymazaná', 2);
      const { api, headers } = await adminApi();
      const orders = await api.get(`/api/admin/orders?search=${encodeURIComponent(customer.email)}`, {
        headers,
      });
      const [order] = ((await orders.json()) as { items: { id: number; orderNumber: number }[] }).items;
      expect(order).toBeDefined();
      const erased = await api.delete(`/api/admin/customers?CustomerId=${customer.id}`, {
        headers,
        data: { Password: demoPassword, Reason: 'Žádost zákaznice o výmaz (e2e).' },
      });
      expect(erased.status(), await erased.text()).toBe(200);
      await api.dispose();

      await page.setViewportSize(phone);
      await signIn(page, demo.admin);
      if (locale === 'en') await switchLanguage(page, 'EN');
      const label = locale === 'cs' ? 'Vymazaný zákazník' : 'Erased customer';
      await page.goto(`/finances/orders/view/${order?.id}`);
      await expect(page.getByTestId('order-number')).toContainText(String(order?.orderNumber));
      const card = page.getByTestId('order-customer');
      await expect(card.getByTestId('order-customer-name')).toHaveText(label);
      // No placeholder address, no phone, nothing invented about a sample that went with the erasure.
      await expect(page.getByText(/erased\.invalid/)).toHaveCount(0);
      await expect(card).not.toContainText('@');
      await expect(page.getByTestId('order-sample-none')).toHaveCount(0);
      await expect(page.getByTestId('order-sample')).not.toContainText(
        locale === 'cs' ? 'Dokupovaný produkt' : 'additional product',
      );
      await expect(page.getByTestId('order-sample-erased')).toHaveText(label);

      await page.goto(`/finances/orders?search=${order?.orderNumber}`);
      const listed = page.getByTestId('orders-table-row');
      await expect(listed).toHaveCount(1);
      await expect(listed).toContainText(label);
      await expect(listed).not.toContainText('erased.invalid');
    });
  }

  test('after the doctor assesses a phenotype, the banner says so and the change log names the template and category (cs, en)', async ({
    page,
  }) => {
    await signIn(page, demo.doctor);
    await page.goto('/customers/products?status=1&requiresInspection=true&sort=id');
    const rows = page.getByTestId('products-table-row');
    await expect(rows.first()).toBeVisible();
    const candidates = await rows.evaluateAll((found) =>
      found.map((r) => r.getAttribute('data-row-id') ?? ''),
    );
    let id = '';
    for (const candidate of candidates) {
      await page.goto(`/customers/products/${candidate}`);
      await expect(page.getByTestId('product-overview')).toBeVisible();
      // One whose only open point is the phenotype not assessed (nothing not determined), claimed:
      // the products spec, in another worker, takes the first such reports too.
      if (
        (await page.getByTestId('product-not-assessed').count()) > 0 &&
        (await page.getByTestId('product-not-determined').count()) === 0 &&
        claimReport(candidate)
      ) {
        id = candidate;
        break;
      }
    }
    expect(id, 'a demo report with a phenotype not assessed').not.toBe('');
    const banner = page.getByTestId('product-inspection');
    await expect(banner).toContainText('některý fenotyp nemá odpovídající šablonu');

    const category = page
      .getByTestId('report-category')
      .filter({ has: page.getByTestId('category-not-assessed') });
    await expect(category.getByTestId('category-not-assessed')).toHaveText('1 neposouzený');
    await category.locator('button').first().click();
    await page
      .locator('[data-testid="report-phenotype"][data-not-assessed]')
      .getByTestId('phenotype-assess')
      .click();
    await page.locator('[data-testid^="assess-template-"]').last().click();
    await page.getByTestId('assess-submit').click();
    await expect(page.getByTestId('product-not-assessed')).toHaveCount(0);

    // The flag stays until the inspection is confirmed, but no longer says a template is missing.
    await expect(banner).not.toContainText('nemá odpovídající šablonu');
    await expect(banner).toContainText('jsou už posouzené či vyřazené ze zprávy');
    const log = page
      .getByTestId('product-change')
      .filter({ hasText: 'Přenašečství cystické fibrózy' })
      .first();
    await expect(log).toContainText('Fenotyp: Přenašečství cystické fibrózy (Reprodukční genetika)');
    await expect(log).toContainText(/šablona pro rs113993960 \S+/);
    await expect(log).not.toContainText(/šablona \d/);

    await switchLanguage(page, 'EN');
    await expect(banner).toContainText('are assessed or withheld now');
    const logEn = page.getByTestId('product-change').filter({ hasText: 'Cystic fibrosis carrier' }).first();
    await expect(logEn).toContainText('Phenotype: Cystic fibrosis carrier (Reproductive genetics)');
    await expect(logEn).toContainText(/template for rs113993960 \S+/);
    await expect(logEn).not.toContainText(/template \d/);
  });

  for (const locale of ['cs', 'en'] as const) {
    test(`the unprocessed order on a phone: hints without "left", nothing cut, one phone format, a focus ring on an invalid field (${locale})`, async ({
      page,
    }) => {
      // Unpaid: registered without the cash payment, the order waits in the unprocessed orders.
      const { api, headers } = await adminApi();
      const unpaidCustomer = await registerCustomer({
        as: demo.admin,
        surname: 'Nezaplacená',
        emailName: 'neplaceno',
        phoneStart: '778',
      });
      const email = unpaidCustomer.email;
      const found = await api.get(`/api/admin/unpaidcustomers?search=${encodeURIComponent(email)}`, {
        headers,
      });
      const [order] = ((await found.json()) as { items: { id: number }[] }).items;
      expect(order).toBeDefined();
      await api.dispose();

      await page.setViewportSize(phone);
      await signIn(page, demo.admin);
      if (locale === 'en') await switchLanguage(page, 'EN');
      await page.goto(`/unpaidcustomers/view/${order?.id}`);
      const actions = page.getByTestId('order-actions');
      await expect(actions.getByTestId('order-action-sampling-at-centre')).toBeVisible();
      // The payments are above the actions on a phone, beside them on a desk: the hint names the section.
      if (locale === 'cs') {
        await expect(actions).toContainText('v části „Platby“');
        await expect(actions).not.toContainText('vlevo');
      } else {
        await expect(actions).toContainText('in the “Payments” section');
        await expect(actions).not.toContainText('on the left');
      }
      await expectNothingCut(page);
      // The voucher code gets the card's width, its label one line.
      const code = page.getByTestId('order-voucher-code');
      const card = await page.getByTestId('order-vouchers').boundingBox();
      const field = await code.boundingBox();
      expect(field?.width ?? 0).toBeGreaterThan((card?.width ?? 0) * 0.7);

      // One phone format: the order's customer card reads as the customer's own page.
      const shown = (await page.getByTestId('order-customer-phone').textContent())?.trim() ?? '';
      expect(shown).toMatch(/^\+420 \d{3} \d{3} \d{3}$/);
      await page.goto(`/customers/view/${unpaidCustomer.id}`);
      await expect(page.getByTestId('customer-detail-phone')).toHaveText(shown);

      // A focused invalid field shows where the keyboard is.
      await page.goto(`/unpaidcustomers/view/${order?.id}`);
      await page.getByTestId('order-voucher-apply-submit').click();
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expectFocusRing(code);
      await expectAccessible(page, 'the unprocessed order on a phone');
    });
  }
  for (const locale of ['cs', 'en'] as const) {
    test(`a long name and e-mail on a phone: the row's buttons and the user's menu stay on the screen, the e-mail breaks after its "@" (${locale})`, async ({
      page,
    }) => {
      const customer = await register(
        'Maximiliána-Ferdinanda',
        'Vondráčková-Šťastná-Nepomucká',
        2,
        'maximiliana.ferdinanda.vondrackova-stastna-nepomucka',
      );
      await page.setViewportSize(phone);
      await signIn(page, demo.admin);
      if (locale === 'en') await switchLanguage(page, 'EN');
      for (const [list, rowId] of [
        ['/customers/pendingsamples', 'work-list-table-row'],
        ['/customers', 'customers-table-row'],
      ] as const) {
        await page.goto(`${list}?search=${encodeURIComponent(customer.email)}`);
        const row = page.getByTestId(rowId);
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(customer.email.split('@')[1] ?? '');
        await expect(page.locator('table[data-fit="measuring"]')).toHaveCount(0);
        const layout = await row.evaluate((tr) => {
          const box = (element: Element | null) => element?.getBoundingClientRect();
          const [local, domain] = Array.from(tr.querySelectorAll('.gd-email > span')).map(box);
          let scrolled = false;
          for (let element: Element | null = tr; element; element = element.parentElement)
            if (
              element.scrollWidth > element.clientWidth + 1 &&
              getComputedStyle(element).overflowX !== 'visible'
            )
              scrolled = true;
          return {
            name: box(tr.querySelector('td[data-row-name]')),
            actions: box(tr.querySelector('td.gd-sticky-actions')),
            local,
            domain,
            scrolled,
            menu: box(document.querySelector('[data-testid="user-menu"]')),
          };
        });
        const where = `${list} (${locale})`;
        expect(layout.scrolled, `${where}: the list scrolls sideways`).toBe(false);
        expect(layout.actions?.right ?? Infinity, `${where}: the row's buttons`).toBeLessThanOrEqual(
          phone.width,
        );
        expect(layout.name?.right ?? Infinity).toBeLessThanOrEqual((layout.actions?.left ?? 0) + 1);
        expect(layout.menu?.right ?? Infinity, `${where}: the user's menu`).toBeLessThanOrEqual(phone.width);
        // The address is longer than the row has room for: its domain starts a line of its own.
        expect(layout.domain?.top ?? 0, `${where}: the domain after the "@"`).toBeGreaterThan(
          (layout.local?.top ?? Infinity) + 1,
        );
        expect(layout.domain?.left ?? Infinity).toBeLessThanOrEqual((layout.local?.left ?? 0) + 1);
      }
    });
  }
});
