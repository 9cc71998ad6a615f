import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerCustomer } from '../support/customers';
import { demo, signIn, staffApi, switchLanguage } from '../support/session';
import { createStaffUser } from '../support/users';

/**
 * The filter fields whose text (the value chosen, or the placeholder) does not fit inside them:
 * measured in the field's own font against its inner width.
 */
function cutFilters(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) throw new Error('no canvas');
    return Array.from(document.querySelectorAll<HTMLInputElement>('main input.mantine-Select-input'))
      .map((input) => {
        const style = getComputedStyle(input);
        canvas.font = style.font;
        const text = input.value || input.placeholder;
        const room =
          input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { text, fits: canvas.measureText(text).width <= room };
      })
      .filter((field) => !field.fits)
      .map((field) => field.text);
  });
}

test.describe('screens that fit', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const lang of ['cs', 'en'] as const) {
    test(`filters show their whole labels and choices at 1280 px (${lang})`, async ({ page }) => {
      await signIn(page, demo.admin);
      if (lang === 'en') await switchLanguage(page, 'EN');
      for (const path of [
        '/templates/genecombinations',
        '/templates',
        '/customers',
        '/vouchers',
        '/finances/orders',
      ]) {
        await page.goto(path);
        await expect(page.locator('main input.mantine-Select-input').first()).toBeVisible();
        expect(await cutFilters(page), `${path} in ${lang}`).toEqual([]);
      }
      // A chosen value as long as any: "Obě pohlaví" / "Both".
      await page.goto('/templates/genecombinations');
      await page.getByTestId('filter-gender').click();
      await page.getByRole('option', { name: lang === 'cs' ? 'Obě pohlaví' : 'Both' }).click();
      await expect(page.getByTestId('filter-gender')).toHaveValue(lang === 'cs' ? 'Obě pohlaví' : 'Both');
      expect(await cutFilters(page)).toEqual([]);
    });
  }
});

/**
 * What a phone shows around a long name: how wide the page is, and the buttons of the page (its header's,
 * a detail's) whose label is cut or runs over more than one line. A list's row buttons are not among
 * them: on a phone one of several words takes two lines by design, beside any name.
 */
function squeezedButtons(page: Page) {
  return page.evaluate(() => {
    const range = document.createRange();
    const lines = (element: Element) => {
      const bottoms = new Set<number>();
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects()))
          if (rect.width > 0) bottoms.add(Math.round(rect.bottom));
      }
      return bottoms.size;
    };
    const squeezed = Array.from(document.querySelectorAll('main .mantine-Button-root'))
      .filter((button) => button.getBoundingClientRect().width > 0 && !button.closest('table'))
      .filter((button) => {
        const label = button.querySelector('.mantine-Button-label') ?? button;
        return lines(label) > 1 || label.scrollWidth > label.clientWidth + 1;
      })
      .map((button) => (button.textContent ?? '').trim());
    return { pageWidth: document.documentElement.scrollWidth, squeezed };
  });
}

/** How many lines a name's box shows (its height in its own line height). */
async function shownLines(name: Locator) {
  return name.evaluate((box) => {
    const lineHeight = Number.parseFloat(getComputedStyle(box).lineHeight);
    return Math.round(box.getBoundingClientRect().height / lineHeight);
  });
}

test.describe('a name of a hundred letters on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const lang of ['cs', 'en'] as const) {
    test(`is cut to a few lines, whole in its title, and moves no button (${lang})`, async ({ page }) => {
      const word = 'W'.repeat(100);
      // A customer whose first name is the long word (their sample waits to be sent: a list of text
      // buttons), and a user named so.
      const customer = await registerCustomer({ name: word, paidInCash: true, dnaConsent: true });
      const api = await staffApi();
      const user = await createStaffUser(api, { label: 'dlouhe-jmeno-telefon', name: word });
      await api.dispose();
      await signIn(page, demo.admin);
      if (lang === 'en') await switchLanguage(page, 'EN');

      const lists = [
        {
          path: `/customers?search=${encodeURIComponent(customer.email)}`,
          table: 'customers-table',
          name: customer.fullName,
        },
        {
          path: `/administration/users?search=${encodeURIComponent(user.email)}`,
          table: 'users-table',
          name: word,
        },
        {
          path: `/customers/pendingsamples?search=${encodeURIComponent(customer.email)}`,
          table: 'work-list-table',
          name: customer.fullName,
        },
      ];
      for (const list of lists) {
        await page.goto(list.path);
        const table = page.getByTestId(list.table);
        const row = table.getByTestId(`${list.table}-row`);
        await expect(row).toHaveCount(1);
        // The table fits the phone: the name breaks, not the table into scrolling sideways with the
        // buttons of every row squeezed to their narrowest.
        await expect(table.locator('table[data-fit]')).toHaveAttribute('data-fit', 'fits');
        const name = row.locator('.gd-long-name').first();
        await expect(name).toHaveText(list.name);
        expect(await shownLines(name), `${list.path}: the name's lines`).toBeLessThanOrEqual(3);
        await name.hover();
        await expect(name, `${list.path}: the whole name in the title`).toHaveAttribute('title', list.name);
        const found = await squeezedButtons(page);
        expect(found.pageWidth, `${list.path}: the page's width`).toBeLessThanOrEqual(375);
        expect(found.squeezed, `${list.path}: buttons squeezed`).toEqual([]);
      }

      const details = [
        { path: `/customers/view/${customer.id}`, name: customer.fullName, lines: 3 },
        { path: `/administration/users/view/${user.id}`, name: word, lines: 2 },
      ];
      for (const detail of details) {
        await page.goto(detail.path);
        const title = page.getByTestId('page-title');
        await expect(title).toBeVisible();
        const name = page.locator('main .gd-long-name').filter({ hasText: detail.name }).first();
        await expect(name).toBeVisible();
        expect(await shownLines(name), `${detail.path}: the name's lines`).toBeLessThanOrEqual(detail.lines);
        await name.hover();
        await expect(name).toHaveAttribute('title', detail.name);
        // The breadcrumb naming the record keeps to one line inside the window.
        const crumb = page.locator('.mantine-Breadcrumbs-breadcrumb').last();
        const box = await crumb.boundingBox();
        expect(
          (box?.x ?? 0) + (box?.width ?? 0),
          `${detail.path}: the breadcrumb's right edge`,
        ).toBeLessThanOrEqual(375);
        const found = await squeezedButtons(page);
        expect(found.pageWidth, `${detail.path}: the page's width`).toBeLessThanOrEqual(375);
        expect(found.squeezed, `${detail.path}: buttons squeezed`).toEqual([]);
      }
    });
  }
});
