import { readFileSync } from 'node:fs';
import { accessKindLabels } from '@genodesk/contract/access-log';
import { expect, type Page, test } from '@playwright/test';
import JSZip from 'jszip';
import { type NewCustomer, registerCustomer } from '../support/customers';
import { searchList } from '../support/lists';
import { demo, signIn, switchLanguage } from '../support/session';

const adminName = 'Alena Adminová';

const texts = {
  cs: { whoViewed: 'Kdo nahlížel', accessLog: 'Protokol přístupů', screen: 'Obrazovka: Detail zákazníka' },
  en: { whoViewed: 'Who viewed', accessLog: 'Access log', screen: 'Screen: Customer detail' },
} as const;

/**
 * Opens the detail of a customer of the test's own, found by e-mail. Not the list's newest: specs
 * beside this one register customers and erase them, and the export of one erased meanwhile is
 * refused (409), so its download never came.
 */
async function openCustomer(page: Page, own: NewCustomer): Promise<{ id: number; name: string }> {
  await page.getByTestId('nav-customers').click();
  await searchList(page, 'customers-table', own.email);
  await expect(page.getByTestId('customers-table-row')).toHaveCount(1);
  await page.getByTestId('customers-table-row').click();
  await expect(page).toHaveURL(new RegExp(`/customers/view/${own.id}$`));
  const name = (await page.getByTestId('customer-detail-name').textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  return { id: own.id, name };
}

test.describe('GDPR: who read a customer, and the customer data export', () => {
  for (const locale of ['cs', 'en'] as const) {
    test(`the administrator sees their own reads and exports a customer's data (${locale})`, async ({
      page,
    }) => {
      const text = texts[locale];
      const label = (kind: keyof typeof accessKindLabels) => accessKindLabels[kind][locale];
      const own = await registerCustomer({ surname: 'Exportovaná', emailName: 'export' });
      await signIn(page, demo.admin);
      if (locale === 'en') await switchLanguage(page, 'EN');
      const customer = await openCustomer(page, own);

      // Who viewed: this opening of the customer's screen just now, by the administrator (one entry for
      // the screen's reads of the detail, genotypes and categories).
      const section = page.getByTestId('customer-access-log');
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByRole('heading', { name: text.whoViewed })).toBeVisible();
      const rows = section.getByTestId('customer-access-log-row');
      const detailRead = rows.filter({ has: page.getByTestId('access-what').getByText(text.screen) });
      await expect(detailRead.first()).toBeVisible();
      await expect(detailRead.first().getByTestId('access-log-user')).toHaveText(adminName);

      // The data export: a ZIP with data.json about this customer, itself recorded.
      const downloading = page.waitForEvent('download');
      await page.getByTestId('customer-data-export').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^genodesk-customer-${customer.id}-.*\\.zip$`));
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      const zip = await JSZip.loadAsync(bytes);
      const dataJson = zip.file('data.json');
      expect(dataJson, 'the ZIP holds data.json').not.toBeNull();
      const data = JSON.parse((await dataJson?.async('string')) ?? '{}') as {
        format: string;
        customer: { id: number; name: string; surname: string };
      };
      expect(data.format).toBe('genodesk-customer-data-export');
      expect(data.customer.id).toBe(customer.id);
      expect(customer.name).toContain(data.customer.surname);
      const exported = rows.filter({
        has: page.getByTestId('access-kind').getByText(label('dataExport'), { exact: true }),
      });
      await expect(exported.first()).toBeVisible();

      // The whole log, filtered by kind: the export of this customer by the administrator.
      await page.getByTestId('nav-accesslog').click();
      await expect(page.getByTestId('page-title')).toHaveText(text.accessLog);
      await page.getByTestId('access-log-filter-kind').click();
      await page.getByRole('option', { name: label('dataExport'), exact: true }).click();
      await expect(page).toHaveURL(/kind=dataExport/);
      const logRows = page.getByTestId('access-log-table-row');
      await expect(logRows.first().getByTestId('access-kind')).toHaveText(label('dataExport'));
      const mine = logRows.filter({ hasText: customer.name }).filter({ hasText: adminName });
      await expect(mine.first()).toBeVisible();
      await expect(mine.first().getByTestId('access-log-customer')).toHaveAttribute(
        'href',
        `/customers/view/${customer.id}`,
      );
      await expect(
        logRows.getByTestId('access-kind').filter({ hasNotText: label('dataExport') }),
      ).toHaveCount(0);

      // From the customer's section straight to the log filtered by the customer.
      await page.goto(`/customers/view/${customer.id}`);
      await page.getByTestId('customer-access-log-all').click();
      await expect(page).toHaveURL(new RegExp(`/administration/accesslog\\?customerId=${customer.id}$`));
      await expect(page.getByTestId('access-log-filter-customer')).toHaveValue(
        `${customer.name} #${customer.id}`,
      );
      // Its own reads, named; a list another spec read meanwhile, with this customer among its rows,
      // may be newer ("53 customers").
      await expect(
        logRows.getByTestId('access-log-customer').filter({ hasText: customer.name }).first(),
      ).toHaveText(customer.name);
    });
  }

  test('is not for those without the access log permission, nor the export (it holds the access log too)', async ({
    page,
  }) => {
    const own = await registerCustomer({ surname: 'Neexportovaná', emailName: 'bezexportu' });
    await signIn(page, demo.doctor);
    await expect(page.getByTestId('nav-accesslog')).toHaveCount(0);
    await openCustomer(page, own);
    await expect(page.getByTestId('customer-detail-name')).toBeVisible();
    await expect(page.getByTestId('customer-data-export')).toHaveCount(0);
    await expect(page.getByTestId('customer-access-log')).toHaveCount(0);
    await page.goto('/administration/accesslog');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  });
});
